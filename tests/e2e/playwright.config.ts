import { defineConfig } from '@playwright/test';

// The release dist, served under a sub-path (docs pages host Settle under theirs).
const port = Number(process.env.PORT ?? 4173);
const base = '/docs/playground/';

export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}${base}`,
    trace: 'on-first-retry',
    launchOptions: {
      // Debian's Chromium; Playwright's own browser download is never used.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: `node serve.mjs`,
    url: `http://127.0.0.1:${port}${base}`,
    env: { PORT: String(port), SETTLE_BASE: base },
    reuseExistingServer: !process.env.CI,
    timeout: 20_000,
  },
});
