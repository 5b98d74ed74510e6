import { expect, test } from '@playwright/test';
import { Playground, scenario } from './fixtures/playground';

// A walkthrough for the keyboard and a screen reader: names and states that say one thing
// once, and a focus that stays somewhere.

test('Play and Pause: the name says what the button does, with no pressed state besides', async ({ page }) => {
  const p = new Playground(page);
  await p.open(scenario([]));
  const play = p.button(p.clock(), 'Play');
  await expect(play).not.toHaveAttribute('aria-pressed');
  await play.click();
  const pause = p.button(p.clock(), 'Pause');
  await expect(pause).toBeVisible();
  await expect(pause).not.toHaveAttribute('aria-pressed');
});

test('the compact phone header\'s Play and Pause have no pressed state either', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const p = new Playground(page);
  await p.open(scenario([]));
  await p.clockButton('Play');
  await expect(p.button(p.clock(), 'Pause')).not.toHaveAttribute('aria-pressed');
});

test('the embeds\' viewer: Play and Pause have no pressed state', async ({ page }) => {
  await page.clock.install({ time: 0 });
  await page.goto('./view.html?embed&preset=poison-message');
  await expect(page.getByTestId('clock')).toHaveText('0.000 s', { timeout: 15_000 });
  const play = page.getByRole('button', { name: 'Play', exact: true });
  await expect(play).not.toHaveAttribute('aria-pressed');
  await play.click();
  const pause = page.getByRole('button', { name: 'Pause', exact: true });
  await expect(pause).toBeVisible();
  await expect(pause).not.toHaveAttribute('aria-pressed');
});

test('each disclosure is a group named by its summary', async ({ page }) => {
  const p = new Playground(page);
  await p.open(scenario([]));
  await expect(p.sender().getByRole('group', { name: 'More: TTL, session, schedule, properties', exact: true })).toHaveCount(1);
  await expect(p.receiver().getByRole('group', { name: 'More: deferred, sessions, dead-letter reason, close', exact: true })).toHaveCount(1);
  const lessons = await page.locator('nav.lessons summary').textContent();
  await expect(page.getByRole('navigation').getByRole('group', { name: lessons!.trim(), exact: true })).toHaveCount(1);
  // And so in Chromium's own accessibility tree: every <details> a named group.
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree') as { nodes: { role?: { value: string }; name?: { value: string }; backendDOMNodeId?: number }[] };
  const details = await cdp.send('DOM.getDocument', { depth: -1 }).then(async ({ root }) =>
    (await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: 'details' })).nodeIds);
  expect(details.length).toBe(3);
  const groups = nodes.filter((n) => n.role?.value === 'group').map((n) => n.name?.value ?? '');
  for (const name of ['More: TTL, session, schedule, properties', 'More: deferred, sessions, dead-letter reason, close', lessons!.trim()]) {
    expect(groups, 'the named groups').toContain(name);
  }
});

test('the first Tab reaches a link that skips to the stage, hidden until focused', async ({ page }) => {
  const p = new Playground(page);
  await p.open(scenario([]));
  const skip = page.getByRole('link', { name: 'Skip to the stage', exact: true });
  await expect(skip).toBeAttached();
  const hidden = await skip.boundingBox();
  expect(hidden === null || hidden.x + hidden.width <= 0).toBe(true);
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  const shown = (await skip.boundingBox())!;
  expect(shown.x).toBeGreaterThanOrEqual(0);
  expect(shown.y).toBeGreaterThanOrEqual(0);
  const url = page.url();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Stage', exact: true })).toBeFocused();
  // The address (which holds the scenario) is as it was.
  expect(page.url()).toBe(url);
});

test('the second Tab reaches a link that skips to the senders and receivers', async ({ page }) => {
  const p = new Playground(page);
  await p.open(scenario([]));
  const skip = page.getByRole('link', { name: 'Skip to the senders and receivers', exact: true });
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  const url = page.url();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Senders', exact: true })).toBeFocused();
  expect(page.url()).toBe(url);
  // The next Tab is the first sender's first control, not the clock's.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('section.sender'))).toBe(true);
});

test('the skip links speak the page\'s language', async ({ page }) => {
  for (const [lang, stage, clients] of [
    ['cs', 'Přeskočit na scénu', 'Přeskočit na odesílatele a příjemce'],
    ['ru', 'Перейти к сцене', 'Перейти к отправителям и получателям'],
    ['zh-Hans', '跳到舞台', '跳到发送方和接收方'],
  ]) {
    await page.goto(`./?paused=1&lang=${lang}`);
    await expect(page.getByRole('link', { name: stage, exact: true })).toBeAttached({ timeout: 15_000 });
    await expect(page.getByRole('link', { name: clients, exact: true })).toBeAttached();
  }
});

/** Two messages R1 holds for a minute. */
const twoHeld = scenario([
  { at_ms: 0, do: 'send', by: 'S1', id: 'm1' },
  { at_ms: 0, do: 'send', by: 'S1', id: 'm2' },
  { at_ms: 0, do: 'receive', by: 'R1', max: 2 },
], { lock_duration_ms: 60_000 });

for (const action of ['Complete', 'Abandon', 'Dead-letter', 'Defer'] as const) {
  test(`after ${action}, the focus goes to the receiver's next held message, then to its heading`, async ({ page }) => {
    const p = new Playground(page);
    await p.open(twoHeld);
    await expect(p.held().getByRole('listitem')).toHaveCount(2);
    await p.button(p.heldItem('m1'), action).focus();
    await page.keyboard.press('Enter');
    await expect(p.heldItem('m1')).toHaveCount(0);
    await expect(p.button(p.heldItem('m2'), 'Inspect m2')).toBeFocused();
    await p.button(p.heldItem('m2'), action).focus();
    await page.keyboard.press('Enter');
    await expect(p.held().getByRole('listitem')).toHaveCount(0);
    await expect(p.receiver().getByRole('heading', { name: 'Receiver R1', exact: true })).toBeFocused();
  });
}

test('the inspector gives the focus back to what opened it when it closes', async ({ page }) => {
  const p = new Playground(page);
  await p.open(twoHeld);
  const inspect = p.button(p.heldItem('m1'), 'Inspect m1');
  await inspect.focus();
  await page.keyboard.press('Enter');
  await expect(p.inspector().getByRole('heading', { name: 'Message m1' })).toBeVisible();
  await p.button(p.inspector(), 'Close').focus();
  await page.keyboard.press('Enter');
  await expect(p.inspector().getByRole('heading', { name: 'Message inspector' })).toBeVisible();
  await expect(inspect).toBeFocused();
  // Settled from the inspector, the message leaves with what opened it: the inspector's
  // heading takes the focus, not the page.
  await p.button(p.heldItem('m2'), 'Inspect m2').focus();
  await page.keyboard.press('Enter');
  await p.button(p.inspector(), 'Complete').focus();
  await page.keyboard.press('Enter');
  await expect(p.heldItem('m2')).toHaveCount(0);
  await expect(p.inspector().getByRole('heading', { level: 2 })).toBeFocused();
});

test('hiding "What you saw" leaves the focus on the title of the lesson, not nowhere', async ({ page }) => {
  const p = new Playground(page);
  await page.clock.install({ time: 0 });
  await page.goto('./?preset=poison-message&speed=100');
  await expect(page.getByRole('heading', { name: 'Settle', level: 1 })).toBeVisible({ timeout: 15_000 });
  const summary = await p.playToSummary();
  await p.button(summary, 'Hide').focus();
  await page.keyboard.press('Enter');
  await expect(summary).toHaveCount(0);
  await expect(page.locator('#scenario-title')).toBeFocused();
});

/** A virtual time as the page writes it ("5.250 s"), in ms. */
const ms = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 1000);

test('the log, off screen while the clock runs, is current as soon as the focus moves into it', async ({ page }) => {
  const p = new Playground(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  // A message every 250 ms, and receivers enough that the log is far below the window.
  await p.open(scenario([
    ...Array.from({ length: 6 }, (_, i) => ({ at_ms: 0, do: 'receive', by: `R${i + 1}`, max: 1 })),
    ...Array.from({ length: 160 }, (_, i) => ({ at_ms: (i + 1) * 250, do: 'send', by: 'S1', id: `m${i + 1}` })),
  ]));
  // The time of the newest line (0 while there is none).
  const newest = async () => ms(await page.evaluate(() => document.querySelector('section.log .log-lines li time')?.textContent ?? '0'));
  const now = async () => ms(await p.virtualTime());
  await p.clockButton('Play');
  // Off screen, it follows a running clock every few publications (the frame budget): find
  // a moment it is behind.
  let behind = 0;
  for (let i = 0; i < 20 && behind <= 1_000; i++) {
    await p.runFor(500);
    behind = (await now()) - (await newest());
  }
  expect(behind, 'off screen, the log is behind the clock').toBeGreaterThan(1_000);
  expect(await p.log().boundingBox().then((b) => b!.y)).toBeGreaterThan(720 + 400);
  // The keyboard reaches the log's list (it scrolls); it is current at once, the clock still running.
  await p.log().getByRole('list', { name: 'Why: event log' }).focus();
  expect((await now()) - (await newest())).toBeLessThanOrEqual(750);
  await expect(p.button(p.clock(), 'Pause')).toBeVisible();
  // And it keeps up while it has the focus.
  await p.runFor(1_000);
  expect((await now()) - (await newest())).toBeLessThanOrEqual(750);
});
