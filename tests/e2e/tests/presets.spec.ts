import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { Playground } from './fixtures/playground';

// Playwright runs from tests/e2e (see scripts/test.sh).
const dir = resolve('../../scenario/presets');
const presets = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''));

/** Opens a preset paused, then plays it at 100× to its run_until_ms. */
async function playPreset(page: Page, name: string) {
  const doc = JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8'));
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const p = new Playground(page);
  await p.page.clock.install({ time: 0 });
  await p.page.goto(`./?preset=${name}&paused=1`);
  await expect(p.page.getByRole('heading', { name: doc.title })).toBeVisible();
  await expect(p.region('About this scenario')).toContainText(doc.description.slice(0, 40));
  await p.page.clock.pauseAt(3_600_000);
  await p.clock().getByLabel('Speed').selectOption({ label: '100×' });
  // A lesson's pausing captions stop the clock: Play again until the end.
  const end = doc.run_until_ms ?? 1000;
  for (let i = 0, now = 0; i < 20 && now < end; i++, now = parseFloat(await p.virtualTime()) * 1000) {
    await p.clockButton('Play');
    await p.runFor(Math.ceil((end - now) / 100) + 300);
  }
  if (await p.button(p.clock(), 'Pause').isVisible()) await p.clockButton('Pause');
  expect(errors).toEqual([]);
  return p;
}

test('there are presets for every concept', () => {
  expect(presets.length).toBeGreaterThanOrEqual(21);
});

for (const name of presets) {
  test(`preset ${name} loads and runs in the playground`, async ({ page }) => {
    const p = await playPreset(page, name);
    expect(await p.log().getByRole('listitem').count()).toBeGreaterThan(0);
  });
}

test('the preset picker loads a preset', async ({ page }) => {
  const p = new Playground(page);
  await p.open();
  await p.region('Scenario').getByLabel('Preset').selectOption({ label: 'Duplicate detection' });
  await p.button(p.region('Scenario'), 'Load preset').click();
  await expect(p.page.getByRole('heading', { name: 'Duplicate detection' })).toBeVisible();
});

test('send modes: 8,000 ms one at a time, 80 ms pipelined, 800 ms with ten in flight', async ({ page }) => {
  const p = await playPreset(page, 'send-modes');
  await expect(p.page.getByRole('status', { name: 'one-at-a-time activity' })).toContainText('100 accepted · 0 failed · last answer at 8.000 s');
  await expect(p.page.getByRole('status', { name: 'all-at-once activity' })).toContainText('last answer at 0.080 s');
  await expect(p.page.getByRole('status', { name: 'ten-in-flight activity' })).toContainText('last answer at 0.800 s');
});

test('fire and forget: failures nobody saw', async ({ page }) => {
  const p = await playPreset(page, 'fire-and-forget');
  await expect(p.page.getByRole('status', { name: 'Careless activity' })).toContainText('failures nobody saw');
});

test('poison message: dead-lettered by MaxDeliveryCount while the good ones complete', async ({ page }) => {
  const p = await playPreset(page, 'poison-message');
  await expect(p.laneItems('Dead-letter queue')).toHaveCount(1);
  await expect(p.laneItems('Dead-letter queue').first()).toContainText('order-2');
  await expect(p.laneItems('Dead-letter queue').first()).toContainText('MaxDeliveryCountExceeded');
  await expect(p.log()).toContainText('order-2 → dead-letter queue: its 3rd delivery was abandoned and MaxDeliveryCount is 3');
});

test('idempotent receiver: the second delivery skips the work', async ({ page }) => {
  const p = await playPreset(page, 'idempotent-receiver');
  await expect(p.log()).toContainText('Payments: already processed this MessageId: work skipped.');
  await expect(p.page.getByRole('status', { name: 'Payments activity' })).toContainText('1 duplicates skipped');
});
