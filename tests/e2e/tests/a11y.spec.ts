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
