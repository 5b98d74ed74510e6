// Screenshots of the stage at several widths, in both themes, at rest and mid-journey:
//   node tests/e2e/stage-shots.mjs URL OUTDIR [--widths 1920,1280,768,375]
// The README screenshot (docs/screenshot.png) is stage-1280-light-rest.png.
// A fixed scenario with a fake clock, so each picture is the same every time. "mid" is taken
// 240 ms (real) after the next lock expiry: the expired message is on its way back.
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';

const args = process.argv.slice(2);
const [url, out = '/tmp/stage-shots'] = args.filter((a) => !a.startsWith('--'));
const wi = args.indexOf('--widths');
const widths = (wi >= 0 ? args[wi + 1] : '1920,1280,768,375').split(',').map(Number);
mkdirSync(out, { recursive: true });
const scenario = {
  settle: 1, title: 'Orders under lock', seed: 3,
  description: 'R1 holds two orders while their locks run down; order-2 was abandoned once already. A malformed order went to the dead-letter queue with its reason.',
  queue: { lock_duration_ms: 30000, max_delivery_count: 3 },
  script: [
    ...[1, 2, 3, 4, 5, 6, 7, 8].map((i) => ({ at_ms: 0, do: 'send', by: 'Orders', id: `order-${i}`, body: `order #${i}` })),
    { at_ms: 0, do: 'schedule', by: 'Orders', id: 'daily-report', scheduled_enqueue_ms: 60000 },
    { at_ms: 100, do: 'receive', by: 'R1', max: 2 },
    { at_ms: 2000, do: 'abandon', by: 'R1', msg: 'order-2' },
    { at_ms: 2100, do: 'receive', by: 'R2' },
    { at_ms: 3000, do: 'dead_letter', by: 'R2', msg: 'order-2', reason: 'InvalidPayload', description: 'customer id missing' },
    { at_ms: 3500, do: 'receive', by: 'R2' },
    { at_ms: 4000, do: 'defer', by: 'R2', msg: 'order-3' },
    { at_ms: 4100, do: 'receive', by: 'R1' },
    { at_ms: 4200, do: 'receive', by: 'R3', max: 2 },
  ],
};
const hash = '#s=' + Buffer.from(JSON.stringify(scenario)).toString('base64url') + '&t=0';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
for (const width of widths) {
  for (const theme of ['light', 'dark']) {
    const height = width <= 400 ? 812 : width <= 800 ? 1024 : width <= 1300 ? 800 : 1080;
    const page = await browser.newPage({ viewport: { width, height }, colorScheme: theme });
    await page.clock.install({ time: 0 });
    await page.goto(url + hash);
    await page.getByRole('heading', { name: 'Settle', level: 1 }).waitFor();
    await page.clock.pauseAt(3_600_000);
    const clock = page.getByRole('group', { name: 'Clock' });
    await clock.getByRole('button', { name: 'Play', exact: true }).click();
    await page.clock.runFor(12_000);
    await clock.getByRole('button', { name: 'Pause', exact: true }).click();
    await page.getByRole('button', { name: 'Dismiss', exact: true }).click();
    await page.getByRole('list', { name: 'Held by R1' }).getByRole('button', { name: 'Inspect order-1' }).click();
    await page.mouse.move(0, 0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.clock.runFor(1_000);
    await page.screenshot({ path: `${out}/stage-${width}-${theme}-rest.png` });
    await clock.getByRole('button', { name: 'Next lock expiry', exact: true }).click();
    await page.clock.runFor(240);
    await page.screenshot({ path: `${out}/stage-${width}-${theme}-mid.png` });
    await page.close();
  }
}
await browser.close();
