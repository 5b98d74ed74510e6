import { expect, type Locator, type Page, test } from '@playwright/test';

// The hint of a pause ("Paused here: press Play to go on.") sits in the caption's box, never over
// the caption's words, at any width and in either theme; its place is kept, so the box does not
// change height when it shows. On a phone the header is two short rows (the title with the
// language, then the clock with icon buttons and the speed), so the caption and the top of the
// stage are on the first screen.

const HINT = 'Paused here: press Play to go on.';

/** Opens the poison-message lesson paused at 0 s under a fake clock, at a width and theme. */
async function openLesson(page: Page, width: number, theme: 'light' | 'dark', height = 740) {
  await page.setViewportSize({ width, height });
  await page.emulateMedia({ colorScheme: theme });
  await page.clock.install({ time: 0 });
  await page.goto(`./?preset=poison-message&paused=1&theme=${theme}`);
  await expect(page.getByRole('heading', { name: 'Settle', level: 1 })).toBeVisible({ timeout: 15_000 });
  await page.clock.pauseAt(3_600_000);
  await expect(page.getByRole('status', { name: 'Caption' })).not.toBeEmpty();
}

/** Plays on until a caption that pauses stops the clock (its hint shows); `clock` holds Play. */
async function playToPause(page: Page, clock: Page | Locator = page.getByRole('group', { name: 'Clock' })) {
  const hint = page.getByText(HINT, { exact: true });
  for (let i = 0; i < 30 && !(await hint.isVisible()); i++) {
    const play = clock.getByRole('button', { name: 'Play', exact: true });
    if (await play.isVisible()) await play.click();
    await page.clock.runFor(1_000);
  }
  await expect(hint).toBeVisible();
  await expect(clock.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
}

type Rect = { left: number; top: number; right: number; bottom: number };

/** The caption's box, its words' boxes, the hint's box, and what is drawn on top at the caption's
 * first and last characters. */
async function measure(page: Page, selector = 'p.caption') {
  return page.evaluate((selector) => {
    const r = (b: DOMRect) => ({ left: b.left, top: b.top, right: b.right, bottom: b.bottom });
    const caption = document.querySelector(selector)!;
    const text = [...caption.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
    const words = text.flatMap((n) => {
      const range = document.createRange();
      range.selectNodeContents(n);
      return [...range.getClientRects()].map(r);
    });
    // The centre of the first and the last character, and what the page shows there.
    const hitAt = (node: Node, i: number) => {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const b = range.getClientRects()[0];
      const x = (b.left + b.right) / 2;
      const y = (b.top + b.bottom) / 2;
      const el = document.elementFromPoint(x, y);
      return { x, y, hits: !!el && (el === caption || caption.contains(el)) };
    };
    const first = text[0];
    const last = text[text.length - 1];
    const lastText = last.textContent!;
    const lastIndex = lastText.trimEnd().length - 1;
    const hint = [...document.querySelectorAll('.caption-hint')].find((h) => getComputedStyle(h).visibility === 'visible' && (h as HTMLElement).offsetParent !== null);
    const box = document.querySelector('section.lesson')!;
    const row = box.querySelector('.caption-row')!;
    const stage = document.querySelector('canvas.stage');
    return {
      caption: r(caption.getBoundingClientRect()),
      words,
      hint: hint ? r(hint.getBoundingClientRect()) : null,
      first: hitAt(first, first.textContent!.length - first.textContent!.trimStart().length),
      last: hitAt(last, lastIndex),
      lesson: box.getBoundingClientRect().height,
      row: row.getBoundingClientRect().height,
      stageTop: stage ? stage.getBoundingClientRect().top : null,
      header: document.querySelector('header.top')!.getBoundingClientRect().height,
    };
  }, selector);
}

function intersects(a: Rect, b: Rect) {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

for (const theme of ['light', 'dark'] as const) {
  for (const width of [375, 768, 1280]) {
    test(`the pause's hint never covers the caption (${width} px, ${theme})`, async ({ page }) => {
      await openLesson(page, width, theme, width === 1280 ? 800 : 740);
      const before = await measure(page);
      expect(before.hint, 'no hint before the pause').toBeNull();
      await playToPause(page);
      const at = await measure(page);
      expect(at.hint, 'the hint shows').not.toBeNull();
      expect(intersects(at.hint!, at.caption), 'hint over the caption\'s box').toBe(false);
      for (const w of at.words) expect(intersects(at.hint!, w), 'hint over the caption\'s words').toBe(false);
      expect(at.first.hits, 'the caption\'s first character is seen').toBe(true);
      expect(at.last.hits, 'the caption\'s last character is seen').toBe(true);
      // The box keeps its height when the hint shows: played on, the same caption without it.
      const caption = await page.getByRole('status', { name: 'Caption' }).textContent();
      await page.getByRole('group', { name: 'Clock' }).getByRole('button', { name: 'Play', exact: true }).click();
      await expect(page.getByText(HINT, { exact: true })).toBeHidden();
      await expect(page.getByRole('status', { name: 'Caption' })).toHaveText(caption!);
      const played = await measure(page);
      expect(played.hint).toBeNull();
      expect(at.lesson).toBeCloseTo(played.lesson, 1);
      expect(at.row).toBeCloseTo(played.row, 1);
      expect(at.caption.top).toBeCloseTo(played.caption.top, 1);
    });
  }
}

test('at 375×740 the header is two short rows, and the caption and the top of the stage are on the first screen', async ({ page }) => {
  await openLesson(page, 375, 'light');
  const clock = page.getByRole('group', { name: 'Clock' });
  // Icon buttons, each named by its words, in one row with the speed.
  const names = ['Play', 'Step back', 'Step', 'Next lock expiry'];
  const boxes = [];
  for (const name of names) {
    const b = clock.getByRole('button', { name, exact: true });
    await expect(b).toBeVisible();
    boxes.push((await b.boundingBox())!);
  }
  const speed = clock.getByRole('combobox', { name: 'Speed' });
  await expect(speed).toBeVisible();
  boxes.push((await speed.boundingBox())!);
  const mid = boxes[0].y + boxes[0].height / 2;
  for (const b of boxes) {
    expect(Math.abs(b.y + b.height / 2 - mid), 'one row').toBeLessThan(4);
    expect(b.x + b.width).toBeLessThanOrEqual(375);
  }
  const m = await measure(page);
  expect(m.header, 'header height').toBeLessThan(110);
  expect(m.caption.bottom).toBeLessThanOrEqual(740);
  expect(m.stageTop!).toBeLessThan(740 - 100);
  // Played to a pause, still so, and the keyboard's shortcuts still step.
  await playToPause(page);
  const at = await measure(page);
  expect(at.caption.bottom).toBeLessThanOrEqual(740);
  expect(at.hint!.bottom).toBeLessThanOrEqual(740);
  expect(at.stageTop!).toBeLessThan(740 - 100);
  // Play's name follows the clock.
  await clock.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(clock.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await expect(clock.getByRole('button', { name: 'Pause', exact: true })).not.toHaveAttribute('aria-pressed');
});

test('the compact header keeps the words of every button as its name, in the page\'s language', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('./?preset=poison-message&paused=1&lang=ru');
  await expect(page.locator('h1')).toHaveText('Settle', { timeout: 15_000 });
  const clock = page.locator('.clock');
  for (const name of ['Пуск', 'Шаг назад', 'Шаг', 'Следующее истечение срока блокировки']) {
    await expect(clock.getByRole('button', { name, exact: true })).toBeVisible();
  }
  await expect(clock.getByRole('combobox', { name: 'Скорость' })).toBeVisible();
});

test('the embeds\' viewer shows the pause\'s hint off the caption (375 px)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 600 });
  await page.clock.install({ time: 0 });
  await page.goto('./view.html?embed&preset=poison-message');
  await expect(page.getByTestId('clock')).toHaveText('0.000 s', { timeout: 15_000 });
  await playToPause(page, page);
  const at = await measure(page);
  expect(at.hint).not.toBeNull();
  expect(intersects(at.hint!, at.caption)).toBe(false);
  for (const w of at.words) expect(intersects(at.hint!, w)).toBe(false);
  expect(at.first.hits).toBe(true);
  expect(at.last.hits).toBe(true);
});

test('on a phone a lesson picked from the list starts with its caption and stage in view', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('./?paused=1');
  await expect(page.locator('h1')).toHaveText('Settle', { timeout: 15_000 });
  await page.getByRole('list', { name: 'Lessons' }).getByRole('link', { name: /poison message/i }).click();
  const caption = page.getByRole('status', { name: 'Caption' });
  await expect(caption).not.toBeEmpty();
  await page.waitForTimeout(300);
  const at = await page.evaluate(() => ({
    caption: document.querySelector('p.caption')!.getBoundingClientRect(),
    stage: document.querySelector('canvas.stage')!.getBoundingClientRect().top,
  }));
  expect(at.caption.top).toBeGreaterThanOrEqual(0);
  expect(at.caption.bottom).toBeLessThanOrEqual(740);
  expect(at.stage).toBeLessThan(740 - 100);
});

for (const lang of ['en', 'cs', 'ru', 'zh-Hans']) {
  test(`at 375 px the header is two rows in every language (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`./?preset=poison-message&paused=1&lang=${lang}`);
    await expect(page.locator('h1')).toHaveText('Settle', { timeout: 15_000 });
    const rows = await page.evaluate(() => {
      const tops = [...document.querySelectorAll('header.top button, header.top select')]
        .filter((e) => (e as HTMLElement).offsetParent !== null)
        .map((e) => { const r = e.getBoundingClientRect(); return Math.round(r.top + r.height / 2); });
      tops.sort((a, b) => a - b);
      return tops.filter((t, i) => i === 0 || t - tops[i - 1] > 10).length;
    });
    expect(rows, 'rows of controls').toBeLessThanOrEqual(2);
    expect((await page.locator('header.top').boundingBox())!.height).toBeLessThan(110);
  });
}
