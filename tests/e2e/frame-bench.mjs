// Frame cost of the playground under load, in headless Chromium (a measurement, not a test):
//   node tests/e2e/frame-bench.mjs URL
// 1,000 messages, 50 receivers holding 4 locks each, locks expiring and being re-received,
// at 1x and 10x for 5 s each. Reports the time spent in each animation-frame callback
// (simulation + reactive DOM updates) and the interval between frames.
import { chromium } from '@playwright/test';

const url = process.argv[2] ?? 'http://127.0.0.1:4173/docs/playground/';
const script = [];
for (let i = 0; i < 1000; i++) script.push({ at_ms: 0, do: 'send', by: 'S1', id: `m${i}` });
for (let r = 1; r <= 50; r++) script.push({ at_ms: 0, do: 'receive', by: `R${r}`, max: 4 });
for (let k = 1; k <= 10; k++) for (let r = 1; r <= 50; r++) script.push({ at_ms: k * 5000, do: 'receive', by: `R${r}`, max: 4 });
const scenario = { settle: 1, title: 'Load', seed: 1, queue: { lock_duration_ms: 5000, max_delivery_count: 100 }, script };
const hash = '#s=' + Buffer.from(JSON.stringify(scenario)).toString('base64url') + '&t=0';

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
await page.addInitScript(() => {
  const raf = window.requestAnimationFrame.bind(window);
  window.__frames = [];
  window.requestAnimationFrame = (cb) => raf((ts) => {
    const t0 = performance.now();
    cb(ts);
    window.__frames.push([t0, performance.now() - t0]);
  });
});
await page.goto(url + hash);
await page.getByRole('heading', { name: 'Settle', level: 1 }).waitFor();
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { n: s.length, mean: s.reduce((a, b) => a + b, 0) / s.length, p50: q(0.5), p95: q(0.95), max: s[s.length - 1] };
};
for (const speed of ['1×', '10×']) {
  await page.getByRole('group', { name: 'Clock' }).getByLabel('Speed').selectOption({ label: speed });
  await page.evaluate(() => { window.__frames = []; });
  const play = page.getByRole('group', { name: 'Clock' }).getByRole('button', { name: 'Play', exact: true });
  if (await play.count()) await play.click();
  await page.waitForTimeout(5000);
  await page.getByRole('group', { name: 'Clock' }).getByRole('button', { name: 'Pause', exact: true }).click();
  const frames = await page.evaluate(() => window.__frames);
  const cost = stats(frames.map((f) => f[1]));
  const gaps = stats(frames.slice(1).map((f, i) => f[0] - frames[i][0]));
  const counts = await page.getByTestId('lane-locked-count').textContent();
  console.log(`${speed.padEnd(4)} frame callback: mean ${cost.mean.toFixed(2)} ms, p50 ${cost.p50.toFixed(2)}, p95 ${cost.p95.toFixed(2)}, max ${cost.max.toFixed(1)} (${cost.n} frames); ` +
    `interval p50 ${gaps.p50.toFixed(1)} ms, p95 ${gaps.p95.toFixed(1)} ms; locked now ${counts}, virtual ${await page.getByTestId('clock').textContent()}`);
}
await browser.close();
