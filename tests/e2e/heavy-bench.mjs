// Heavy but legal share links, as a person opens them (a measurement, not a test):
//   node tests/e2e/heavy-bench.mjs [URL] [--runs N] [--cpu RATE]
// URL is the playground (default http://127.0.0.1:4173/docs/playground/, the release dist served
// by `node tests/e2e/serve.mjs`). Each link opens (paused, as share links do) at 100x in a fresh
// context; the bench presses Play, and after 4 s of play presses Pause where the button is and
// times how long it takes to show Play. The page reports every main-thread task over 50 ms
// (Long Tasks API) from opening on.
// Reported per link, median of the runs: the longest task, the sum of long tasks, the Pause
// latency. --cpu slows the CPU as DevTools does (default 1; the slow-4G profile uses 4).
import { chromium } from '@playwright/test';

const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : dflt; };
const url = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'))
  ?? 'http://127.0.0.1:4173/docs/playground/';
const runs = Number(opt('--runs', 3));
const cpu = Number(opt('--cpu', 1));

/** A sender of `sends` messages (all started at once) and `receivers` receivers. */
function doc(sends, receivers, outcome) {
  const actors = [{ kind: 'sender', name: 'S', count: sends, mode: 'pipelined' }];
  for (let i = 0; i < receivers; i++) {
    actors.push({ kind: 'receiver', name: `R${i}`, processing_ms: 100, ...(outcome ? { outcome } : {}) });
  }
  return JSON.stringify({ settle: 1, title: `${sends} messages`, queue: { max_delivery_count: 1000 },
    run_until_ms: 600000, actors });
}
const links = [
  ['1,000,000 messages, 50 receivers', doc(1_000_000, 50)],
  ['100,000 messages, 50 receivers', doc(100_000, 50)],
  ['10,000 messages abandoned by 50 receivers', doc(10_000, 50, 'abandon')],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const [name, text] of links) {
  const longest = [];
  const total = [];
  const pause = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    if (cpu > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    }
    await page.addInitScript(() => {
      window.__long = [];
      new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push(e.duration); })
        .observe({ type: 'longtask', buffered: true });
    });
    const fragment = `#s=${Buffer.from(text).toString('base64url')}&t=0`;
    await page.goto(`${url}?speed=100${fragment}`, { waitUntil: 'commit' });
    // A share link opens paused at its position: press Play, play 4 s, press Pause.
    const play = page.getByRole('group', { name: 'Clock' }).getByRole('button').first();
    await play.waitFor({ timeout: 120_000 });
    const shows = (label) => page.waitForFunction(
      (l) => document.querySelector('[role=group][aria-label="Clock"] button')?.textContent.trim() === l,
      label, { timeout: 120_000, polling: 10 });
    const box = await play.boundingBox();
    const press = () => page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await press();
    await shows('Pause');
    await page.waitForTimeout(4000);
    const t0 = Date.now();
    await press();
    await shows('Play');
    pause.push(Date.now() - t0);
    const long = await page.evaluate(() => window.__long);
    longest.push(Math.max(0, ...long));
    total.push(long.reduce((a, b) => a + b, 0));
    await context.close();
  }
  console.log(`${name}: longest task ${Math.round(median(longest))} ms (runs: ${longest.map(Math.round).join(', ')}), long tasks ${Math.round(median(total))} ms in all, Pause shows in ${median(pause)} ms (runs: ${pause.join(', ')})`);
}
await browser.close();
