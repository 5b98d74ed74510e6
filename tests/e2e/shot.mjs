import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:8790/docs/playground/';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const jobs = JSON.parse(process.argv[2]);
for (const [name, url, width, height, waitMs, theme] of jobs) {
  const ctx = await browser.newContext({ viewport: { width, height }, colorScheme: theme || 'light' });
  const page = await ctx.newPage();
  await page.goto(base + url);
  await page.waitForTimeout(waitMs);
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: false });
  await ctx.close();
}
await browser.close();
