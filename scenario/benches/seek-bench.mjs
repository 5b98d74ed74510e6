// Times time-travel seeks compiled to wasm32 in Node (V8, the engine behind Chromium).
// Build first: cargo build -p settle-scenario --release --example seek_bench --target wasm32-unknown-unknown
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const path = fileURLToPath(new URL('../../target/wasm32-unknown-unknown/release/examples/seek_bench.wasm', import.meta.url));
const { instance } = await WebAssembly.instantiate(readFileSync(path), {});
const { prepare, prepare_page, seek } = instance.exports;
// The core's snapshot policy, then the page's (Policy::CORE, Policy::PAGE).
for (const [policy, prep] of [['core', prepare], ['page', prepare_page]]) {
  let t0 = performance.now();
  const records = prep();
  const play = performance.now() - t0;
  // The same pseudo-random times for every run: a small LCG over 0..120000 ms.
  let x = 12345, worst = 0, total = 0, first = 0, worstAfter = 0;
  const n = 200;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const t = BigInt(x % 120000);
    t0 = performance.now();
    seek(t);
    const d = performance.now() - t0;
    worst = Math.max(worst, d);
    if (i === 0) first = d; else worstAfter = Math.max(worstAfter, d);
    total += d;
  }
  console.log(`wasm, ${policy}: records ${records}, play with snapshots ${play.toFixed(1)} ms, ${n} seeks: mean ${(total / n).toFixed(2)} ms, worst ${worst.toFixed(2)} ms (first seek ${first.toFixed(2)} ms, worst after it ${worstAfter.toFixed(2)} ms)`);
}
