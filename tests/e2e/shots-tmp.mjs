import { chromium } from '@playwright/test';
const [,, base, out, ...langs] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const lang of langs) {
  for (const [w, h] of [[1280, 800], [375, 740]]) {
    for (const scheme of ['light', 'dark']) {
      const page = await browser.newPage({ viewport: { width: w, height: h }, colorScheme: scheme });
      await page.goto(`${base}?lang=${lang}&paused=1`);
      await page.waitForSelector('h1', { timeout: 20000 });
      await page.waitForTimeout(800);
      await page.screenshot({ path: `${out}/${lang}-${w}-${scheme}.png` });
      await page.close();
    }
  }
}
await browser.close();
