import { expect, test } from '@playwright/test';
import { Playground, scenario } from './fixtures/playground';

test('the example docs page embeds two independent, running playgrounds that fit their frames', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.clock.install({ time: 0 });
  await page.goto('./example.html');
  const poison = page.frameLocator('iframe#poison');
  const modes = page.frameLocator('iframe#modes');
  await expect(poison.getByRole('heading', { name: 'A poison message goes to the dead-letter queue' })).toBeVisible();
  await expect(modes.getByRole('heading', { name: 'One at a time, pipelined, or throttled' })).toBeVisible();
  // Both run on their own clocks.
  await page.clock.runFor(3_000);
  const t1 = parseFloat((await poison.getByTestId('clock').textContent())!);
  const t2 = parseFloat((await modes.getByTestId('clock').textContent())!);
  // An autoplaying embed runs through its lesson's pausing captions; the captions show.
  expect(t1).toBeGreaterThan(4); // speed 2
  expect(t2).toBeGreaterThan(1); // speed 0.5
  expect(t2).toBeLessThan(t1);
  await expect(poison.getByRole('status', { name: 'Caption' })).toContainText('order-2');
  await expect(modes.getByRole('status', { name: 'Caption' })).not.toBeEmpty();
  // Independent: pausing one leaves the other running.
  await poison.getByRole('button', { name: 'Pause', exact: true }).click();
  const frozen = await poison.getByTestId('clock').textContent();
  await page.clock.runFor(2_000);
  expect(await poison.getByTestId('clock').textContent()).toBe(frozen);
  expect(parseFloat((await modes.getByTestId('clock').textContent())!)).toBeGreaterThan(t2);
  // Read-only: watch, no controls but the clock.
  await expect(modes.getByRole('button', { name: 'Send', exact: true })).toHaveCount(0);
  await expect(modes.getByRole('button', { name: 'Receive', exact: true })).toHaveCount(0);
  await expect(poison.getByRole('button', { name: 'Receive', exact: true })).toBeVisible();
  // embed.js fitted each iframe to its content.
  await expect.poll(() => page.locator('iframe#poison').evaluate((f) => parseInt((f as HTMLIFrameElement).style.height, 10))).toBeGreaterThan(600);
  // Nothing left the page's origin.
  expect(requests.filter((u) => !u.startsWith(origin))).toEqual([]);
});

test('embed options: a preset, read-only, dark theme, start time, and no welcome notice', async ({ page }) => {
  await page.clock.install({ time: 0 });
  await page.goto('./?embed&preset=lock-expiry&readonly=1&theme=dark&start=31000');
  await expect(page.getByRole('heading', { name: 'Lock expiry and redelivery' })).toBeVisible();
  await expect(page.getByTestId('clock')).toHaveText('31.000 s');
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(18, 22, 29)');
  await expect(page.getByRole('region', { name: 'Scenario', exact: true })).toHaveCount(0);
  // No notice: the only live region is the lesson's caption.
  await expect(page.getByRole('status')).toHaveCount(1);
  await expect(page.getByRole('status', { name: 'Caption' })).toHaveCount(1);
  // Still, until told to play (autoplay is off by default in an embed).
  await page.clock.runFor(2_000);
  await expect(page.getByTestId('clock')).toHaveText('31.000 s');
  await expect(page.getByRole('button', { name: 'Open in Settle ↗' })).toBeVisible();
});

test('without embed.js an embed keeps its own height and still works', async ({ page }) => {
  await page.setContent(`<iframe id="f" src="${new URL('./?embed&preset=abandon&autoplay=1', page.url() === 'about:blank' ? test.info().project.use.baseURL : page.url())}" style="border:0" width="800" height="400"></iframe>`);
  const f = page.frameLocator('#f');
  await expect(f.getByRole('heading', { name: 'Abandon: give it back now' })).toBeVisible();
  expect(await page.locator('#f').evaluate((e) => (e as HTMLIFrameElement).getBoundingClientRect().height)).toBe(400);
});

test('the Embed button gives a one-line snippet that reproduces the current scenario and position', async ({ page, context }) => {
  const p = new Playground(page);
  await p.open(scenario([{ at_ms: 0, do: 'send', by: 'S1', id: 'm1' }], {}, { title: 'Embedded "here"' }));
  await p.receive('R1');
  await p.button(p.region('Scenario'), 'Embed').click();
  const snippet = await p.region('Scenario').getByLabel('Embed snippet').inputValue();
  const [iframe, script] = snippet.split('\n');
  expect(iframe).toMatch(/^<iframe data-settle src="http:\/\/127\.0\.0\.1:\d+\/docs\/playground\/\?embed&autoplay=1#s=[A-Za-z0-9_-]+&t=0" title="Settle: Embedded &quot;here&quot;" width="100%" height="620" style="border:0" loading="lazy"><\/iframe>$/);
  expect(script).toMatch(/^<script src="http:\/\/127\.0\.0\.1:\d+\/docs\/playground\/embed\.js"><\/script>$/);
  const host = await context.newPage();
  await host.setContent(`<!doctype html><body>${snippet}</body>`);
  const f = host.frameLocator('iframe[data-settle]');
  await expect(f.getByRole('heading', { name: 'Embedded "here"' })).toBeVisible();
  await expect(f.getByRole('list', { name: 'Held by R1' })).toContainText('m1');
});

test('with embed.js an embed follows the host page theme, and a forced theme wins', async ({ page, baseURL }) => {
  const base = baseURL!;
  await page.goto('./example.html'); // the host page's origin is the test server's
  await page.setContent(`<!doctype html><body style="background:#111">
    <iframe data-settle id="auto" src="${base}?embed&preset=abandon" width="700" height="400" style="border:0"></iframe>
    <iframe data-settle id="light" src="${base}?embed&preset=abandon&theme=light" width="700" height="400" style="border:0"></iframe>
    <script src="${base}embed.js"></script></body>`);
  const theme = (id: string) => page.frameLocator(`#${id}`).locator('html').getAttribute('data-theme');
  await expect.poll(() => theme('auto')).toBe('dark');
  expect(await theme('light')).toBe('light');
  await page.evaluate(() => { document.body.style.background = '#fafafa'; });
  await expect.poll(() => theme('auto')).toBe('light');
  expect(await theme('light')).toBe('light');
});
