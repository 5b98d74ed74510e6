import { expect, test } from '@playwright/test';
import { Playground, scenario } from './fixtures/playground';

test('play, pause and speed drive virtual time against real time', async ({ page }) => {
  const p = new Playground(page);
  await p.open(scenario([]));
  await expect(p.virtualTime()).resolves.toBe('0.000 s');
  await p.clockButton('Play');
  // A running clock's readout follows ten times a second (the frame budget, docs/perf/frame-cost.md): it shows
  // the virtual time of at most 100 ms and a frame of real time ago.
  const shows = async (virtual: number, speed: number, within: number) => {
    const v = parseFloat(await p.virtualTime());
    expect(v).toBeLessThanOrEqual(virtual + within);
    expect(v).toBeGreaterThanOrEqual(virtual - within - speed * 0.12);
  };
  await p.runFor(1_000);
  await shows(1.0, 1, 0.02);
  await p.clock().getByLabel('Speed').selectOption({ label: '10×' });
  await p.runFor(1_000);
  await shows(11.0, 10, 0.5);
  await p.clock().getByLabel('Speed').selectOption({ label: '0.1×' });
  await p.runFor(1_000);
  await shows(11.1, 0.1, 0.5);
  await p.clockButton('Pause');
  const t = await p.virtualTime();
  await p.runFor(5_000);
  expect(await p.virtualTime()).toBe(t);
  await expect(p.clock()).toContainText('real');
});

test('step jumps to the next thing that happens on its own', async ({ page }) => {
  const p = new Playground(page);
  await p.open(scenario([
    { at_ms: 0, do: 'send', by: 'S1', id: 'm1' },
    { at_ms: 0, do: 'receive', by: 'R1' },
    { at_ms: 2000, do: 'send', by: 'S1', id: 'm2' },
  ]));
  await p.clockButton('Step');
  await expect(p.virtualTime()).resolves.toBe('2.000 s');
  await expect(p.laneItems('Available').first()).toContainText('m2');
  await p.clockButton('Step');
  await expect(p.virtualTime()).resolves.toBe('5.000 s');
  await expect(p.heldItem('m1').getByRole('timer')).toContainText('lock lost');
});

test('a step that lands on a scripted receive which finds nothing says so in the log', async ({ page }) => {
  const p = new Playground(page);
  await p.open(scenario([
    { at_ms: 0, do: 'send', by: 'S1', id: 'm1' },
    { at_ms: 0, do: 'receive', by: 'R1' },
    { at_ms: 1000, do: 'receive', by: 'R2' },
  ]));
  await p.clockButton('Step');
  await expect(p.virtualTime()).resolves.toBe('1.000 s');
  await expect(p.log().getByRole('listitem').first()).toContainText('R2 asked for a message: nothing was available.');
});

test('next lock expiry is disabled when no lock is held', async ({ page }) => {
  const p = new Playground(page);
  await p.open(scenario([{ at_ms: 0, do: 'send', by: 'S1', id: 'm1' }]));
  await expect(p.button(p.clock(), 'Next lock expiry')).toBeDisabled();
  await p.receive('R1');
  await expect(p.button(p.clock(), 'Next lock expiry')).toBeEnabled();
});

test('senders and receivers can be added and removed; a removed receiver\'s locks run on until they expire (format v1.1)', async ({ page }) => {
  const p = new Playground(page);
  await p.open(scenario([{ at_ms: 0, do: 'send', by: 'S1', id: 'm1' }, { at_ms: 0, do: 'send', by: 'S1', id: 'm2' }]));
  await p.button(p.region('Receivers'), 'Add receiver').click();
  await p.receive('R2');
  await p.receive('R1');
  await expect(p.heldItem('m1', 'R2')).toBeVisible();
  await expect(p.heldItem('m2', 'R1')).toBeVisible();
  await (await p.more('R2')).getByRole('button', { name: 'Remove receiver R2' }).click();
  await expect(p.receiver('R2')).toHaveCount(0);
  await expect(p.log()).toContainText('R2 closed its receiver; m1 stays locked until');
  await expect(p.laneItems('Available')).toHaveCount(0);
  await p.clockButton('Next lock expiry');
  await expect(p.laneItems('Available').first()).toContainText('m1');
  await p.button(p.region('Senders'), 'Add sender').click();
  await p.send('S2', { id: 'from-s2' });
  await expect(p.log()).toContainText('S2 sent from-s2');
  await p.sender('S2').getByRole('button', { name: 'Remove sender S2' }).click();
  await expect(p.sender('S2')).toHaveCount(0);
});

test('the send form: TTL, schedule and properties; the inspector shows every property', async ({ page }) => {
  const p = new Playground(page);
  await p.open(scenario([], { dead_letter_on_expiration: true }));
  await p.send('S1', { id: 'later', body: 'tick', delay: '3000', props: 'kind=reminder\nn=3' });
  await expect(p.laneItems('Scheduled').first()).toContainText('due at 3.000 s');
  await p.send('S1', { id: 'short', body: 'x', ttl: '1000', delay: '' });
  await p.clockButton('Step');
  await expect(p.laneItems('Available')).toContainText(['short', 'later']);
  await expect(p.log()).toContainText('later reached its scheduled time and became active with a new sequence number 3 (it was 1)');
  await p.receive('R1');
  // "short" expired at 1 s; the receive collected it into the dead-letter queue and got "later".
  await expect(p.laneItems('Dead-letter queue').first()).toContainText('TTLExpiredException');
  await expect(p.heldItem('later')).toBeVisible();
  await p.button(p.heldItem('later'), 'Inspect later').click();
  const insp = p.inspector();
  await expect(insp.getByRole('heading')).toHaveText('Message later');
  for (const text of ['SequenceNumber', '3', 'locked by R1', 'ScheduledEnqueueTime', 'LockToken']) {
    await expect(insp).toContainText(text);
  }
  // The application properties, one row each.
  const app = insp.locator('dl[aria-labelledby]');
  await expect(app.getByRole('term')).toHaveText(['kind', 'n']);
  await expect(app.getByRole('definition')).toHaveText(['reminder', '3']);
});

test('a send the form cannot build is refused where it happened', async ({ page }) => {
  const p = new Playground(page);
  await p.open(scenario([]));
  await p.send('S1', { id: 'bad', ttl: 'soon' });
  await expect(p.sender('S1').getByRole('alert')).toContainText('TTL: "soon" is not a whole number of milliseconds');
  await expect(p.laneItems('Available')).toHaveCount(0);
});

test('changing queue settings loses every lock, as the broker does', async ({ page }) => {
  const p = new Playground(page);
  await p.open(scenario([{ at_ms: 0, do: 'send', by: 'S1', id: 'm1' }, { at_ms: 0, do: 'receive', by: 'R1' }]));
  const s = p.region('Queue settings');
  await s.getByLabel('Max delivery count').fill('5');
  await p.button(s, 'Apply settings').click();
  await expect(p.log()).toContainText("R1 held it while the queue's settings changed, so its lock on m1 is gone; delivery count 1 of 5.");
  await expect(p.region('Queue')).toContainText('max delivery count 5');
  await expect(p.heldItem('m1').getByRole('timer')).toContainText('lock lost');
  await s.getByLabel('Lock duration (ms, 5000–300000)').fill('100');
  await p.button(s, 'Apply settings').click();
  await expect(s.getByRole('alert')).toContainText('lock_duration_ms: 100 is out of range 5000..=300000');
});

test('sessions: accept, ordered delivery under the session lock, SessionLockLost after it expires', async ({ page }) => {
  const p = new Playground(page);
  await p.open(scenario([
    { at_ms: 0, do: 'send', by: 'S1', id: 'a1', session_id: 'A' },
    { at_ms: 0, do: 'send', by: 'S1', id: 'b1', session_id: 'B' },
    { at_ms: 0, do: 'send', by: 'S1', id: 'a2', session_id: 'A' },
  ], { requires_session: true }));
  await p.receive('R1');
  await expect(p.receiver('R1').getByRole('alert')).toContainText('InvalidOperation: It is not possible for an entity that requires sessions to create a non-sessionful message receiver.');
  const r = await p.more('R1');
  await r.getByLabel('Session id').fill('A');
  await p.button(r, 'Accept session').click();
  await expect(r).toContainText('session A');
  await p.receive('R1');
  await p.receive('R1');
  await expect(p.held('R1').getByRole('listitem')).toHaveCount(2);
  await expect(p.heldItem('a1')).toBeVisible();
  await expect(p.heldItem('a2')).toBeVisible();
  await p.clockButton('Next lock expiry');
  await expect(r).toContainText('session A lost');
  await p.settle('a1', 'Complete');
  await expect(r.getByRole('alert')).toContainText('SessionLockLost');
});

test('while the clock runs the log shows its newest 40 lines and says how many more it shows when the clock stops', async ({ page }) => {
  // The frame budget (docs/perf/frame-cost.md): at 100× with 50 busy workers every one of 300 lines was new at
  // each publication, rewritten twice a second below the box where nobody could read them.
  const p = new Playground(page);
  const script: unknown[] = Array.from({ length: 80 }, (_, i) => ({ at_ms: i * 10, do: 'send', by: 'S1', id: `m${i}` }));
  script.push({ at_ms: 60_000, do: 'receive', by: 'R1' });
  await p.open(scenario(script));
  await p.clockButton('Play');
  await p.runFor(2_000);
  const lines = p.log().locator('.log-lines li');
  const earlier = p.log().locator('.log-earlier');
  await expect(lines).toHaveCount(40);
  await expect(earlier).toBeVisible();
  await expect(earlier).toHaveText(/^\d+ earlier lines: shown when the clock stops$/);
  await expect(p.log()).toContainText(/\bm79\b/);
  await expect(p.log()).not.toContainText(/\bm0\b/);
  const more = parseInt((await earlier.textContent())!, 10);
  expect(more).toBeGreaterThanOrEqual(40);
  await p.clockButton('Pause');
  await expect(earlier).toBeHidden();
  await expect(lines).toHaveCount(40 + more);
  await expect(p.log()).toContainText(/\bm0\b/);
});
