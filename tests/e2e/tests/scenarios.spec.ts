import { expect, test } from '@playwright/test';
import { link, Playground, scenario } from './fixtures/playground';

const base = scenario([
  { at_ms: 0, do: 'send', by: 'S1', id: 'm1' },
  { at_ms: 0, do: 'send', by: 'S1', id: 'm2' },
], {}, { title: 'Shared base' });

/** What the lanes and clock show: the state a person sees. */
async function state(p: Playground) {
  const lanes: Record<string, string[]> = {};
  for (const l of ['Available', 'Locked', 'Deferred', 'Scheduled', 'Dead-letter queue']) {
    lanes[l] = await p.laneItems(l).allInnerTexts();
  }
  return { time: await p.virtualTime(), lanes, held: await p.held('R1').getByRole('listitem').allInnerTexts() };
}

test('a share link restores the scenario and the position exactly, lock tokens included', async ({ page, context }) => {
  const p = new Playground(page);
  await p.open(base);
  await p.receive('R1');
  await p.settle('m1', 'Abandon');
  await p.clockButton('Play');
  await p.runFor(1_234);
  await p.clockButton('Pause');
  await p.receive('R1');
  await p.button(p.heldItem('m1'), 'Inspect m1').click();
  const token = await p.inspector().getByRole('definition').nth(8).innerText();
  expect(token).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  const before = await state(p);
  await p.button(p.region('Scenario'), 'Share link').click();
  const url = await p.region('Scenario').getByLabel('Share link').inputValue();
  expect(url).toContain('#s=');

  const other = new Playground(await context.newPage());
  await other.page.clock.install({ time: 0 });
  await other.page.goto(url);
  await expect(other.page.getByRole('status')).toContainText('Opened a shared scenario at');
  const after = await state(other);
  expect(after.time).toBe(before.time);
  expect(after.lanes).toEqual(before.lanes);
  await expect(other.heldItem('m1')).toContainText('delivery 2');
  await other.button(other.heldItem('m1'), 'Inspect m1').click();
  await expect(other.inspector().getByRole('definition').nth(8)).toHaveText(token);
});

test('a malformed link shows its error and opens the welcome scenario instead', async ({ page }) => {
  const p = new Playground(page);
  await p.page.clock.install({ time: 0 });
  await p.page.goto('./#s=%%%not-base64&t=0');
  await expect(p.page.getByRole('alert')).toContainText('This link was not loaded: the link is damaged');
  await expect(p.page.getByRole('heading', { name: 'Your first lock' })).toBeVisible();
});

test('a link whose scenario breaks the format names the JSON path', async ({ page }) => {
  const p = new Playground(page);
  await p.page.clock.install({ time: 0 });
  await p.page.goto(link({ settle: 1, script: [{ at_ms: 0, do: 'sned', by: 'S1' }] }));
  await expect(p.page.getByRole('alert')).toContainText('error: $.script[0].do: unknown op "sned"');
});

test('a pasted malformed scenario is refused with its JSON path and the current state is kept', async ({ page }) => {
  const p = new Playground(page);
  await p.open(base);
  await p.receive('R1');
  const before = await state(p);
  const tools = p.region('Scenario');
  await tools.getByLabel('Scenario JSON').fill('{"settle": 1, "queue": {"lock_duration_ms": 10}}');
  await p.button(tools, 'Load').click();
  await expect(p.page.getByRole('alert')).toContainText('Not loaded, nothing changed. error: $.queue.lock_duration_ms: 10 is out of range 5000..=300000');
  expect(await state(p)).toEqual(before);
  await tools.getByLabel('Scenario JSON').fill('{ not json');
  await p.button(tools, 'Load').click();
  await expect(p.page.getByRole('alert')).toContainText('error: $: not valid JSON');
  expect(await state(p)).toEqual(before);
});

test('pasting a valid scenario loads it', async ({ page }) => {
  const p = new Playground(page);
  await p.open(base);
  const tools = p.region('Scenario');
  await tools.getByLabel('Scenario JSON').fill(JSON.stringify(scenario([{ at_ms: 0, do: 'send', by: 'Orders', id: 'x1' }], {}, { title: 'Pasted', description: 'From the clipboard' })));
  await p.button(tools, 'Load').click();
  await expect(p.page.getByRole('heading', { name: 'Pasted' })).toBeVisible();
  await expect(p.sender('Orders')).toBeVisible();
  await expect(p.laneItems('Available').first()).toContainText('x1');
});

test('a scenario file can be opened', async ({ page }) => {
  const p = new Playground(page);
  await p.open(base);
  await p.region('Scenario').locator('input[type=file]').setInputFiles({
    name: 'mine.json', mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(scenario([{ at_ms: 0, do: 'send', by: 'S1', id: 'file-msg' }], {}, { title: 'From a file' }))),
  });
  await expect(p.page.getByRole('heading', { name: 'From a file' })).toBeVisible();
  await expect(p.laneItems('Available').first()).toContainText('file-msg');
});

test('export records what the person did; loading the export replays it exactly', async ({ page }) => {
  const p = new Playground(page);
  await p.open(base);
  await p.receive('R1');
  await p.clockButton('Play');
  await p.runFor(2_000);
  await p.clockButton('Pause');
  await p.settle('m1', 'Defer');
  await p.send('S1', { id: 'late', body: 'b', props: 'priority=2' });
  await p.receive('R1');
  const before = await state(p);
  const tools = p.region('Scenario');
  await p.button(tools, 'Export').click();
  const text = await tools.getByLabel('Exported scenario').inputValue();
  const doc = JSON.parse(text);
  const ops = doc.script.map((s: { do: string; by: string }) => `${s.do} ${s.by}`);
  expect(ops).toEqual(['send S1', 'send S1', 'receive R1', 'defer R1', 'send S1', 'receive R1']);
  expect(doc.script[4].properties).toEqual({ priority: 2 });
  await expect(tools.getByRole('link', { name: 'Download shared-base.json' })).toHaveAttribute('href', /^data:application\/json/);
  await tools.getByLabel('Scenario JSON').fill(text);
  await p.button(tools, 'Load').click();
  await expect(p.region('About this scenario').getByRole('status')).toContainText('Loaded');
  // A loaded export opens where it was exported (its run_until_ms), paused.
  expect(await p.virtualTime()).toBe(before.time);
  expect(await state(p)).toEqual(before);
});
