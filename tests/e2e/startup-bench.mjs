// Start-up as a first visit feels it (a measurement, not a test):
//   node tests/e2e/startup-bench.mjs URL [--runs N] [--profile slow4g|none]
// Serve the release dist with `node tests/e2e/serve.mjs` (it sends brotli, as a static host
// would). Each run is a cold visit in a fresh browser context. Reports, per run and as medians:
// - FCP: first contentful paint (Paint Timing API);
// - first screen: when the page with the stage's frame is first painted (on a first visit, the
//   first screen index.html shows before the wasm, scripts/shell-page.mjs; else the app's);
// - interactive: when the playground can be used: the app's `settle:interactive` performance
//   mark, or, for builds without it, when the app's clock (not the first screen's) has a button;
// - moving stage: when the virtual clock first shows a time other than the first it showed
//   (an embed paused at its first caption never moves: "—");
// - first action: Send on the sender S1 is clicked the moment the button exists, and takes
//   effect when the timeline's legend counts one send more than before (playground only);
// - bytes transferred (encoded) before interactive.
// Profile slow4g: 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up, CPU 4x slower (Chromium's
// DevTools throttling through CDP).
import { chromium } from '@playwright/test';

const args = process.argv.slice(2);
const url = args.find((a) => !a.startsWith('--') && !/^\d+$/.test(a) && a !== 'slow4g' && a !== 'none')
  ?? 'http://127.0.0.1:4173/docs/playground/';
const opt = (name, dflt) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : dflt; };
const runs = Number(opt('--runs', 5));
const profile = opt('--profile', 'slow4g');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
// Warm the server's compression cache so the first run measures the same as the others.
{ const p = await browser.newPage(); await p.goto(url); await p.waitForTimeout(3000); await p.close(); }
const results = [];
for (let i = 0; i < runs; i++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (profile === 'slow4g') {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
  let bytes = 0;
  cdp.on('Network.loadingFinished', (e) => { bytes += e.encodedDataLength; });
  await page.addInitScript(() => {
    window.__interactive = null;
    window.__screen = null;
    window.__moving = null;
    window.__acted = null;
    const sel = '[role=group][aria-label="Clock"] button';
    // What the clock shows: the painted face's own record while a worker paints it, else the text.
    const shown = () => {
      const face = document.querySelector('.clock-readout.painted canvas.clock-face');
      if (face) return (face.getAttribute('data-shows') ?? '').split('\n')[0];
      return document.querySelector('[data-testid="clock"], .clock-time')?.textContent ?? null;
    };
    const sends = () => /(\d+) sends?/.exec(document.querySelector('.tl-legend')?.textContent ?? '')?.[1];
    let first = null;
    let before = null;
    const check = () => {
      const now = performance.now();
      // Painted: the task after the next animation frame's (the frame that lays it out and paints it).
      if (window.__screen === null && document.querySelector('canvas.stage')) {
        window.__screen = 0;
        requestAnimationFrame(() => setTimeout(() => { window.__screen = performance.now(); }));
      }
      if (window.__interactive === null) {
        const mark = performance.getEntriesByName('settle:interactive')[0];
        const button = document.querySelector(sel);
        if (mark) window.__interactive = mark.startTime;
        else if (button && !button.closest('#boot')) window.__interactive = now;
      }
      if (window.__moving === null) {
        const s = shown();
        if (first === null) first = s;
        else if (s !== null && s !== first) window.__moving = now;
      }
      if (window.__acted === null) {
        if (before === null) {
          const send = [...document.querySelectorAll('section[aria-label="Sender S1"] button')]
            .find((b) => b.textContent.trim() === 'Send');
          const n = sends();
          if (send && n !== undefined) { before = Number(n); send.click(); }
        } else if (Number(sends()) > before) window.__acted = now;
      }
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
    const po = new PerformanceObserver(check);
    po.observe({ entryTypes: ['mark'] });
  });
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__interactive !== null, null, { timeout: 120_000, polling: 50 });
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0,
    null, { timeout: 60_000, polling: 50 });
  // Bytes before the page is interactive; the moving stage and the first action may come later.
  const before = bytes;
  await page.waitForFunction(() => window.__moving !== null && window.__acted !== null, null,
    { timeout: 15_000, polling: 50 }).catch(() => {});
  const r = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    screen: window.__screen,
    interactive: window.__interactive,
    moving: window.__moving,
    acted: window.__acted,
  }));
  r.bytes = before;
  results.push(r);
  const ms = (x) => (x === null || x === undefined ? '—' : `${x.toFixed(0)} ms`);
  console.log(`run ${i + 1}: FCP ${ms(r.fcp)}, first screen ${ms(r.screen)}, interactive ${ms(r.interactive)}, moving stage ${ms(r.moving)}, first action ${ms(r.acted)}, ${(before / 1024).toFixed(1)} KiB transferred`);
  await context.close();
}
await browser.close();
// A median of the runs that saw it ("—" when none did).
const median = (xs) => {
  const s = xs.filter((x) => x !== null && x !== undefined).sort((a, b) => a - b);
  return s.length ? `${s[Math.floor(s.length / 2)].toFixed(0)} ms` : '—';
};
const of = (k) => median(results.map((r) => r[k]));
const kib = results.map((r) => r.bytes).sort((a, b) => a - b)[Math.floor(runs / 2)] / 1024;
console.log(`median of ${runs} (${profile}): FCP ${of('fcp')}, first screen ${of('screen')}, interactive ${of('interactive')}, moving stage ${of('moving')}, first action ${of('acted')}, ${kib.toFixed(1)} KiB`);
