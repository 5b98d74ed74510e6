import { expect, type Page, test } from '@playwright/test';
import { Playground, scenario } from './fixtures/playground';

// Three orders, two receivers, an abandon and two lock expiries: lock tokens, delivery counts
// and lock timers all depend on exactly what happened before.
const story = scenario([
  { at_ms: 0, do: 'send', by: 'S1', id: 'm1' },
  { at_ms: 0, do: 'send', by: 'S1', id: 'm2' },
  { at_ms: 0, do: 'send', by: 'S1', id: 'm3' },
  { at_ms: 500, do: 'receive', by: 'R1' },
  { at_ms: 1000, do: 'receive', by: 'R2' },
  { at_ms: 2000, do: 'abandon', by: 'R2', msg: 'm2' },
  { at_ms: 3000, do: 'receive', by: 'R2' },
  { at_ms: 8000, do: 'receive', by: 'R1' },
], {}, { title: 'Time travel', run_until_ms: 12000 });

/** What the page shows of the stage (its text mirror: lanes, what each receiver holds with
 * its lock timer) and the inspector of the first message R1 holds (its lock token). */
async function state(p: Playground) {
  const lanes: Record<string, string[]> = {};
  for (const l of ['Available', 'Locked', 'Deferred', 'Scheduled', 'Dead-letter queue']) {
    lanes[l] = await p.laneItems(l).allInnerTexts();
  }
  const held = { R1: await p.held('R1').getByRole('listitem').allInnerTexts(), R2: await p.held('R2').getByRole('listitem').allInnerTexts() };
  let inspector = '';
  const first = p.held('R1').getByRole('listitem').first();
  if (await first.count()) {
    await first.getByRole('button', { name: /^Inspect / }).click();
    inspector = await p.inspector().innerText();
  }
  return { time: await p.virtualTime(), lanes, held, inspector };
}

function slider(page: Page) {
  return page.getByRole('region', { name: 'Timeline' }).getByRole('slider', { name: 'Virtual time' });
}

test('the timeline draws each kind of marker in its row and names the one under the pointer', async ({ page }) => {
  const p = new Playground(page);
  await p.open(story);
  const track = slider(page);
  const canvas = page.locator('.tl-marks');
  await expect(canvas).toHaveAttribute('data-marks', /^[1-9]/);
  // Painted pixels per row of the canvas (the rows: sends, lock expiries, abandons,
  // dead-letter moves, settlements; 11 CSS px apart from 4 px down).
  const rows = await canvas.evaluate((c: HTMLCanvasElement) => {
    const g = c.getContext('2d')!;
    const k = c.width / c.clientWidth;
    const out: number[] = [];
    for (let r = 0; r < 5; r++) {
      const d = g.getImageData(0, Math.round((4 + 11 * r) * k), c.width, Math.round(9 * k)).data;
      let n = 0;
      for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++;
      out.push(n);
    }
    return out;
  });
  expect(rows[0], 'sends').toBeGreaterThan(0);
  expect(rows[1], 'lock expiries').toBeGreaterThan(0);
  expect(rows[2], 'abandons').toBeGreaterThan(0);
  expect(rows[3], 'dead-letter moves (none in this story)').toBe(0);
  // The three sends at 0 s are one marker at the track's start: the pointer over it shows
  // their words, and away from every marker nothing.
  const box = (await track.boundingBox())!;
  await page.mouse.move(box.x + 7, box.y + 1 + 4 + 4.5);
  await expect(track).toHaveAttribute('title', '3 sends at 0.000 s: m1, m2, m3');
  await page.mouse.move(box.x + box.width / 2, box.y + 1 + 4 + 4.5);
  await expect(track).not.toHaveAttribute('title', /./);
});

/** Plays by stepping (the clock's Step) until the clock shows `time`. */
async function stepTo(p: Playground, time: string) {
  for (let i = 0; i < 30 && (await p.virtualTime()) !== time; i++) await p.clockButton('Step');
  await expect(p.virtualTime()).resolves.toBe(time);
}

test('the timeline marks the story and a seek back and forward lands on the state of playing there, lock tokens included', async ({ page, context }) => {
  const p = new Playground(page);
  await p.open(story);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  const legend = timeline.getByRole('list', { name: 'Timeline markers' });
  await expect(legend).toContainText('3 sends');
  await expect(legend).toContainText('2 lock expiries');
  await expect(legend).toContainText('1 abandon');
  await expect(slider(page)).toHaveAttribute('aria-valuemax', '12000');
  await stepTo(p, '8.000 s');
  const played = await state(p);
  expect(played.inspector).toMatch(/LockToken\s*[0-9a-f]{8}-/);
  expect(played.held.R1.join()).toContain('m1');

  await slider(page).focus();
  await page.keyboard.press('Home');
  await expect(p.virtualTime()).resolves.toBe('0.000 s');
  await expect(slider(page)).toHaveAttribute('aria-valuenow', '0');
  await expect(p.laneItems('Available')).toHaveCount(3);
  await expect(p.held('R1').getByRole('listitem')).toHaveCount(0);
  // Forward marker by marker (the arrow keys of the slider) to 8 s.
  await slider(page).focus();
  for (let i = 0; i < 20 && (await p.virtualTime()) !== '8.000 s'; i++) await page.keyboard.press('ArrowRight');
  expect(await state(p)).toEqual(played);
  await slider(page).focus();
  await page.keyboard.press('End');
  await expect(p.virtualTime()).resolves.toBe('12.000 s');

  // A click anywhere on the track: the state there equals opening the story at that time.
  const box = (await slider(page).boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.37, box.y + box.height / 2);
  const t = await p.virtualTime();
  expect(parseFloat(t)).toBeGreaterThan(3);
  expect(parseFloat(t)).toBeLessThan(6);
  const seeked = await state(p);
  const other = new Playground(await context.newPage());
  await other.open(story, Math.round(parseFloat(t) * 1000));
  expect(await state(other)).toEqual(seeked);
});

test('step back goes to the previous moment, by button and by ←, and equals playing there', async ({ page, context }) => {
  const p = new Playground(page);
  await p.open(story);
  await stepTo(p, '8.000 s');
  await p.button(p.clock(), 'Step back').click();
  await expect(p.virtualTime()).resolves.toBe('5.500 s');
  const back = await state(p);
  const fresh = new Playground(await context.newPage());
  await fresh.open(story);
  await stepTo(fresh, '5.500 s');
  expect(await state(fresh)).toEqual(back);
  // The shortcut, from the page (not a field).
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press('ArrowLeft');
  await expect(p.virtualTime()).resolves.toBe('3.000 s');
  await expect(p.heldItem('m2', 'R2')).toContainText('delivery 2');
  await page.keyboard.press('ArrowRight');
  await expect(p.virtualTime()).resolves.toBe('5.500 s');
});

test('acting after going back forks the story: the export carries the fork and replays to the same state', async ({ page, context }) => {
  const p = new Playground(page);
  await p.open(story);
  await stepTo(p, '8.000 s');
  // The person completes m1 at 8 s, then goes back to 3 s, where R1 still holds m1.
  await p.settle('m1', 'Complete');
  await expect(p.log()).toContainText('R1 completed m1');
  for (let i = 0; i < 10 && (await p.virtualTime()) !== '3.000 s'; i++) await p.button(p.clock(), 'Step back').click();
  await expect(p.virtualTime()).resolves.toBe('3.000 s');
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('note')).toContainText('your 1 later action will play again');
  // Acting here forks: abandon m1 at 3 s instead.
  await p.settle('m1', 'Abandon');
  await expect(timeline.getByRole('note')).toHaveCount(0);
  await p.clockButton('Step');
  const forked = await state(p);
  const tools = p.region('Scenario');
  await p.button(tools, 'Export').click();
  const text = await tools.getByLabel('Exported scenario').inputValue();
  const doc = JSON.parse(text);
  const mine = doc.script.filter((s: { by: string; do: string }) => s.do === 'abandon' || s.do === 'complete');
  expect(mine).toEqual([
    { at_ms: 2000, do: 'abandon', by: 'R2', msg: 'm2' },
    expect.objectContaining({ at_ms: 3000, do: 'abandon', by: 'R1' }),
  ]);
  // The export opens where it was exported, in the state the fork shows.
  const other = new Playground(await context.newPage());
  await other.open(story);
  const otools = other.region('Scenario');
  await otools.getByLabel('Scenario JSON').fill(text);
  await other.button(otools, 'Load').click();
  await expect(other.virtualTime()).resolves.toBe(forked.time);
  expect(await state(other)).toEqual(forked);
  // And the share link carries the fork too.
  await p.button(tools, 'Share link').click();
  const url = await tools.getByLabel('Share link').inputValue();
  const third = new Playground(await context.newPage());
  await third.page.clock.install({ time: 0 });
  await third.page.goto(url);
  await expect(third.page.getByRole('heading', { name: 'Time travel', level: 2 })).toBeVisible();
  expect(await state(third)).toEqual(forked);
});

test('an action at an instant when an actor acts too runs before the actor, as the exported document replays', async ({ page, context }) => {
  // poison-message: the handler receives at 0 ms. A person receiving at 0 ms gets order-1.
  const p = new Playground(page);
  await p.page.clock.install({ time: 0 });
  await p.page.goto('./?preset=poison-message&paused=1');
  await expect(p.virtualTime()).resolves.toBe('0.000 s');
  await p.button(p.region('Receivers'), 'Add receiver').click();
  const name = (await p.page.getByRole('region', { name: /^Receiver R\d+$/ }).last().getAttribute('aria-label'))!.replace('Receiver ', '');
  await p.receive(name);
  await expect(p.heldItem('order-1', name)).toBeVisible();
  const tools = p.region('Scenario');
  await p.button(tools, 'Share link').click();
  const url = await tools.getByLabel('Share link').inputValue();
  const other = new Playground(await context.newPage());
  await other.page.clock.install({ time: 0 });
  await other.page.goto(url);
  await expect(other.heldItem('order-1', name)).toBeVisible();
  expect(await other.laneItems('Locked').allInnerTexts()).toEqual(await p.laneItems('Locked').allInnerTexts());
});

