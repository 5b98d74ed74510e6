import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Playground } from './fixtures/playground';

// The What-if page (whatif.html, player/src/whatif/): a sweep of a scenario's settings, run in
// Web Workers, drawn as charts with a table of the figures.

// The runner built by `cargo test --workspace` (scripts/test.sh runs that first).
const settle = process.env.SETTLE_BIN ?? resolve(__dirname, '../../../target/debug/settle');

/** Sets parameter `k` (1 or 2) of the form. */
async function vary(page: Page, k: 1 | 2, setting: string, from: number, to: number, step = 1) {
  const box = page.getByRole('group', { name: k === 1 ? 'Parameter' : 'Second parameter', exact: true });
  await box.getByLabel('Setting', { exact: true }).selectOption(setting);
  await box.getByLabel('from', { exact: true }).fill(String(from));
  await box.getByLabel('to', { exact: true }).fill(String(to));
  await box.getByLabel('step', { exact: true }).fill(String(step));
}

/** Every text the status line shows from now on. */
async function watchStatus(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { said: string[] };
    w.said = [];
    const status = document.getElementById('wi-status')!;
    new MutationObserver(() => w.said.push(status.textContent ?? '')).observe(status, { childList: true, characterData: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { said: string[] }).said);
}

test('a sweep runs in workers with its progress shown, to charts with labelled axes and a legend', async ({ page }) => {
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  await page.goto('./whatif.html?sweep=consumers');
  await expect(page.getByRole('heading', { level: 1, name: 'What if: Consumers against a burst' })).toBeVisible({ timeout: 15_000 });
  // Without a second setting its range's fields are off.
  const second = page.getByRole('group', { name: 'Second parameter', exact: true });
  await expect(second.getByLabel('from', { exact: true })).toBeDisabled();
  await expect(second.getByLabel('step', { exact: true })).toBeDisabled();
  // 8 receiver counts × 25 concurrencies × 2 seeds: long enough to see it under way.
  await vary(page, 2, 'concurrency', 1, 25);
  await page.getByLabel('Runs per variant (seeds)').fill('2');
  const said = await watchStatus(page);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(/^200 variants in [\d.]+ s, in \d workers? at once$/, { timeout: 30_000 });
  const texts = await said();
  expect(texts[0]).toBe('0 of 200 variants');
  expect(texts.some((t) => /^([1-9]|[1-9]\d|1\d\d) of 200 variants$/.test(t))).toBe(true);
  expect(workers.length).toBeGreaterThanOrEqual(1);
  expect(workers.every((u) => u.endsWith('settle-whatif_loader.js'))).toBe(true);
  await expect(page.locator('#wi-progress')).toHaveAttribute('value', '200');
  // Two heat maps over both settings, each axis named, each scale's ends given.
  const chart = page.locator('#wi-chart svg');
  await expect(chart).toHaveAttribute('role', 'img');
  for (const label of ['Throughput: completions per second', 'Time from enqueue to completion, 95th percentile (ms)']) {
    await expect(chart.locator('text', { hasText: label })).toHaveCount(1);
  }
  // The rows' setting is named above each map, pointing down; the columns' under it.
  await expect(chart.locator('text', { hasText: /^↓ receivers$/ })).toHaveCount(2);
  await expect(chart.locator('text', { hasText: /^concurrency \(messages each receiver processes at once\)$/ })).toHaveCount(2);
  await expect(chart.locator('rect[data-point]')).toHaveCount(400);
  await expect(page.getByRole('table')).toBeVisible();
});

test('one parameter draws lines over it, with a legend and units; the next sweep reuses the workers', async ({ page }) => {
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  await page.goto('./whatif.html?sweep=consumers');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const chart = page.locator('#wi-chart svg');
  await expect(chart.locator('circle[data-point]')).toHaveCount(8 * 5, { timeout: 15_000 });
  const started = workers.length;
  expect(started).toBeGreaterThanOrEqual(1);
  // Again, with two seeds: the same workers run it (their wasm is not fetched again).
  await page.getByLabel('Runs per variant (seeds)').fill('2');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(chart.locator('text', { hasText: '8 variants of the scenario, 2 runs each, with different seeds · times are virtual' })).toHaveCount(1, { timeout: 15_000 });
  expect(workers.length).toBe(started);
  for (const label of ['Throughput: completions per second', 'Time from enqueue to completion (ms)', 'median', '95th percentile', 'lock expiries', 'dead-lettered']) {
    await expect(chart.locator('text', { hasText: label }).first()).toBeVisible();
  }
  await expect(chart.locator('text', { hasText: /^receivers$/ })).toHaveCount(3);
});

test('Cancel stops a sweep at once: its workers end and nothing more arrives', async ({ page }) => {
  await page.goto('./whatif.html?sweep=consumers');
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeVisible({ timeout: 15_000 });
  // 2,000 points of 20 seeds each: minutes of work.
  await vary(page, 2, 'concurrency', 1, 250);
  await page.getByLabel('Runs per variant (seeds)').fill('20');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(/^\d+ of 2000 variants$/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('status')).toHaveText(/^Cancelled after \d+ of 2000\.$/);
  const at = await page.locator('#wi-progress').getAttribute('value');
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  await page.waitForTimeout(1_500);
  await expect(page.locator('#wi-progress')).toHaveAttribute('value', at!);
  expect(Number(at)).toBeLessThan(2000);
  await expect(page.getByRole('region', { name: 'Results' })).toBeHidden();
});

test('the table and the CSV and SVG downloads are what `settle sweep` prints for the same sweep', async ({ page }) => {
  const cli = execFileSync(settle, ['sweep', 'preset:load-levelling', '--vary', 'receivers=1..6', '--vary', 'prefetch=0..10:5', '--seeds', '2'], { encoding: 'utf8' });
  await page.goto('./whatif.html?preset=load-levelling');
  await expect(page.getByRole('heading', { level: 1, name: 'What if: Load levelling under a burst' })).toBeVisible({ timeout: 15_000 });
  await vary(page, 1, 'receivers', 1, 6);
  await vary(page, 2, 'prefetch', 0, 10, 5);
  await page.getByLabel('Runs per variant (seeds)').fill('2');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const table = page.getByRole('table', { name: /Each variant's figures/ });
  await expect(table.locator('tbody tr')).toHaveCount(18, { timeout: 15_000 });
  const cells = await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) =>
    [...r.querySelectorAll('th, td')].slice(0, -1).map((c) => c.textContent).join(',')));
  expect(cells.join('\n') + '\n').toBe(cli.split('\n').slice(1).join('\n'));
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('what-if.csv');
  expect(readFileSync(await download.path(), 'utf8')).toBe(cli);
  // The SVG download is the chart `settle sweep --format svg` draws.
  const cliSvg = execFileSync(settle, ['--format', 'svg', 'sweep', 'preset:load-levelling', '--vary', 'receivers=1..6', '--vary', 'prefetch=0..10:5', '--seeds', '2'], { encoding: 'utf8' });
  const [svg] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download SVG' }).click()]);
  expect(svg.suggestedFilename()).toBe('what-if.svg');
  expect(readFileSync(await svg.path(), 'utf8')).toBe(cliSvg);
});

test('a click on a point opens that variant in the playground at its telling moment', async ({ page, context }) => {
  await page.goto('./whatif.html?sweep=consumers');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const point = page.locator('#wi-chart circle[data-point="2"]').first();
  await expect(point).toBeVisible({ timeout: 15_000 });
  const [popup] = await Promise.all([context.waitForEvent('page'), point.click()]);
  await popup.waitForLoadState();
  const url = new URL(popup.url());
  expect(url.pathname).toMatch(/\/docs\/playground\/$/);
  const t = Number(/[#&]t=(\d+)/.exec(url.hash)?.[1]);
  // Load levelling loses no lock: the moment is when the queue was longest, the burst's end.
  expect(t).toBeGreaterThan(1_000);
  expect(t).toBeLessThan(3_000);
  const p = new Playground(popup);
  await expect(p.receiver('Worker-3')).toBeVisible({ timeout: 15_000 });
  await expect(p.receiver('Worker-4')).toHaveCount(0);
  // The table's Open does the same, for keyboards.
  const open = page.getByRole('button', { name: 'Open receivers=8 in the playground' });
  const [second] = await Promise.all([context.waitForEvent('page'), open.click()]);
  await expect(new Playground(second).receiver('Worker-8')).toBeVisible({ timeout: 15_000 });
});

test('bad ranges are said in words and the last results stay', async ({ page }) => {
  await page.goto('./whatif.html?sweep=consumers');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.locator('#wi-chart circle[data-point]')).toHaveCount(40, { timeout: 15_000 });
  const run = page.getByRole('button', { name: 'Run', exact: true });
  await vary(page, 1, 'receivers', 8, 1);
  await run.click();
  await expect(page.getByRole('alert')).toHaveText('receivers: from 8 to 1 is no value at all');
  await vary(page, 1, 'receivers', 1, 8, 0);
  await run.click();
  await expect(page.getByRole('alert')).toHaveText('receivers: the step must be at least 1');
  await vary(page, 1, 'receivers', 1, 50);
  await vary(page, 2, 'prefetch', 0, 40);
  await run.click();
  await expect(page.getByRole('alert')).toHaveText('2050 variants: at most 2000 (a shorter range or a larger step)');
  await vary(page, 2, 'receivers', 1, 2);
  await run.click();
  await expect(page.getByRole('alert')).toHaveText('receivers is chosen twice');
  await page.getByRole('group', { name: 'Second parameter', exact: true }).getByLabel('Setting', { exact: true }).selectOption('');
  await vary(page, 1, 'lock_ms', 1000, 2000, 1000);
  await run.click();
  await expect(page.getByRole('alert')).toHaveText(/^lock_ms=1000: \$\.queue\.lock_duration_ms: 1000 is out of range 5000\.\.=300000/);
  await vary(page, 1, 'send_interval_ms', 10, 20, 10);
  await page.getByLabel('Runs per variant (seeds)').fill('0');
  await run.click();
  await expect(page.getByRole('alert')).toHaveText('Runs per variant: from 1 to 100');
  // The last sweep's results are still there.
  await expect(page.locator('#wi-chart circle[data-point]')).toHaveCount(40);
  await expect(page.getByRole('status')).toHaveText(/^8 variants in/);
});

test("the playground's What if… opens the scenario on the page, and one without actors says why it cannot vary", async ({ page, context }) => {
  const p = new Playground(page);
  await page.goto('./?preset=load-levelling&paused=1');
  const tools = p.region('Scenario');
  const [whatif] = await Promise.all([context.waitForEvent('page'), p.button(tools, 'What if…').click()]);
  await expect(whatif.getByRole('heading', { level: 1, name: 'What if: Load levelling under a burst' })).toBeVisible({ timeout: 15_000 });
  expect(new URL(whatif.url()).hash).toMatch(/^#s=/);
  // The welcome scenario's receiver is a person, not an actor.
  await page.goto('./?paused=1');
  const [welcome] = await Promise.all([context.waitForEvent('page'), p.button(p.region('Scenario'), 'What if…').click()]);
  await expect(welcome.getByRole('heading', { level: 1 })).toHaveText('What if: Your first lock', { timeout: 15_000 });
  await welcome.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(welcome.getByRole('alert')).toHaveText('receivers: this scenario has no automated receiver to change');
});

test('the page speaks the chosen language, and a bad address says so', async ({ page }) => {
  await page.goto('./whatif.html?sweep=prefetch&lang=cs');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Co kdyby: Předběžné načítání proti době trvání zámku', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Spustit', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(/^36 variant za \d+,\d s, v \d pracovních procesech zároveň$|^36 variant za \d+,\d s, v jednom pracovním procesu$/, { timeout: 15_000 });
  await page.goto('./whatif.html?sweep=nope');
  await expect(page.getByRole('alert')).toHaveText('There is no ready sweep called “nope”.', { timeout: 15_000 });
});
