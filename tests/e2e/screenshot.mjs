// Takes the README screenshot from a served dist:
//   node tests/e2e/screenshot.mjs URL OUT.png [WIDTH]
// Opens a fixed scenario with a fake clock and plays a short story, so the picture is the
// same every time.
import { chromium } from '@playwright/test';

const [url, out, width = '1280'] = process.argv.slice(2);
const scenario = {
  settle: 1, title: 'Orders under lock', seed: 3,
  description: 'R1 holds two orders while their locks run down; order-2 was abandoned once already. A malformed order went to the dead-letter queue with its reason.',
  queue: { lock_duration_ms: 30000, max_delivery_count: 3 },
  script: [
    ...[1, 2, 3, 4, 5].map((i) => ({ at_ms: 0, do: 'send', by: 'Orders', id: `order-${i}`, body: `order #${i}` })),
    { at_ms: 0, do: 'schedule', by: 'Orders', id: 'daily-report', scheduled_enqueue_ms: 60000 },
    { at_ms: 100, do: 'receive', by: 'R1', max: 2 },
    { at_ms: 2000, do: 'abandon', by: 'R1', msg: 'order-2' },
    { at_ms: 2100, do: 'receive', by: 'R2' },
    { at_ms: 3000, do: 'dead_letter', by: 'R2', msg: 'order-2', reason: 'InvalidPayload', description: 'customer id missing' },
    { at_ms: 3500, do: 'receive', by: 'R2' },
    { at_ms: 4000, do: 'defer', by: 'R2', msg: 'order-3' },
    { at_ms: 4100, do: 'receive', by: 'R1' },
  ],
};
const hash = '#s=' + Buffer.from(JSON.stringify(scenario)).toString('base64url') + '&t=0';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
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
await page.waitForTimeout(400); // entry animations run on real time
await page.screenshot({ path: out, fullPage: false });
await browser.close();
