import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { Playground, link, openPreset, paintedAt, paintedBands as bands } from './fixtures/playground';

// Documents with `entities` (topics, subscriptions, several queues) on the page.

const settle = process.env.SETTLE_BIN ?? resolve(__dirname, '../../../target/debug/settle');
const doc = (name: string) => readFileSync(resolve(__dirname, `../../../examples/entities/${name}.json`), 'utf8');

// The light theme's fills of an available token (--available-bg) and a dead one (--dead-bg).
const AVAILABLE_FILL: [number, number, number] = [0xe8, 0xf0, 0xfd];
const DEAD_FILL: [number, number, number] = [0xfd, 0xec, 0xeb];

test('topic fan-out: a copy in each subscription, in the lists, the log and on the stage', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const p = await openPreset(page, 'topic-fan-out');
  await expect(page.getByRole('heading', { name: 'Orders fan out; billing takes EU only' })).toBeVisible();
  // The lesson's first caption, as `settle lesson` prints it.
  const cli = execFileSync(settle, ['lesson', resolve(__dirname, '../../../examples/entities/topic-fan-out.json')], { encoding: 'utf8' });
  // The caption at 0 ms (the page pauses there); the sends come at 0.5 s, so that their fan-out
  // is seen.
  const caption = (t: string) => [...cli.matchAll(new RegExp(`^ {2}${t} {2}(.*?)( {2}\\[pause\\])?$`, 'gm'))].map((m) => m[1]);
  expect(caption('0:00\\.000').length).toBe(1);
  await expect(page.getByRole('status', { name: 'Caption' })).toHaveText(caption('0:00\\.000')[0]);
  // The story's clients have their forms: S1 sends to the topic, A1 and B1 receive from their
  // subscriptions (fixed by the script).
  await expect(p.sender('S1').getByLabel('To (queue or topic)')).toHaveValue('orders');
  await expect(p.receiver('A1').getByLabel('Receives from')).toHaveValue('orders/subscriptions/audit');
  await expect(p.receiver('B1').getByLabel('Receives from')).toHaveValue('orders/subscriptions/billing');
  await expect(p.receiver('B1').getByLabel('Receives from')).toBeDisabled();
  const available = p.laneItems('Available');
  await expect(available).toHaveCount(0);
  expect(await bands(page, AVAILABLE_FILL)).toEqual([]);
  // Step to 0.5 s: o1 fans out into audit and billing, o2 only into audit; caught mid-way, the
  // copies are travelling from the sender through the topic (the attribute names each id once).
  await p.clockButton('Step');
  await expect(page.getByRole('status', { name: 'Caption' })).toHaveText(caption('0:00\\.500')[0]);
  await p.runFor(150);
  const stage = page.locator('canvas.stage');
  await expect(stage).toHaveAttribute('data-moving', 'o1 o2');
  // Early in the journey the tokens are between the sender and the topic, not yet in it.
  const frames = Object.fromEntries(((await stage.getAttribute('data-places')) ?? '').split(';').map((f) => {
    const [title, r] = [f.slice(0, f.lastIndexOf(':')), f.slice(f.lastIndexOf(':') + 1)];
    const [x, y, w, h] = r.split(',').map(Number);
    return [title, { x, y, w, h }];
  }));
  const moving = await paintedAt(page, AVAILABLE_FILL);
  expect(moving, 'the travelling tokens are drawn').not.toBeNull();
  expect(moving!.x, `${JSON.stringify(moving)} from S1 ${JSON.stringify(frames.S1)} to orders ${JSON.stringify(frames.orders)}`)
    .toBeGreaterThan(frames.S1.x);
  expect(moving!.x).toBeLessThan(frames.orders.x);
  await expect(available).toHaveCount(3);
  await expect(available.filter({ hasText: 'in orders/subscriptions/audit' })).toHaveCount(2);
  await expect(available.filter({ hasText: 'in orders/subscriptions/billing' })).toHaveCount(1);
  await expect(available.filter({ hasText: 'in orders/subscriptions/billing' })).toContainText('o1');
  await expect(p.log()).toContainText('orders: o1 reached the topic: one copy each for audit, billing.');
  await expect(p.log()).toContainText('orders/subscriptions/audit: S1 sent o2: accepted and stored as seq 2.');
  // At rest on the stage: two bands of available tokens, audit's above billing's.
  await p.runFor(2_000);
  await expect(stage).toHaveAttribute('data-moving', '');
  const b = await bands(page, AVAILABLE_FILL);
  expect(b.length).toBe(2);
  expect(b[0].n).toBeGreaterThan(b[1].n * 1.5); // two tokens in audit, one in billing
  // Step to 1 s: the receivers lock their own subscription's copies.
  await p.clockButton('Step');
  await expect(p.laneItems('Locked')).toHaveCount(3);
  await expect(p.laneItems('Locked').filter({ hasText: 'locked by B1' })).toContainText('in orders/subscriptions/billing');
  await p.runFor(2_000); // the journeys to the receivers (real time; the story stays paused)
  expect(await bands(page, AVAILABLE_FILL)).toEqual([]);
  // Back to the start: nothing published yet, as at first.
  await page.getByRole('button', { name: 'Restart' }).first().click();
  await expect(available).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a message no subscription takes is dropped on the topic, visibly, for a moment', async ({ page }) => {
  const p = new Playground(page);
  await p.open(doc('rules-change'));
  await expect(p.log()).toContainText('alerts: o1 reached the topic, but no subscription takes it: dropped.');
  // The dropped token is drawn on the topic (red), at the top of the entities.
  const dead = await bands(page, DEAD_FILL);
  expect(dead.length).toBe(1);
  // It stays for 1.5 s of the story: at 1 s it is still there, at 4 s (o2 taken, o3 dropped
  // at 2 s, nothing dropped since) it is gone.
  await p.clockButton('Step');
  expect(await p.virtualTime()).toBe('1.000 s');
  expect((await bands(page, DEAD_FILL)).length).toBe(1);
  for (let i = 0; i < 3; i++) await p.clockButton('Step');
  expect(await p.virtualTime()).toBe('4.000 s');
  await p.runFor(2_000); // its fading out (real time; the story's clock stays paused)
  await expect.poll(async () => (await bands(page, DEAD_FILL)).length).toBe(0);
});

test('request/reply: the request queue and the reply queue are both on the stage', async ({ page }) => {
  const p = new Playground(page);
  await p.open(doc('request-reply'));
  const available = p.laneItems('Available');
  await expect(available).toHaveCount(1);
  await expect(available).toContainText('in requests');
  // Frames for the stage's first picture: the test's clock is paused, and time moves only by
  // runFor (the story stays paused).
  await p.runFor(500);
  const req = await bands(page, AVAILABLE_FILL);
  expect(req.length).toBe(1);
  await p.clockButton('Step'); // 1 s: Server receives req-1
  await p.clockButton('Step'); // 2 s: Server replies to replies and completes req-1
  await expect(available).toHaveCount(1);
  await expect(available).toContainText('in replies');
  await p.runFor(2_000); // the journeys (real time; the story stays paused)
  const rep = await bands(page, AVAILABLE_FILL);
  expect(rep.length).toBe(1);
  // replies sits above requests: the reply is in another band of the stage than the request.
  expect(rep[0].y1).toBeLessThan(req[0].y0);
  await expect(p.log()).toContainText('replies: Server sent rep-1');
});

test('the entity lessons are in the lesson list, and a share link of one opens it', async ({ page }) => {
  const p = new Playground(page);
  await p.open();
  const list = page.getByRole('navigation', { name: 'Lessons' });
  for (const title of ['Orders fan out; billing takes EU only', 'Request/reply with reply_to and correlation_id', 'Competing consumers on one subscription']) {
    await expect(list.getByRole('link', { name: title, exact: true })).toBeVisible();
  }
  await list.getByRole('link', { name: 'A poison copy dead-letters in one subscription while the other completes its own', exact: true }).click();
  // The playground's build that runs entities opens it, by its name.
  await expect(page).toHaveURL(/\/full\.html\?preset=poison-copy$/);
  await expect(p.receiver('Billing').getByLabel('Receives from')).toHaveValue('orders/subscriptions/billing');
  await expect(p.log()).toContainText('orders/subscriptions/');
  // A share link carries the document and the moment.
  await page.goto(link(doc('competing-consumers-subscription'), 1000));
  await expect(page.getByRole('heading', { name: 'Competing consumers on one subscription' })).toBeVisible();
  expect(await p.virtualTime()).toBe('1.000 s');
  await expect(p.laneItems('Locked').first()).toContainText('in orders/subscriptions/');
});

test('by hand in a document with entities: send to the topic, receive from a chosen subscription, dead-letter; the export replays it', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const p = new Playground(page);
  await p.open(doc('topic-fan-out'), 1500);
  expect(await p.virtualTime()).toBe('1.500 s');
  // S1 publishes p1 for the EU: a copy for audit and one for billing.
  await p.send('S1', { id: 'p1', props: 'region=eu' });
  await expect(p.log()).toContainText('orders: p1 reached the topic: one copy each for audit, billing.');
  await expect(p.laneItems('Available').filter({ hasText: 'p1' })).toHaveCount(2);
  // A new receiver receives from the first subscription until the person chooses another.
  await page.getByRole('button', { name: 'Add receiver' }).click();
  const from = p.receiver('R1').getByLabel('Receives from');
  await expect(from).toHaveValue('orders/subscriptions/audit');
  await expect(from).toBeEnabled();
  await from.selectOption('orders/subscriptions/billing');
  await expect(p.receiver('R1').getByLabel('Receive from').getByRole('option')).toHaveText(['from the subscription', 'from its dead-letter queue']);
  await p.receive('R1');
  await expect(p.heldItem('p1')).toContainText('seq 2 · delivery 1');
  await expect(p.log()).toContainText('orders/subscriptions/billing: R1 received p1 (delivery 1)');
  // One receive entity per client: fixed once it acted.
  await expect(from).toBeDisabled();
  await expect(from).toHaveValue('orders/subscriptions/billing');
  // The stage has R1's box (frames run under the fake clock only when it is moved).
  await p.runFor(500);
  await expect(page.locator('canvas.stage')).toHaveAttribute('data-places', /(^|;)R1:/);
  await p.settle('p1', 'Dead-letter');
  await expect(p.log()).toContainText('orders/subscriptions/billing: R1 dead-lettered p1');
  const dead = p.laneItems('Dead-letter queue').filter({ hasText: 'p1' });
  await expect(dead).toHaveCount(1);
  await expect(dead).toContainText('in orders/subscriptions/billing');
  await expect(p.held('R1').getByRole('listitem')).toHaveCount(0);
  // A message billing's rule does not take: a copy in audit only.
  await p.send('S1', { id: 'p2', props: 'region=us' });
  await expect(p.log()).toContainText('orders: p2 reached the topic: one copy each for audit.');
  // The export addresses the steps as the format asks; `settle run` replays the same story.
  const tools = p.region('Scenario');
  await p.button(tools, 'Export').click();
  const exported = await tools.getByLabel('Exported scenario').inputValue();
  const script = JSON.parse(exported).script as Record<string, unknown>[];
  expect(script.filter((s) => s.by === 'R1' || s.id === 'p1' || s.id === 'p2').map((s) => [s.do, s.to ?? s.from ?? null])).toEqual([
    ['send', 'orders'],
    ['receive', 'orders/subscriptions/billing'],
    ['dead_letter', null],
    ['send', 'orders'],
  ]);
  const dir = mkdtempSync(join(tmpdir(), 'settle-entities-'));
  writeFileSync(join(dir, 'export.json'), exported);
  const trace = execFileSync(settle, ['run', join(dir, 'export.json')], { encoding: 'utf8' })
    .trim().split('\n').map((l) => JSON.parse(l));
  const billing = trace.at(-1).final.entities['orders/subscriptions/billing'];
  expect(billing.dead_letter.map((m: { id: string }) => m.id)).toEqual(['p1']);
  expect(trace.filter((r) => r.event === 'dead_lettered').map((r) => [r.entity, r.t])).toEqual([['orders/subscriptions/billing', 1500]]);
  expect(errors).toEqual([]);
});

test('a sender sends to its own queue unless its form names another', async ({ page }) => {
  const p = new Playground(page);
  await p.open(doc('request-reply'));
  const to = p.sender('Client').getByLabel('To (queue or topic)');
  await expect(to).toHaveValue('requests');
  await expect(to.getByRole('option')).toHaveText(['replies', 'requests']);
  await expect(p.receiver('Server').getByLabel('Receive from').getByRole('option')).toHaveText(['from the queue', 'from the dead-letter queue']);
  await p.send('Client', { id: 'x1' });
  await expect(p.log()).toContainText('requests: Client sent x1: accepted and stored as seq 2.');
  await to.selectOption('replies');
  await p.send('Client', { id: 'x2' });
  await expect(p.log()).toContainText('replies: Client sent x2: accepted and stored as seq 1.');
  await expect(p.laneItems('Available').filter({ hasText: 'x2' })).toContainText('in replies');
});

test('another document starts each sender from its own queue again, whatever the form chose before', async ({ page }) => {
  const p = new Playground(page);
  const docOf = (queues: string[], to: string) => ({
    settle: 1, title: `To ${to}`,
    entities: Object.fromEntries(queues.map((q) => [q, { type: 'queue' }])),
    script: [{ at_ms: 0, do: 'send', by: 'S1', to, id: 'first' }],
  });
  await p.open(docOf(['a', 'b'], 'a'));
  const to = p.sender('S1').getByLabel('To (queue or topic)');
  await expect(to).toHaveValue('a');
  await to.selectOption('b');
  // A share link of another document, opened in the same page (the panel of S1 stays).
  const hash = link(docOf(['c', 'd'], 'd')).slice(2);
  await page.evaluate((h) => { location.hash = h; }, hash);
  await expect(page.getByRole('heading', { name: 'To d' })).toBeVisible();
  await expect(to).toHaveValue('d');
  await p.send('S1', { id: 'x1' });
  await expect(p.log()).toContainText('d: S1 sent x1: accepted and stored as seq 2.');
});

test("the playground's first visit carries no entities: a pasted document with them opens its build that runs them, document and all", async ({ page }) => {
  const wasm: string[] = [];
  page.on('request', (r) => { if (r.url().endsWith('_bg.wasm')) wasm.push(r.url().replace(/.*\//, '').replace(/-[0-9a-f]+_bg/, '_bg')); });
  const p = new Playground(page);
  await p.open();
  expect(wasm).toEqual(['settle-web_bg.wasm']);
  const tools = p.region('Scenario');
  await tools.getByLabel('Scenario JSON').fill(doc('request-reply'));
  await p.button(tools, 'Load').click();
  await expect(page).toHaveURL(/\/full\.html\?paused=1#s=.+&t=0$/);
  await expect(page.getByRole('heading', { name: JSON.parse(doc('request-reply')).title })).toBeVisible({ timeout: 15_000 });
  expect(wasm).toEqual(['settle-web_bg.wasm', 'settle-full_bg.wasm']);
  await expect(page.getByRole('alert')).toHaveCount(0);
  // There, a document of one queue plays too, and the page stays.
  const lessons = page.getByRole('navigation', { name: 'Lessons' });
  await lessons.getByText('Lessons and side-by-side comparisons').click();
  await lessons.getByRole('link', { name: 'A poison message goes to the dead-letter queue', exact: true }).click();
  await expect(page).toHaveURL(/\/full\.html\?preset=poison-message$/);
  await expect(page.getByRole('heading', { name: 'A poison message goes to the dead-letter queue' })).toBeVisible();
});
