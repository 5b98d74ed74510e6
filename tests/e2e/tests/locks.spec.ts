import { expect, test } from '@playwright/test';
import { Playground, scenario, stableShot } from './fixtures/playground';

const sendAndReceive = scenario([
  { at_ms: 0, do: 'send', by: 'S1', id: 'm1', body: 'order #1' },
  { at_ms: 0, do: 'receive', by: 'R1' },
]);

test('send then receive moves the message from the queue to the receiver', async ({ page }) => {
  const p = new Playground(page);
  await p.open(scenario([]));
  await expect(p.laneItems('Available')).toHaveCount(0);
  await p.send('S1', { id: 'm1', body: 'hello' });
  await expect(p.laneItems('Available')).toHaveCount(1);
  await expect(p.laneItems('Available').first()).toContainText('m1');
  await expect(p.laneItems('Available').first()).toContainText('delivery count 0');
  await p.receive('R1');
  await expect(p.laneItems('Available')).toHaveCount(0);
  await expect(p.heldItem('m1')).toContainText('delivery 1');
  await expect(p.laneItems('Locked').first()).toContainText('locked by R1');
  await expect(p.log()).toContainText('R1 received m1 (delivery 1)');
});

test('the lock counts down in virtual time, then expires and the message comes back with delivery count 2', async ({ page }) => {
  const p = new Playground(page);
  await p.open(sendAndReceive);
  const timer = p.heldItem('m1').getByRole('timer');
  await expect(timer).toContainText('lock 5.0 s');
  await p.clockButton('Play');
  await p.runFor(2_000);
  // The lists are the stage's text mirror: while the clock runs they follow it at most twice a
  // second; pausing brings them up to date at once.
  await p.clockButton('Pause');
  await expect(timer).toContainText(/lock (2\.9|3\.0) s/);
  await p.clockButton('Play');
  await p.runFor(3_200);
  await expect(timer).toContainText('lock lost');
  // The queue card below the receivers, off screen, follows a running clock every few
  // publications; brought into view, it shows where the message is now.
  await page.getByRole('region', { name: 'Queue', exact: true }).scrollIntoViewIfNeeded();
  await expect(p.laneItems('Available').first()).toContainText('m1');
  await expect(p.laneItems('Available').first()).toContainText('delivery count 1');
  await expect(p.log()).toContainText("m1's lock expired before R1 settled it; that counts as a failed delivery (1 of 3). It is available again.");
  await p.receive('R1');
  await expect(p.heldItem('m1')).toContainText('delivery 2');
});

test('complete after the lock expired is refused with MessageLockLost and nothing else changes', async ({ page }) => {
  const p = new Playground(page);
  await p.open(sendAndReceive);
  await p.clockButton('Next lock expiry');
  await expect(p.virtualTime()).resolves.toBe('5.000 s');
  await p.runFor(100);
  await p.settle('m1', 'Complete');
  const error = p.receiver('R1').getByRole('alert');
  await expect(error).toContainText('MessageLockLost');
  await expect(error).toContainText('the lock expired');
  await expect(p.laneItems('Available')).toHaveCount(1);
  await expect(p.laneItems('Available').first()).toContainText('delivery count 1');
  await expect(p.log().getByRole('listitem').first()).toContainText('R1: MessageLockLost');
});

test('renew lock extends the lock to now plus the lock duration', async ({ page }) => {
  const p = new Playground(page);
  await p.open(sendAndReceive);
  await p.clockButton('Play');
  await p.runFor(4_000);
  await p.clockButton('Pause');
  await expect(p.heldItem('m1').getByRole('timer')).toContainText(/lock (0\.9|1\.0) s/);
  await p.settle('m1', 'Renew lock');
  await expect(p.heldItem('m1').getByRole('timer')).toContainText('lock 5.0 s');
  await expect(p.log()).toContainText('R1 renewed the lock on m1');
});

test('abandon until MaxDeliveryCount moves the message to the dead-letter queue, with the reason', async ({ page }) => {
  const p = new Playground(page);
  await p.open(scenario([{ at_ms: 0, do: 'send', by: 'S1', id: 'm1' }]));
  for (const n of [1, 2, 3]) {
    await p.receive('R1');
    await expect(p.heldItem('m1')).toContainText(`delivery ${n}`);
    await p.settle('m1', 'Abandon');
  }
  const dead = p.laneItems('Dead-letter queue');
  await expect(dead).toHaveCount(1);
  await expect(dead.first()).toContainText('MaxDeliveryCountExceeded');
  await expect(dead.first()).toContainText('Message could not be consumed after 3 delivery attempts.');
  await expect(p.laneItems('Available')).toHaveCount(0);
  await expect(p.log()).toContainText('m1 → dead-letter queue: its 3rd delivery was abandoned and MaxDeliveryCount is 3');
});

test('explicit dead-letter carries the reason and description the receiver gives, as application properties; an abandon in the dead-letter queue does not count', async ({ page }) => {
  const p = new Playground(page);
  await p.open(sendAndReceive);
  const r = await p.more('R1');
  await r.getByLabel('Dead-letter reason', { exact: true }).fill('BadFormat');
  await r.getByLabel('Dead-letter description', { exact: true }).fill('field x missing');
  await p.settle('m1', 'Dead-letter');
  const dead = p.laneItems('Dead-letter queue').first();
  await expect(dead).toContainText('BadFormat');
  await expect(dead).toContainText('field x missing');
  await expect(dead).toContainText('delivery count 0');
  // The inspector lists both among the application properties. The stage's text mirror shows
  // itself to keyboard focus, as to a keyboard user.
  const inspect = dead.getByRole('button');
  await inspect.focus();
  await inspect.press('Enter');
  const insp = p.inspector();
  await expect(insp.getByRole('heading')).toHaveText('Message m1');
  await expect(insp.getByText('Application properties', { exact: true })).toBeVisible();
  const list = insp.locator('dl[aria-labelledby]');
  await expect(list.getByRole('term')).toHaveText(['DeadLetterErrorDescription', 'DeadLetterReason']);
  await expect(list.getByRole('definition')).toHaveText(['field x missing', 'BadFormat']);
  // The broker's own fields do not repeat them.
  await expect(insp.locator('dl:not([aria-labelledby])').getByRole('term').filter({ hasText: /^DeadLetter/ })).toHaveCount(0);
  // Received from the dead-letter queue, abandoned there, received again: delivery 1 both times.
  await p.receive('R1', { dlq: true });
  await expect(p.heldItem('m1')).toContainText('delivery 1');
  await p.settle('m1', 'Abandon');
  await expect(p.log()).toContainText('R1 abandoned m1: it stays in the dead-letter queue with delivery count 0, as nothing there counts.');
  await p.receive('R1', { dlq: true });
  await expect(p.heldItem('m1')).toContainText('delivery 1');
});

test('a message that just moved is highlighted where it arrived under reduced motion, instead of travelling', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const p = new Playground(page);
  await p.open(sendAndReceive);
  await p.runFor(100);
  await p.settle('m1', 'Abandon');
  const stage = p.page.locator('canvas.stage');
  await p.runFor(100);
  await expect(stage).toHaveAttribute('data-highlight', 'm1');
  await expect(stage).toHaveAttribute('data-moving', '');
  // The text mirror marks it too, for a moment.
  await expect(p.laneItems('Available').first()).toHaveClass(/recent/);
  await p.runFor(1_500);
  await expect(stage).toHaveAttribute('data-highlight', '');
});

test('a change of place is a journey: caught mid-way, the token is between the two places', async ({ page }) => {
  const p = new Playground(page);
  await p.open(sendAndReceive);
  await p.runFor(100);
  const stage = p.page.locator('canvas.stage');
  await expect(stage).toHaveAttribute('data-moving', '');
  await p.settle('m1', 'Abandon');
  // 200 ms into a journey of about half a second: still on its way back to the queue.
  await p.runFor(200);
  await expect(stage).toHaveAttribute('data-moving', 'm1');
  // Sampled from the canvas: where m1 was (in R1) and where it is going (Available) are both
  // empty of it halfway; the picture differs from the picture at rest.
  const mid = await stableShot(stage);
  await p.runFor(800);
  await expect(stage).toHaveAttribute('data-moving', '');
  const rest = await stableShot(stage);
  expect(mid.equals(rest)).toBe(false);
});

test('at 100x the log stamps a lock expiry with the expiry\'s own virtual time', async ({ page }) => {
  const p = new Playground(page);
  // The lock runs out at 0.5 s + 5 s = 5.500 s: between two frames at 100x (1.6 s apart).
  await p.open(scenario([
    { at_ms: 0, do: 'send', by: 'S1', id: 'm1' },
    { at_ms: 500, do: 'receive', by: 'R1' },
  ]));
  await p.clock().getByLabel('Speed').selectOption({ label: '100×' });
  await p.clockButton('Play');
  await p.runFor(120);
  await p.clockButton('Pause');
  expect(parseFloat(await p.virtualTime())).toBeGreaterThan(6);
  const line = p.log().getByRole('listitem').filter({ hasText: "m1's lock expired" });
  await expect(line.locator('time')).toHaveText('5.500 s');
  await expect(p.log().getByRole('listitem').filter({ hasText: 'R1 received m1' }).locator('time')).toHaveText('0.500 s');
});

test('rows follow their messages when an earlier one is settled: each row acts on the message it shows', async ({ page }) => {
  // A receiver's rows are kept by sequence number (web/src/ui/held.rs): a row that stays keeps
  // its element (and so its focus), and a row's buttons act on the message the row shows.
  const p = new Playground(page);
  await p.open(scenario([
    { at_ms: 0, do: 'send', by: 'S1', id: 'm1' },
    { at_ms: 0, do: 'send', by: 'S1', id: 'm2' },
    { at_ms: 0, do: 'send', by: 'S1', id: 'm3' },
    { at_ms: 0, do: 'receive', by: 'R1', max: 3 },
  ]));
  const rows = p.receiver('R1').getByRole('list', { name: 'Held by R1' }).getByRole('listitem');
  await expect(rows).toHaveCount(3);
  await rows.nth(1).evaluate((el) => { (el as HTMLElement).dataset.probe = 'the row of m2'; });
  await p.settle('m1', 'Complete');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAccessibleName('m2 held');
  await expect(rows.nth(0)).toHaveAttribute('data-probe', 'the row of m2');
  await expect(rows.nth(0)).toContainText('seq 2 · delivery 1');
  await expect(rows.nth(1)).toHaveAccessibleName('m3 held');
  // The first row now shows m2: its Dead-letter moves m2, not m1 or m3.
  await rows.nth(0).getByRole('button', { name: 'Dead-letter' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toHaveAccessibleName('m3 held');
  await expect(p.laneItems('Dead-letter queue')).toHaveCount(1);
  await expect(p.laneItems('Dead-letter queue').first()).toContainText('m2');
  await expect(p.log().getByRole('listitem').first()).toContainText('m2');
  await expect(p.log().getByRole('listitem').nth(1)).toContainText('R1 completed m1');
  // The inspector opens the message the row shows.
  await rows.nth(0).getByRole('button', { name: 'Inspect m3' }).click();
  await expect(page.getByRole('region', { name: 'Message inspector' }).getByRole('heading')).toHaveText('Message m3');
});

test('while the clock runs, a lock bar scrolled into view shows the time left now', async ({ page }) => {
  // The bars are drawn outside the rows' reactive views, and while the clock runs only those
  // on screen (the frame budget, docs/perf/frame-cost.md): one scrolled into view is brought up to date at once.
  await page.setViewportSize({ width: 1280, height: 800 });
  const names = Array.from({ length: 12 }, (_, i) => `R${i + 1}`);
  const script: unknown[] = names.map((_, i) => ({ at_ms: 0, do: 'send', by: 'S1', id: `m${i + 1}` }));
  for (const r of names) script.push({ at_ms: 0, do: 'receive', by: r });
  const p = new Playground(page);
  await p.open(scenario(script, { lock_duration_ms: 60_000 }));
  await page.evaluate(() => window.scrollTo(0, 0));
  const timer = p.heldItem('m12', 'R12').getByRole('timer');
  await expect(timer).toContainText('lock 60.0 s');
  expect(await timer.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(800 + 200);
  await p.clockButton('Play');
  await p.runFor(4_200);
  // Off screen, it was not redrawn while the clock ran (its panel is out of view).
  await expect(timer).toHaveText('lock 60.0 s');
  await timer.scrollIntoViewIfNeeded();
  await p.runFor(100);
  // Running, the clock past 4 s: about 55.x s left of the 60 s lock.
  expect(parseFloat(await p.virtualTime())).toBeGreaterThan(4);
  await expect(timer).toContainText(/lock 5[56]\.\d s/);
  await expect(p.clock().getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
});

test('the queue card off screen follows a running clock only every few publications, and at once when it comes into view', async ({ page }) => {
  // The frame budget (docs/perf/frame-cost.md): patching lists nobody can see was much of each publication. The
  // card below the receivers is off screen at 1280x800; the stage above shows the same story.
  await page.setViewportSize({ width: 1280, height: 800 });
  const p = new Playground(page);
  await p.open(scenario([
    { at_ms: 0, do: 'send', by: 'S1', id: 'm1' },
    { at_ms: 100, do: 'receive', by: 'R1' },
  ], { lock_duration_ms: 60_000 }));
  await page.evaluate(() => window.scrollTo(0, 0));
  const card = page.getByRole('region', { name: 'Queue', exact: true });
  expect(await card.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(800 + 400);
  await expect(p.laneItems('Available')).toHaveCount(1);
  await p.clockButton('Play');
  await p.runFor(600);
  await expect(p.heldItem('m1')).toBeVisible();
  // R1's panel (on screen) follows; the card off screen still shows m1 available.
  await expect(p.laneItems('Available')).toHaveCount(1);
  await expect(p.laneItems('Locked')).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await expect(p.laneItems('Locked')).toHaveCount(1);
  await expect(p.laneItems('Available')).toHaveCount(0);
  await expect(p.clock().getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
});

test('a held row that holds the focus is not reused for another message when its own leaves', async ({ page }) => {
  // Rows that leave are reused for new ones (player/src/paint/rows.rs), but not one holding the focus:
  // a focused button would otherwise act on a message it was not focused for.
  const p = new Playground(page);
  await p.open(scenario([
    { at_ms: 0, do: 'send', by: 'S1', id: 'm1' },
    { at_ms: 0, do: 'send', by: 'S1', id: 'm2' },
    { at_ms: 0, do: 'receive', by: 'R1' },
    { at_ms: 1000, do: 'complete', by: 'R1', msg: 'm1' },
    { at_ms: 1000, do: 'receive', by: 'R1' },
  ]));
  const rows = p.receiver('R1').getByRole('list', { name: 'Held by R1' }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAccessibleName('m1 held');
  await rows.first().evaluate((el) => { (el as HTMLElement).dataset.probe = 'the row of m1'; });
  await rows.first().getByRole('button', { name: 'Defer' }).focus();
  // Play without moving the focus (a click would take it).
  await p.clock().getByRole('button', { name: 'Play', exact: true }).evaluate((b) => (b as HTMLButtonElement).click());
  await p.runFor(1_200);
  await p.clock().getByRole('button', { name: 'Pause', exact: true }).evaluate((b) => (b as HTMLButtonElement).click());
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAccessibleName('m2 held');
  // m2's row is not m1's element, and the focus is not on one of m2's buttons.
  await expect(rows.first()).not.toHaveAttribute('data-probe', 'the row of m1');
  expect(await rows.first().evaluate((el) => el.contains(document.activeElement))).toBe(false);
});

test('a receiver panel off screen catches up when it comes into view while the clock runs, and every panel when it stops', async ({ page }) => {
  // Twenty receivers each take one message at 1 s. While the clock runs, panels far off screen
  // follow four per publication, in turns; scrolled into view, one is brought up to date at
  // once (no publication in between: the fake clock stands still while we look).
  const script: unknown[] = [];
  for (let i = 1; i <= 20; i++) script.push({ at_ms: 0, do: 'send', by: 'S1', id: `m${i}` });
  for (let r = 1; r <= 20; r++) script.push({ at_ms: 1000, do: 'receive', by: `R${r}` });
  const p = new Playground(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await p.open(scenario(script, { lock_duration_ms: 60_000 }));
  await p.clockButton('Play');
  await p.runFor(1_600);
  const last = p.receiver('R20');
  await expect(p.virtualTime()).resolves.toMatch(/^1\.[5-6]\d\d s$/);
  // Far below the fold, not followed yet (read without scrolling: the DOM as it stands).
  expect(await last.evaluate((el) => el.getBoundingClientRect().top - window.innerHeight)).toBeGreaterThan(400);
  await expect(p.held('R20').getByRole('listitem')).toHaveCount(0);
  await last.evaluate((el) => el.scrollIntoView());
  await expect(p.held('R20').getByRole('listitem')).toHaveCount(1);
  await expect(p.held('R20').getByRole('listitem')).toContainText('delivery 1');
  // Stopping the clock brings every panel up to date, seen or not.
  await page.evaluate(() => window.scrollTo(0, 0));
  await p.clockButton('Pause');
  for (const r of [5, 10, 15, 19]) await expect(p.held(`R${r}`).getByRole('listitem')).toHaveCount(1);
});
