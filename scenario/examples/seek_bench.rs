//! Time-travel seeks exported from a bare wasm module, to time them in V8:
//! `cargo build -p settle-scenario --release --example seek_bench --target wasm32-unknown-unknown`,
//! then `node scenario/benches/seek-bench.mjs`. The scenario is `scenario/benches/seek-scenario.json`
//! (about 10,000 trace records), the same one the native benchmark in
//! `cli/tests/timetravel.rs` uses.

use settle_core::Instant;
use settle_scenario::timetravel::{Policy, Timeline};
use settle_scenario::{Run, parse};
use std::cell::RefCell;

thread_local! {
    static TIMELINE: RefCell<Option<Timeline>> = const { RefCell::new(None) };
}

/// Parses the scenario and plays it to the end, taking snapshots as the core does
/// (`Policy::CORE`); returns the trace records.
#[unsafe(no_mangle)]
pub extern "C" fn prepare() -> u64 {
    prepare_with(None)
}

/// As [`prepare`], taking snapshots as the page does (`Policy::PAGE`).
#[unsafe(no_mangle)]
pub extern "C" fn prepare_page() -> u64 {
    prepare_with(Some(Policy::PAGE))
}

fn prepare_with(policy: Option<Policy>) -> u64 {
    let sc =
        parse(include_str!("../benches/seek-scenario.json")).expect("valid benchmark scenario");
    let end = sc.run_until;
    let mut tl = match policy {
        None => Timeline::new(sc),
        Some(p) => Timeline::with_run(sc.clone(), Run::new(&sc), (), p),
    };
    let mut records = 0;
    tl.play_to(end, &mut |_, _| records += 1);
    TIMELINE.with(|t| *t.borrow_mut() = Some(tl));
    records
}

/// Seeks to `t_ms`; returns the number of messages the queue holds there.
#[unsafe(no_mangle)]
pub extern "C" fn seek(t_ms: u64) -> u64 {
    TIMELINE.with(|t| {
        let mut t = t.borrow_mut();
        let tl = t.as_mut().expect("prepare first");
        tl.seek(Instant::from_millis(t_ms));
        tl.run().world().queue().len() as u64
    })
}
