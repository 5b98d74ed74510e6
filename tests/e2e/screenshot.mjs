// Takes the README screenshot (and others for review) from a served dist:
//   node tests/e2e/screenshot.mjs URL OUT.png [WIDTH]
// Plays a short, fixed story with a fake clock, so the picture is the same every time.
import { chromium } from '@playwright/test';

const [url, out, width = '1280'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
await page.clock.install({ time: 0 });
await page.goto(url);
await page.getByRole('heading', { name: 'Settle', level: 1 }).waitFor();
await page.clock.pauseAt(3_600_000);
const send = page.getByRole('region', { name: 'Sender S1' }).getByRole('button', { name: 'Send' });
const receive = page.getByRole('region', { name: 'Receiver R1' }).getByRole('button', { name: 'Receive' });
const held = page.getByRole('list', { name: 'Held by R1' });
for (let i = 0; i < 4; i++) await send.click();
await receive.click();
await receive.click();
await page.clock.runFor(8_000);
await held.getByRole('button', { name: 'Abandon' }).first().click();
await receive.click();
await held.getByRole('button', { name: 'Dead-letter' }).first().click();
await page.clock.runFor(6_000);
await page.mouse.move(0, 0);
// Let entry animations finish in real time before the picture.
await page.waitForTimeout(400);
await page.screenshot({ path: out, fullPage: true });
await browser.close();
