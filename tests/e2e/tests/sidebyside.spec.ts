import { expect, type Page, test } from '@playwright/test';
import { Playground } from './fixtures/playground';

const NAME = 'crash-short-vs-long-lock';

async function open(page: Page, query: string) {
  await page.clock.install({ time: 0 });
  await page.goto(`./?compare=${NAME}${query}`);
  await expect(page.getByRole('figure', { name: '5-minute lock' })).toBeVisible({ timeout: 25_000 });
  await page.clock.pauseAt(3_600_000);
  return new Playground(page);
}

/** What the other side's stage shows, as its text mirror. */
function twin(page: Page, label: string) {
  return page.getByRole('list', { name: `Messages on the ${label} stage` }).getByRole('listitem', { includeHidden: true });
}

test('a comparison link shows both variants side by side on one clock, each labelled, and the sentence\'s numbers are the runs\'', async ({ page, context }) => {
  const p = await open(page, '&paused=1');
  const a = page.getByRole('figure', { name: '30-second lock' });
  const b = page.getByRole('figure', { name: '5-minute lock' });
  for (const side of [a, b]) {
    await expect(side.getByRole('img')).toBeVisible();
  }
  await expect(a).toContainText('30-second lock');
  await expect(b).toContainText('5-minute lock');
  // Side by side at 1280 px.
  const [ba, bb] = [(await a.boundingBox())!, (await b.boundingBox())!];
  expect(bb.x).toBeGreaterThan(ba.x + ba.width - 1);
  expect(Math.abs(bb.y - ba.y)).toBeLessThan(2);
  expect(ba.y + ba.height).toBeLessThan(800 + 200);

  const panel = p.region('Comparison');
  const sentence = await panel.getByLabel('Difference').innerText();
  const m = /waiting (\d+) s with a (\d+) s lock and (\d+) s with a (\d+) s lock/.exec(sentence);
  expect(m, sentence).not.toBeNull();
  const [waitA, lockA, waitB, lockB] = m!.slice(1).map(Number);
  expect([lockA, lockB]).toEqual([30, 300]);
  const crash = Number(/(\d+) s/.exec(await panel.getByRole('row', { name: /crash at/ }).innerText())![1]);

  // One clock: playing moves both stages; R1 takes order-1 on both sides at 1 s.
  await p.clockButton('Play');
  await p.runFor(2_000);
  // (A caption of the lesson may have paused the clock at 1 s.)
  expect(parseFloat(await p.virtualTime())).toBeGreaterThanOrEqual(1);
  await expect(p.laneItems('Locked')).toContainText(['order-1']);
  await expect(twin(page, '5-minute lock')).toContainText(['order-1: locked by R1']);

  // Just before the first side's expiry both still wait; at it, only the short lock frees order-1.
  const before = await open(await context.newPage(), `&paused=1&start=${(crash + waitA) * 1000 - 1}`);
  await expect(before.laneItems('Locked')).toContainText(['order-1']);
  await expect(twin(before.page, '5-minute lock')).toContainText(['order-1: locked by R1']);
  // The timeline's next marker is that expiry: both stages go there together.
  await before.page.getByRole('slider', { name: 'Virtual time' }).focus();
  await before.page.keyboard.press('ArrowRight');
  await expect(before.virtualTime()).resolves.toBe(`${crash + waitA}.000 s`);
  await expect(before.log()).toContainText('order-1\'s lock expired');
  await expect(twin(before.page, '5-minute lock')).toContainText(['order-1: locked by R1']);

  // The long lock frees order-1 exactly waitB seconds after the crash.
  const late = await open(await context.newPage(), `&paused=1&start=${(crash + waitB) * 1000 - 1}`);
  await expect(twin(late.page, '5-minute lock')).toContainText(['order-1: locked by R1']);
  await late.clockButton('Step');
  await expect(late.virtualTime()).resolves.toBe(`${crash + waitB}.000 s`);
  await expect(twin(late.page, '5-minute lock')).not.toContainText(['order-1: locked by R1']);
});

test('side by side stacks on a phone, and embeds', async ({ browser }) => {
  const phone = await browser.newPage({ viewport: { width: 375, height: 812 } });
  await open(phone, '&paused=1');
  const [a, b] = [phone.getByRole('figure', { name: '30-second lock' }), phone.getByRole('figure', { name: '5-minute lock' })];
  const [ba, bb] = [(await a.boundingBox())!, (await b.boundingBox())!];
  expect(bb.y).toBeGreaterThanOrEqual(ba.y + ba.height - 1);
  expect(Math.abs(bb.x - ba.x)).toBeLessThan(2);

  const embed = await browser.newPage({ viewport: { width: 900, height: 700 } });
  await open(embed, '&embed');
  await expect(embed.getByRole('figure', { name: '30-second lock' }).getByRole('img')).toBeVisible();
  await expect(embed.getByRole('figure', { name: '5-minute lock' }).getByRole('img')).toBeVisible();
  await expect(embed.getByRole('region', { name: 'Comparison' }).getByLabel('Difference')).toContainText('with a 300 s lock');
});
