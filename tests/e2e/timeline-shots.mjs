// Screenshots of the timeline and of the side-by-side view, both themes, 1280×800 and 375 wide:
//   node tests/e2e/timeline-shots.mjs URL OUTDIR
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';

const [url, out = '/tmp/timeline-shots'] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const views = [
  // A lesson halfway through, the timeline under its stage.
  ['timeline', '?preset=poison-message&paused=1&start=9000', '.stage-area'],
  ['compare', '?compare=crash-short-vs-long-lock&paused=1&start=40000', null], ['compare-stages', '?compare=crash-short-vs-long-lock&paused=1&start=40000', '.stage-area'],
  ['compare-embed', '?compare=send-modes-side-by-side&embed&start=3000', null],
];
for (const [name, query, clip] of views) {
  for (const width of [1280, 375]) {
    for (const theme of ['light', 'dark']) {
      const page = await browser.newPage({ viewport: { width, height: width > 400 ? 800 : 812 }, colorScheme: theme });
      await page.goto(url + query);
      await page.waitForSelector('.tl-track');
      await page.waitForTimeout(1200);
      const file = `${out}/${name}-${width}-${theme}.png`;
      if (clip) await page.locator(clip).screenshot({ path: file });
      else await page.screenshot({ path: file, fullPage: width < 400 });
      await page.close();
    }
  }
}
await browser.close();
