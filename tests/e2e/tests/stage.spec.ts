import { expect, test, type Page } from '@playwright/test';
import { Playground, ink, paintedAt, scenario, stableShot } from './fixtures/playground';

const one = scenario([{ at_ms: 0, do: 'send', by: 'S1', id: 'm1' }]);

// The light theme's fill of an available token (--available-bg #e8f0fd).
const AVAILABLE_FILL: [number, number, number] = [0xe8, 0xf0, 0xfd];

test('click a token on the stage to inspect it', async ({ page }) => {
  const p = new Playground(page);
  await p.open(one);
  await p.runFor(200);
  const at = await paintedAt(page, AVAILABLE_FILL);
  expect(at).not.toBeNull();
  await page.locator('canvas.stage').click({ position: { x: at!.x, y: at!.y } });
  await expect(p.inspector().getByRole('heading')).toHaveText('Message m1');
  await expect(p.inspector()).toContainText('available');
});

test('a worker paints the stage off the main thread; where a canvas cannot be handed to a worker the page paints the same picture', async ({ browser }) => {
  const shots: Buffer[] = [];
  for (const onPage of [false, true]) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    if (onPage) await page.addInitScript(() => { (window as unknown as { settlePaintOnPage: boolean }).settlePaintOnPage = true; });
    const p = new Playground(page);
    await p.open(scenario([{ at_ms: 0, do: 'send', by: 'S1', id: 'm1' }, { at_ms: 0, do: 'send', by: 'S1', id: 'm2' }, { at_ms: 0, do: 'receive', by: 'R1' }]));
    await p.runFor(200);
    const canvas = page.locator('canvas.stage');
    await expect(canvas).toHaveAttribute('data-painter', onPage ? 'page' : 'worker');
    if (onPage) {
      // The stage's canvas is opaque (its backdrop covers it: the compositor copies it instead
      // of blending it over the page); the timeline's, drawn over its track, is not. The
      // worker's canvas is made by the same code (stage-paint.js `Layers`).
      const alpha = await page.evaluate(() => ['canvas.stage', 'canvas.tl-marks'].map((sel) =>
        (document.querySelector(sel) as HTMLCanvasElement).getContext('2d')!.getContextAttributes().alpha));
      expect(alpha).toEqual([false, true]);
    }
    // The available token is painted where a click finds it, either way.
    const at = await paintedAt(page, AVAILABLE_FILL);
    expect(at).not.toBeNull();
    await canvas.click({ position: { x: at!.x, y: at!.y } });
    await expect(p.inspector().getByRole('heading')).toHaveText('Message m2');
    // Stopped clock, same state: the two painters give the same picture.
    shots.push(await stableShot(canvas));
    // The clock's face is painted by a worker or not at all: where none can own it, a
    // running clock's readouts stay the page's text, ten times a second (player/src/paint/face.rs).
    await p.clockButton('Play');
    await p.runFor(1_000);
    await expect(page.locator('.clock-readout')).toHaveClass(onPage ? /^clock-readout$/ : /painted/);
    if (onPage) {
      await expect(page.locator('canvas.clock-face')).toBeHidden();
      const before = await page.getByTestId('clock').textContent();
      await p.runFor(150);
      expect(await page.getByTestId('clock').textContent()).not.toBe(before);
    }
    await context.close();
  }
  expect(shots[0].length).toBeGreaterThan(1000);
  expect(shots[0].equals(shots[1])).toBe(true);
});

test('tap a token on a phone to inspect it; the stage and the selected message\'s actions come first', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const p = new Playground(page);
  await p.open(scenario([{ at_ms: 0, do: 'send', by: 'S1', id: 'm1' }, { at_ms: 0, do: 'send', by: 'S1', id: 'm2' }, { at_ms: 0, do: 'receive', by: 'R1' }]));
  await p.runFor(200);
  const at = await paintedAt(page, AVAILABLE_FILL);
  await page.locator('canvas.stage').tap({ position: { x: at!.x, y: at!.y } });
  await expect(p.inspector().getByRole('heading')).toHaveText('Message m2');
  // Select the held one: its settle buttons are right under the stage.
  await p.button(p.heldItem('m1'), 'Inspect m1').click();
  const actions = p.inspector().getByRole('group', { name: 'Settle the selected message' });
  await expect(actions).toBeVisible();
  const top = async (sel: string) => (await page.locator(sel).first().boundingBox())!.y;
  const stage = await top('canvas.stage');
  const settle = (await actions.boundingBox())!.y;
  const board = (await p.region('Receiver R1').boundingBox())!.y;
  expect(stage).toBeLessThan(settle);
  expect(settle).toBeLessThan(board);
  expect(settle).toBeLessThan(812 + 400); // just below the fold at most, not 1,500 px down
  await p.button(actions, 'Complete').click();
  await expect(p.log()).toContainText('R1 completed m1');
  await context.close();
});

test('at 1280×800 the header, the clock and the whole stage are in view without scrolling; the header stays on scroll', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const p = new Playground(page);
  await p.open(scenario([
    { at_ms: 0, do: 'send', by: 'S1', id: 'm1' },
    ...Array.from({ length: 8 }, (_, i) => ({ at_ms: 0, do: 'receive', by: `R${i + 1}` })),
  ]));
  const box = (await page.locator('canvas.stage').boundingBox())!;
  expect(box.y).toBeGreaterThan(0);
  expect(box.y + box.height).toBeLessThanOrEqual(800);
  expect(box.x + box.width).toBeLessThanOrEqual(1280);
  expect(box.width).toBeGreaterThan(1000);
  await page.mouse.wheel(0, 1500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  const clock = (await page.getByTestId('clock').boundingBox())!;
  expect(clock.y).toBeGreaterThanOrEqual(0);
  expect(clock.y).toBeLessThan(100);
});

test('keyboard shortcuts: Space, →, E, +/−, R, F', async ({ page }) => {
  const p = new Playground(page);
  await p.open(scenario([
    { at_ms: 0, do: 'send', by: 'S1', id: 'm1' },
    { at_ms: 0, do: 'receive', by: 'R1' },
    { at_ms: 2000, do: 'send', by: 'S1', id: 'm2' },
  ]));
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('ArrowRight');
  await expect(p.virtualTime()).resolves.toBe('2.000 s');
  await page.keyboard.press('e');
  await expect(p.virtualTime()).resolves.toBe('5.000 s');
  await page.keyboard.press('+');
  await expect(p.clock().getByLabel('Speed')).toHaveValue('2');
  await page.keyboard.press('-');
  await page.keyboard.press('-');
  await expect(p.clock().getByLabel('Speed')).toHaveValue('0.5');
  await page.keyboard.press(' ');
  await expect(p.button(p.clock(), 'Pause')).toBeVisible();
  await page.keyboard.press(' ');
  await expect(p.button(p.clock(), 'Play')).toBeVisible();
  await page.keyboard.press('r');
  await expect(p.virtualTime()).resolves.toBe('0.000 s');
  // Typing in a field is typing, not a shortcut.
  await p.sender('S1').getByLabel('Body').fill('');
  await p.sender('S1').getByLabel('Body').press('e');
  await expect(p.virtualTime()).resolves.toBe('0.000 s');
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('f');
  await expect(page.locator('body')).toHaveClass(/presenter/);
  await expect(p.region('Event log')).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(page.locator('body')).not.toHaveClass(/presenter/);
});

test('presenter mode: the stage fills the window under the clock; labels are at least 20 px at 1080p', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  const p = new Playground(page);
  await p.open(one);
  await page.getByRole('button', { name: 'Presenter' }).click();
  await expect(page.getByRole('button', { name: 'Presenter' })).toHaveAttribute('aria-pressed', 'true');
  for (const r of ['Sender S1', 'Receiver R1', 'Event log', 'Queue settings']) await expect(p.region(r)).toBeHidden();
  await expect(p.clock()).toBeVisible();
  const box = (await page.locator('canvas.stage').boundingBox())!;
  expect(box.width).toBeGreaterThan(1700);
  expect(box.y + box.height).toBeLessThanOrEqual(1080);
});

/** WCAG contrast ratio of two CSS colours, computed in the page. */
async function contrasts(page: Page) {
  return page.evaluate(() => {
    const rgb = (s: string) => (s.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const lum = (c: number[]) => {
      const [r, g, b] = c.map((v) => { const x = v / 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const ratio = (a: string, b: string) => { const [x, y] = [lum(rgb(a)), lum(rgb(b))].sort((m, n) => n - m); return (x + 0.05) / (y + 0.05); };
    const cs = (sel: string) => getComputedStyle(document.querySelector(sel)!);
    const card = cs('.card').backgroundColor;
    return {
      primary: ratio(cs('.btn.primary').color, cs('.btn.primary').backgroundColor),
      text: ratio(cs('body').color, cs('body').backgroundColor),
      muted: ratio(cs('.cfg').color, card),
      danger: ratio(cs('.btn.danger').color, card),
    };
  });
}

/**
 * Every text a person can see on the page that reaches less than WCAG AA: 4.5:1 against what
 * is behind it, 3:1 for large text (24 px, or 18.66 px bold). The text's colour and every
 * background under it (their alpha, the opacity of the element and its ancestors) are composed
 * as the browser would, through a canvas (any CSS colour syntax, color-mix included). Not
 * counted: text nobody sees (hidden, clipped to a pixel for screen readers, transparent over
 * the clock's painted face) and disabled controls (WCAG exempts them).
 */
async function lowContrast(page: Page) {
  return page.evaluate(() => {
    const cv = document.createElement('canvas');
    cv.width = cv.height = 1;
    const g = cv.getContext('2d', { willReadFrequently: true })!;
    const rgba = (css: string): number[] => {
      g.clearRect(0, 0, 1, 1);
      g.fillStyle = '#000';
      g.fillStyle = css;
      g.fillRect(0, 0, 1, 1);
      const [r, gg, b, a] = g.getImageData(0, 0, 1, 1).data;
      return [r, gg, b, a / 255];
    };
    const over = (top: number[], under: number[]) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3])).concat(1);
    const lum = (c: number[]) => {
      const [r, gg, b] = c.slice(0, 3).map((v) => { const x = v / 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; });
      return 0.2126 * r + 0.7152 * gg + 0.0722 * b;
    };
    const ratio = (a: number[], b: number[]) => { const [x, y] = [lum(a), lum(b)].sort((m, n) => n - m); return (x + 0.05) / (y + 0.05); };
    const tiny = (e: Element) => { for (let x: Element | null = e; x; x = x.parentElement) { const r = x.getBoundingClientRect(); if (r.width <= 1 && r.height <= 1) return true; } return false; };
    const found: string[] = [];
    const seen = new Set<Element>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const els: Element[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (n.textContent!.trim() && n.parentElement && !seen.has(n.parentElement)) { seen.add(n.parentElement); els.push(n.parentElement); }
    }
    for (const e of document.querySelectorAll('select, input:not([type=checkbox]):not([type=file]):not([type=radio]), textarea')) {
      if ((e as HTMLInputElement).value) els.push(e);
    }
    for (const e of els) {
      if (e.closest('script, style, noscript, option, canvas')) continue;
      if (!e.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      if (e.closest(':disabled')) continue;
      if (tiny(e)) continue;
      const cs = getComputedStyle(e);
      let fg = rgba(cs.color);
      if (fg[3] === 0) continue;
      // The backgrounds under it, from the page's down to its own, and the opacities over it.
      const chain: Element[] = [];
      for (let x: Element | null = e; x; x = x.parentElement) chain.unshift(x);
      let bg = [255, 255, 255, 1];
      let opacity = 1;
      for (const x of chain) {
        const xs = getComputedStyle(x);
        bg = over(rgba(xs.backgroundColor), bg);
        opacity *= Number(xs.opacity);
      }
      fg = over([fg[0], fg[1], fg[2], fg[3] * opacity], bg);
      const size = parseFloat(cs.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(cs.fontWeight) >= 700);
      const r = ratio(fg, bg);
      if (r < (large ? 3 : 4.5)) {
        const text = (e instanceof HTMLSelectElement || e instanceof HTMLInputElement || e instanceof HTMLTextAreaElement ? e.value : e.textContent!).trim().slice(0, 40);
        found.push(`${r.toFixed(2)}:1 ${e.tagName.toLowerCase()}.${[...e.classList].join('.')} ${size}px "${text}" (${cs.color} on ${bg.slice(0, 3).join(',')})`);
      }
    }
    return found;
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`${theme} theme: primary buttons and text reach WCAG AA (4.5:1)`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    const p = new Playground(page);
    await p.open(scenario([{ at_ms: 0, do: 'send', by: 'S1', id: 'm1' }, { at_ms: 0, do: 'receive', by: 'R1' }]));
    const c = await contrasts(page);
    for (const [k, v] of Object.entries(c)) expect(v, k).toBeGreaterThanOrEqual(4.5);
  });

  test(`${theme} theme: every text on the page reaches WCAG AA (4.5:1, 3:1 when large)`, async ({ page }) => {
    test.setTimeout(90_000);
    // At rest: a message's arrival fades it in (not under reduced motion).
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    const p = new Playground(page);
    const all: string[] = [];
    const check = async (where: string) => { for (const f of await lowContrast(page)) all.push(`${where}: ${f}`); };
    // Held messages, every lane, an error in the log, the inspector, the queue's text mirror
    // (shown to the keyboard) and the lesson list open.
    await p.open(scenario([
      { at_ms: 0, do: 'send', by: 'S1', id: 'm1' },
      { at_ms: 0, do: 'send', by: 'S1', id: 'm2' },
      { at_ms: 0, do: 'send', by: 'S1', id: 'm3' },
      { at_ms: 0, do: 'send', by: 'S1', id: 'm5' },
      { at_ms: 0, do: 'schedule', by: 'S1', id: 'm4', scheduled_enqueue_ms: 60_000 },
      { at_ms: 0, do: 'receive', by: 'R1', max: 3 },
      { at_ms: 0, do: 'dead_letter', by: 'R1', msg: 'm2' },
      { at_ms: 0, do: 'defer', by: 'R1', msg: 'm3' },
      { at_ms: 0, do: 'complete', by: 'R2', msg: 'm9' },
    ], { lock_duration_ms: 60_000 }));
    await page.getByText('Lessons and side-by-side comparisons').click();
    await p.button(p.heldItem('m1'), 'Inspect m1').click();
    await check('a scenario');
    await p.region('Queue').getByRole('button').first().focus();
    await check('the queue\'s text mirror');
    // A lesson: the list with its current one, the caption and the hint of a pause.
    await page.goto('./?preset=poison-message&speed=10');
    await expect(page.getByRole('heading', { name: 'Settle', level: 1 })).toBeVisible({ timeout: 15_000 });
    await page.getByText('Lessons and side-by-side comparisons').click();
    for (let i = 0; i < 40 && !(await p.button(p.clock(), 'Play').isVisible()); i++) await p.runFor(250);
    await expect(page.locator('.caption-hint')).not.toHaveClass(/off/);
    await check('a lesson at a pause');
    // Its end: "What you saw" and its figures.
    await page.goto('./?preset=poison-message&speed=100');
    await expect(page.getByRole('heading', { name: 'Settle', level: 1 })).toBeVisible({ timeout: 15_000 });
    const summary = await p.playToSummary();
    await expect(summary).toBeVisible();
    await check('a lesson\'s end');
    // A comparison, side by side.
    await page.goto('./?compare=crash-short-vs-long-lock&paused=1');
    await expect(p.region('Comparison')).toBeVisible({ timeout: 15_000 });
    await check('a comparison');
    // Presenter mode, and an embed.
    await page.getByRole('button', { name: 'Presenter' }).click();
    await check('presenter mode');
    await page.goto('./view.html?embed&preset=poison-message');
    await expect(page.getByTestId('clock')).toHaveText('0.000 s', { timeout: 15_000 });
    await check('an embed');
    await page.goto('./?embed&preset=poison-message&controls=1&paused=1');
    await expect(page.getByTestId('clock')).toHaveText('0.000 s', { timeout: 15_000 });
    await check('an embed\'s controls');
    expect(all, 'texts under WCAG AA').toEqual([]);
  });
}

/** The places drawn on the stage (the canvas's `data-places`), in page coordinates. */
async function places(page: Page) {
  const canvas = page.locator('canvas.stage');
  await expect.poll(() => canvas.getAttribute('data-places')).toContain('Dead-letter queue');
  const box = (await canvas.boundingBox())!;
  return (await canvas.getAttribute('data-places'))!.split(';').map((p) => {
    const at = p.lastIndexOf(':');
    const [x, y, w, h] = p.slice(at + 1).split(',').map(Number);
    return { name: p.slice(0, at), x: box.x + x, y: box.y + y, w, h };
  });
}

/** Everything on the stage, the stage itself and the clock lie inside a `w`×`h` window. */
async function allInView(page: Page, w: number, h: number, receivers: string[]) {
  const box = (await page.locator('canvas.stage').boundingBox())!;
  expect(box.y, 'the stage starts in view').toBeGreaterThan(0);
  expect(box.y + box.height, 'the stage ends in view').toBeLessThanOrEqual(h);
  expect(box.x + box.width).toBeLessThanOrEqual(w);
  const ps = await places(page);
  const names = ps.map((p) => p.name);
  for (const want of ['Dead-letter queue', 'Available', ...receivers]) expect(names).toContain(want);
  for (const p of ps) {
    expect(p.x, p.name).toBeGreaterThanOrEqual(0);
    expect(p.y, p.name).toBeGreaterThanOrEqual(0);
    expect(p.x + p.w, p.name).toBeLessThanOrEqual(w);
    expect(p.y + p.h, p.name).toBeLessThanOrEqual(h);
  }
  const clock = (await page.getByTestId('clock').boundingBox())!;
  expect(clock.y).toBeGreaterThanOrEqual(0);
  expect(clock.y + clock.height).toBeLessThanOrEqual(h);
  // The timeline under the stage too: a trainer goes back without scrolling.
  const timeline = (await page.getByRole('slider', { name: 'Virtual time' }).boundingBox())!;
  expect(timeline.y, 'the timeline is under the stage').toBeGreaterThanOrEqual(box.y + box.height);
  expect(timeline.y + timeline.height, 'the timeline ends in view').toBeLessThanOrEqual(h);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  return box;
}

/** A first visit in `lang` on a `w`×`h` window: the lesson list open, the whole stage in view,
 * and every lesson still there: the last one comes into view inside the list, the page itself
 * unscrolled. The stage's box. */
async function firstVisit(page: Page, lang: string, w: number, h: number) {
  await page.setViewportSize({ width: w, height: h });
  await page.goto(`./?lang=${lang}`);
  // The app's page, not the first screen index.html shows before it (shell.spec.ts).
  await expect(page.locator('#boot')).toHaveCount(0, { timeout: 15_000 });
  const stage = page.locator('canvas.stage');
  await expect(stage).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('nav.lessons details')).toHaveJSProperty('open', true);
  const box = (await stage.boundingBox())!;
  expect(box.y, 'the stage starts in view').toBeGreaterThan(0);
  expect(box.y + box.height, 'the stage ends in view').toBeLessThanOrEqual(h);
  const last = page.locator('.lessons-body a').last();
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport();
  const list = (await page.locator('.lessons-body').boundingBox())!;
  const at = (await last.boundingBox())!;
  expect(at.y + at.height).toBeLessThanOrEqual(list.y + list.height + 1);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  return box;
}

for (const lang of ['en', 'cs', 'ru', 'zh-Hans']) {
  test(`a first visit at 1280×800 in ${lang}: the lesson list open, the whole stage and its timeline in view; the list scrolls to its last lesson`, async ({ page }) => {
    const box = await firstVisit(page, lang, 1280, 800);
    const timeline = (await page.locator('.tl-track[role=slider]').boundingBox())!;
    expect(timeline.y).toBeGreaterThanOrEqual(box.y + box.height);
    expect(timeline.y + timeline.height, 'the timeline ends in view').toBeLessThanOrEqual(800);
  });
}

for (const lang of ['en', 'ru']) {
  test(`a first visit on a phone (375×740) in ${lang}: the whole stage in view under the open lesson list, which scrolls to its last lesson`, async ({ page }) => {
    await firstVisit(page, lang, 375, 740);
  });
}

for (const preset of ['lock-expiry', 'poison-message', 'send-modes']) {
  test(`at 1280×800 the lesson ${preset} with its caption shows the whole stage, the dead-letter queue included`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.clock.install({ time: 0 });
    await page.goto(`./?preset=${preset}`);
    await expect(page.getByRole('heading', { name: 'Settle', level: 1 })).toBeVisible({ timeout: 15_000 });
    const caption = page.getByRole('status', { name: 'Caption' });
    for (let i = 0; i < 40 && !(await caption.textContent())?.trim(); i++) await page.clock.runFor(250);
    await expect(caption).not.toBeEmpty();
    await allInView(page, 1280, 800, []);
  });
}

test('at 1280×800 eight receivers, a two-line caption and the dead-letter queue are all in view, and the stage does not move while the lesson plays', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const receivers = Array.from({ length: 8 }, (_, i) => `R${i + 1}`);
  const p = new Playground(page);
  await p.open(scenario([
    ...Array.from({ length: 12 }, (_, i) => ({ at_ms: 0, do: 'send', by: 'S1', id: `order-${i + 1}` })),
    ...receivers.map((r) => ({ at_ms: 100, do: 'receive', by: r })),
    { at_ms: 200, do: 'dead_letter', by: 'R1', msg: 'order-1', reason: 'InvalidPayload', description: 'customer id missing' },
  ], { lock_duration_ms: 30_000 }, {
    title: 'Eight receivers',
    description: 'Eight receivers share the queue; one order is malformed.',
    lesson: { notes: [
      { at_ms: 0, text: 'Twelve orders arrive. '.repeat(8) + 'Eight receivers are about to take one each, and one of them will find a malformed order.', pause: true },
      { at_ms: 150, text: 'Each receiver holds one order under a 30-second lock.' },
      { at_ms: 250, text: 'R1 dead-lettered order-1 with its reason; the others still hold theirs.' },
    ] },
  }));
  await expect(page.getByRole('status', { name: 'Caption' })).toContainText('Twelve orders');
  const first = await allInView(page, 1280, 800, receivers);
  // The caption changes (and the "paused here" hint comes and goes): the stage stays put.
  await p.clockButton('Play');
  await p.runFor(1_000);
  await expect(page.getByRole('status', { name: 'Caption' })).toContainText('R1 dead-lettered');
  const after = await allInView(page, 1280, 800, receivers);
  expect(after).toEqual(first);
  expect((await places(page)).find((x) => x.name === 'Dead-letter queue')).toBeTruthy();
});

/** Plays `s` for 3 s of real time and counts the frames in which the clock's readout, the
 * timeline's cursor and its markers changed (a MutationObserver on each), those in which
 * either of the two readouts (virtual and real time) changed, and those in which the clock's
 * face (the readouts a worker paints while the clock runs) was given new text. */
async function domChanges(page: Page, s: ReturnType<typeof scenario>) {
  const p = new Playground(page);
  await p.open(s);
  await p.clockButton('Play');
  await p.runFor(500);
  await page.evaluate(() => {
    const w = window as unknown as { seen: Record<string, number[]>; frames: number };
    w.seen = { clock: [], real: [], cursor: [], markers: [], face: [] };
    w.frames = 0;
    const count = () => { w.frames++; requestAnimationFrame(count); };
    requestAnimationFrame(count);
    const on = (key: string, el: Element, opts: MutationObserverInit) =>
      new MutationObserver(() => w.seen[key].push(w.frames)).observe(el, opts);
    const text = { subtree: true, childList: true, characterData: true };
    on('clock', document.querySelector('[data-testid="clock"]')!, text);
    on('real', document.querySelector('.clock-real')!, text);
    for (const el of document.querySelectorAll('.tl-played, .tl-now')) on('cursor', el, { attributes: true });
    // The markers are drawn on the track's canvas, which counts its paints.
    on('markers', document.querySelector('.tl-marks')!, { attributes: true, attributeFilter: ['data-paints'] });
    on('face', document.querySelector('canvas.clock-face')!, { attributes: true, attributeFilter: ['data-shows'] });
  });
  const before = parseFloat(await p.virtualTime());
  await p.runFor(3000);
  const { seen, frames } = await page.evaluate(() => {
    const w = window as unknown as { seen: Record<string, number[]>; frames: number };
    return { seen: w.seen, frames: w.frames };
  });
  // The clock ran (about 3 s of virtual time in 3 s) in some 180 frames.
  expect(parseFloat(await p.virtualTime()) - before).toBeGreaterThan(2.5);
  expect(frames).toBeGreaterThan(150);
  // Each change is stamped with the number of the frame it was made in.
  const distinct = (xs: number[]) => new Set(xs).size;
  return {
    p, clock: distinct(seen.clock), real: distinct(seen.real), readouts: distinct([...seen.clock, ...seen.real]),
    cursor: distinct(seen.cursor), markers: distinct(seen.markers), face: distinct(seen.face),
  };
}

test('a running clock\'s readouts are painted off the main thread ten times a second, their text follows the publications; the timeline follows without relayout', async ({ page, context }) => {
  test.slow(); // two pages, 7 s of frames each, on a busy machine
  // The frame budget (docs/perf/frame-cost.md): each change of the page's text costs the main thread a style
  // pass, a layout, a paint and a commit. While the clock runs a worker paints the readouts on
  // the clock's face ten times a second (player/src/paint/face.rs); the page's text of them (for
  // screen readers) follows the publications, about twice a second; the timeline's cursor
  // moves by transforms at most ten times a second, and its markers are rebuilt at the
  // snapshot's pace, not in every frame.
  const script: unknown[] = [];
  for (let i = 0; i < 40; i++) script.push({ at_ms: 0, do: 'send', by: 'S1', id: `m${i}` });
  for (let k = 0; k < 20; k++) for (const r of ['R1', 'R2', 'R3']) script.push({ at_ms: k * 700, do: 'receive', by: r, max: 2 });
  const scripted = await domChanges(page, scenario(script));
  await expect(page.locator('canvas.clock-face')).toHaveAttribute('data-painter', 'worker');
  await expect(page.locator('.clock-readout')).toHaveClass(/painted/);
  expect(scripted.face, 'clock face pictures').toBeGreaterThan(20);
  expect(scripted.face, 'clock face pictures').toBeLessThanOrEqual(40);
  expect(scripted.clock, 'clock readout text updates').toBeGreaterThan(0);
  expect(scripted.clock, 'clock readout text updates').toBeLessThanOrEqual(8);
  // The real time's readout changes in the same frames as the virtual time's.
  expect(scripted.readouts, 'frames in which a readout\'s text changed').toBeLessThanOrEqual(scripted.clock + 1);
  expect(scripted.cursor, 'timeline cursor updates').toBeGreaterThan(20);
  expect(scripted.cursor, 'timeline cursor updates').toBeLessThanOrEqual(40);
  // Paused, the page's text is exact again and shows (the face is hidden): the same time as
  // the cursor's.
  const p = scripted.p;
  await p.clockButton('Pause');
  await p.runFor(100);
  await expect(page.locator('.clock-readout')).not.toHaveClass(/painted/);
  await expect(page.locator('canvas.clock-face')).toBeHidden();
  const slider = page.getByRole('slider', { name: 'Virtual time' });
  const [now, end] = [Number(await slider.getAttribute('aria-valuenow')), Number(await slider.getAttribute('aria-valuemax'))];
  expect(await page.getByTestId('clock').textContent()).toBe(await p.virtualTime());
  expect(now).toBe(Math.round(parseFloat(await p.virtualTime()) * 1000));
  expect((await page.locator('canvas.clock-face').getAttribute('data-shows'))?.split('\n')[0]).toBe(await p.virtualTime());
  const [dx, width] = await page.locator('.tl-now').evaluate((el) =>
    [new DOMMatrix(getComputedStyle(el).transform).m41, el.getBoundingClientRect().width / new DOMMatrix(getComputedStyle(el).transform).a]);
  expect(Math.abs(dx / width - now / end)).toBeLessThan(0.002);

  // Workers with no end: the story grows with the clock, and with it the track's span.
  const actors: unknown[] = [{ kind: 'sender', name: 'S1', mode: 'pipelined', count: 300, rtt_ms: 70, store_ms: 10 }];
  for (const r of ['W1', 'W2', 'W3']) actors.push({ kind: 'receiver', name: r, concurrency: 2, processing_ms: [300, 900] });
  const open = await domChanges(await context.newPage(), scenario([], {}, { actors } as never));
  expect(open.clock, 'clock readout text updates').toBeLessThanOrEqual(8);
  expect(open.face, 'clock face pictures').toBeGreaterThan(20);
  expect(open.markers, 'timeline marker paints').toBeGreaterThan(0);
  expect(open.markers, 'timeline marker paints').toBeLessThanOrEqual(10);
});

test('the clock\'s face writes the readouts where their text is, in its font and colour, in both themes', async ({ page }) => {
  // The face (player/src/paint/face.rs) replaces the readouts' text while the clock runs: the two
  // pictures must be the same, or the time would jump or change colour at Play and Pause.
  const p = new Playground(page);
  await p.open(scenario([{ at_ms: 12_345, do: 'send', by: 'S1', id: 'm1' }]));
  await p.clockButton('Step');
  expect(await p.virtualTime()).toBe('12.345 s');
  const readout = page.locator('.clock-readout');
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    // The face reads its colours again when the theme changes (within a second).
    await p.runFor(1_500);
    await expect(page.locator('canvas.clock-face')).toHaveAttribute('data-shows', '12.345 s\nreal 0.0 s');
    await readout.evaluate((el) => el.classList.remove('painted'));
    const text = await stableShot(readout);
    await readout.evaluate((el) => el.classList.add('painted'));
    await p.runFor(100);
    const face = await stableShot(readout);
    // The measure's own check: the face one pixel lower (a transform, which the face does
    // not measure) must be seen as that.
    const faceEl = page.locator('canvas.clock-face');
    await faceEl.evaluate((el: HTMLElement) => { el.style.translate = '0 1px'; });
    const lower = await stableShot(readout);
    await faceEl.evaluate((el: HTMLElement) => { el.style.translate = ''; });
    const [a, b, c] = await Promise.all([text, face, lower].map((png) => ink(page, png)));
    expect(a.ink, `${theme}: the readouts' ink`).toBeGreaterThan(10_000);
    expect(Math.abs(b.ink / a.ink - 1), `${theme}: as much ink on the face as in the text`).toBeLessThan(0.1);
    // In the same place to a quarter of a pixel (one pixel off is visible: the time jumps).
    expect(Math.abs(b.x - a.x), `${theme}: across`).toBeLessThan(0.25);
    expect(Math.abs(b.y - a.y), `${theme}: down`).toBeLessThan(0.25);
    expect(Math.abs(c.y - b.y - 1), `${theme}: a face one pixel lower is seen as that`).toBeLessThan(0.25);
    // In the same colour.
    for (let k = 0; k < 3; k++) expect(Math.abs(b.rgb[k] - a.rgb[k]), `${theme}: colour`).toBeLessThan(12);
    await readout.evaluate((el) => el.classList.remove('painted'));
  }
});

test('the clock\'s readouts lay out on their own: contained boxes as wide as their text, whatever its length', async ({ page }) => {
  // While the clock runs the readouts change ten times a second; a box that is size- and
  // layout-contained, and is not itself a flex or grid item, is a relayout boundary, so a new
  // time lays out that box alone instead of the page (web/src/ui/clock.rs `fixed`).
  const p = new Playground(page);
  const check = async () => {
    for (const box of [page.getByTestId('clock').locator('.fixed-text'), page.locator('.clock-real .fixed-text')]) {
      const r = await box.evaluate((el) => {
        const cs = getComputedStyle(el);
        const parent = getComputedStyle(el.parentElement!).display;
        return { contain: cs.contain, display: cs.display, parent, fits: el.scrollWidth <= el.clientWidth + 1, width: el.clientWidth, text: el.textContent };
      });
      expect(r.contain).toBe('strict');
      expect(r.display).toBe('inline-block');
      expect(r.parent).not.toMatch(/flex|grid/);
      expect(r.fits, `${r.text} fits in ${r.width} px`).toBe(true);
    }
    return page.getByTestId('clock').locator('.fixed-text').evaluate((el) => el.clientWidth);
  };
  await p.open(scenario([{ at_ms: 12_345, do: 'send', by: 'S1', id: 'm1' }]));
  expect(await p.virtualTime()).toBe('0.000 s');
  const short = await check();
  await p.clockButton('Step');
  expect(await p.virtualTime()).toBe('12.345 s');
  const long = await check();
  expect(long).toBeGreaterThan(short);
});
