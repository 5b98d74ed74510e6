// The What-if page's sweep as a person runs it (a measurement, not a test):
//   node tests/e2e/sweep-bench.mjs URL [--runs N] [--concurrency C]
// URL is the dist's directory as served (`node tests/e2e/serve.mjs`). Each run opens
// whatif.html?sweep=consumers, asks for 8 receiver counts × C concurrencies (25 by default: 200
// variants of load levelling, one seed each), presses Run and reads the time and the number of
// workers the page reports when the last row is in. `settle sweep` does the same natively:
//   time settle sweep preset:load-levelling --vary receivers=1..8 --vary concurrency=1..25
import { chromium } from '@playwright/test';

const args = process.argv.slice(2);
const url = args.find((a) => !a.startsWith('--') && !/^\d+$/.test(a)) ?? 'http://127.0.0.1:4173/docs/playground/';
const opt = (name, dflt) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : dflt; };
const runs = Number(opt('--runs', 3));
const concurrency = Number(opt('--concurrency', 25));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const times = [];
for (let i = 0; i < runs; i++) {
  const page = await browser.newPage();
  await page.goto(new URL('whatif.html?sweep=consumers', url).href);
  const second = page.getByRole('group', { name: 'Second parameter', exact: true });
  await second.getByLabel('Setting', { exact: true }).selectOption('concurrency');
  await second.getByLabel('from', { exact: true }).fill('1');
  await second.getByLabel('to', { exact: true }).fill(String(concurrency));
  await second.getByLabel('step', { exact: true }).fill('1');
  const t0 = await page.evaluate(() => performance.now());
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page.getByRole('status').filter({ hasText: /variants in/ }).waitFor({ timeout: 120_000 });
  const t1 = await page.evaluate(() => performance.now());
  const said = await page.getByRole('status').textContent();
  times.push(t1 - t0);
  console.log(`run ${i + 1}: ${(t1 - t0).toFixed(0)} ms from the click to the chart; the page says "${said}"`);
  await page.close();
}
await browser.close();
const s = [...times].sort((a, b) => a - b);
console.log(`median of ${runs}: ${s[Math.floor(runs / 2)].toFixed(0)} ms for ${8 * concurrency} variants`);
