//! The benchmark workload exported from a bare wasm module:
//! `cargo build -p settle-core --release --example wasm_bench --target wasm32-unknown-unknown`,
//! then `node core/benches/wasm-bench.mjs`.

/// Runs the workload; returns the number of broker events.
#[unsafe(no_mangle)]
pub extern "C" fn run(messages: u64, receivers: u32, seed: u64) -> u64 {
    settle_core::workload::run(messages, receivers, seed).events
}
