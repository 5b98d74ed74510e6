import { chromium } from '@playwright/test';
const [url, out, w, h, theme] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: +w, height: +h }, colorScheme: theme ?? 'light' });
await page.goto(url);
await page.getByRole('heading', { name: 'Settle', level: 1 }).waitFor();
await page.waitForTimeout(+(process.env.WAIT ?? 2500));
await page.screenshot({ path: out });
await browser.close();
