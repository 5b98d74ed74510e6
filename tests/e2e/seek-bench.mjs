// The page's seek time in wasm, in Chromium: the scenario of scenario/benches/seek-scenario.json
// (about 10,000 trace records) opened at its end, then 200 seeks by pointer on the timeline to
// the same pseudo-random times as the native benchmarks, each timed around the event dispatch
// (the seek, the new snapshot of the page and its DOM updates run inside it).
//   node tests/e2e/seek-bench.mjs URL
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';

const [url] = process.argv.slice(2);
const text = readFileSync(new URL('../../scenario/benches/seek-scenario.json', import.meta.url), 'utf8');
const end = JSON.parse(text).run_until_ms;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
const t0 = Date.now();
await page.goto(`${url}#s=${Buffer.from(text).toString('base64url')}&t=${end}`);
const slider = page.getByRole('slider', { name: 'Virtual time' });
await page.waitForFunction((end) => document.querySelector('[role=slider]')?.getAttribute('aria-valuenow') === String(end), end, { timeout: 120_000 });
const load = Date.now() - t0;
const figures = await slider.evaluate((el, end) => {
  const r = el.getBoundingClientRect();
  const max = Number(el.getAttribute('aria-valuemax'));
  let x = 12345;
  const times = [];
  for (let i = 0; i < 200; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const t = x % (end + 1);
    const clientX = r.left + (t / max) * el.clientWidth;
    const opts = { clientX, clientY: r.top + 5, bubbles: true, pointerId: 1 };
    const s = performance.now();
    el.dispatchEvent(new PointerEvent('pointerdown', opts));
    el.dispatchEvent(new PointerEvent('pointerup', opts));
    times.push(performance.now() - s);
  }
  return times;
}, end);
const mean = figures.reduce((a, b) => a + b, 0) / figures.length;
const sorted = [...figures].sort((a, b) => a - b);
console.log(`page seeks in Chromium (wasm): opened at the end in ${load} ms; 200 seeks: mean ${mean.toFixed(1)} ms, median ${sorted[100].toFixed(1)} ms, p95 ${sorted[190].toFixed(1)} ms, worst ${sorted[199].toFixed(1)} ms`);
await browser.close();
