// Times the benchmark workload compiled to wasm32 in Node (V8, the engine behind Chromium).
// Build first: cargo build -p settle-core --release --example wasm_bench --target wasm32-unknown-unknown
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const path = fileURLToPath(new URL('../../target/wasm32-unknown-unknown/release/examples/wasm_bench.wasm', import.meta.url));
const { instance } = await WebAssembly.instantiate(readFileSync(path), {});
const run = instance.exports.run;
console.log(`wasm module ${(readFileSync(path).length / 1024).toFixed(1)} KiB`);
console.log('  messages receivers       events    seconds    M ev/s    ns/event');
for (const m of [10_000n, 100_000n, 1_000_000n]) {
  let best = Infinity, events = 0n;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    events = run(m, 1000, 7n);
    best = Math.min(best, (performance.now() - t0) / 1000);
  }
  const ev = Number(events);
  console.log(`${String(m).padStart(10)} ${'1000'.padStart(9)} ${String(ev).padStart(12)} ${best.toFixed(3).padStart(10)} ${(ev / best / 1e6).toFixed(2).padStart(9)} ${(best * 1e9 / ev).toFixed(1).padStart(11)}`);
}
