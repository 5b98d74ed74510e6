import { expect, test, type Page, type Route } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Playground } from './fixtures/playground';

// The playground's first screen before its wasm arrives (scripts/shell-page.mjs): index.html
// carries the page the app builds on a first visit, recorded from the app in each language
// (web/shell/<lang>.html), and shows it in place of "Loading…".

const LANGS = ['en', 'cs', 'ru', 'zh-Hans'];
const shellFile = (lang: string) => resolve(__dirname, `../../../web/shell/${lang}.html`);

/** The page the app builds when it opens `address`, as it is the moment the app has replaced
 * the loading shell (the task that mounts it, before any frame or later task). */
async function appFirstScreen(page: Page, address: string): Promise<string> {
  await page.addInitScript(() => {
    const w = window as unknown as { firstScreen?: string };
    new MutationObserver((records, seen) => {
      if (!records.some((r) => [...r.removedNodes].some((n) => (n as Element).id === 'boot'))) return;
      seen.disconnect();
      w.firstScreen = [...document.body.children]
        .filter((e) => !['SCRIPT', 'NOSCRIPT', 'TEMPLATE'].includes(e.tagName))
        .map((e) => e.outerHTML)
        .join('\n');
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(address);
  await page.waitForFunction(() => (window as unknown as { firstScreen?: string }).firstScreen, null, { timeout: 15_000 });
  return page.evaluate(() => (window as unknown as { firstScreen: string }).firstScreen);
}

/** Holds the playground's wasm until `release` is called: the page shows what it has without it. */
async function holdWasm(page: Page): Promise<() => Promise<void>> {
  let held: Route | undefined;
  let arrived: () => void;
  const asked = new Promise<void>((r) => { arrived = r; });
  await page.route(/settle-web-[0-9a-f]+_bg\.wasm$/, (route) => { held = route; arrived(); });
  return async () => {
    await asked;
    await held!.continue();
  };
}

const appCame = (page: Page) => expect(page.locator('#boot')).toHaveCount(0, { timeout: 15_000 });

for (const lang of LANGS) {
  test(`the first screen index.html shows in ${lang} is the one the app builds (web/shell/${lang}.html; SETTLE_BLESS=1 records it)`, async ({ page }) => {
    const built = await appFirstScreen(page, `./?lang=${lang}`);
    // What a first visit builds: the welcome lesson, its list open, the clock running.
    expect(built).toContain('class="stage-box');
    expect(built).toContain('<nav class="lessons');
    if (process.env.SETTLE_BLESS) writeFileSync(shellFile(lang), `${built}\n`);
    expect(built, `web/shell/${lang}.html is not what the app builds now: record it again with SETTLE_BLESS=1 and rebuild`)
      .toBe(readFileSync(shellFile(lang), 'utf8').trimEnd());
  });
}

/** Where the parts of the first screen are, in CSS px. */
const boxes = (page: Page) => page.evaluate(() =>
  ['header.top', 'nav.lessons', '.scenario-intro', '.stage-box', '.timeline'].map((sel) => {
    const r = document.querySelector(sel)?.getBoundingClientRect();
    return r ? `${sel} ${r.x},${r.y} ${r.width}×${r.height}` : `${sel} missing`;
  }));

for (const [lang, w, h] of [['en', 1280, 800], ['ru', 1280, 800], ['cs', 375, 740], ['zh-Hans', 1920, 1080]] as const) {
  test(`before its wasm arrives the playground shows its first screen in ${lang} at ${w}×${h}, and the app takes it over without moving anything`, async ({ page }) => {
    await page.setViewportSize({ width: w, height: h });
    // The app's clock stands at its start: what it shows first is what is compared.
    await page.clock.install({ time: 0 });
    await page.clock.pauseAt(1_000);
    const errors: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    const release = await holdWasm(page);
    await page.goto(`./?lang=${lang}`);
    await expect(page.locator('#boot.shell canvas.stage')).toBeVisible();
    await expect(page.locator('.boot-msg')).toHaveCount(0);
    // The empty stage pulses until the app draws it; the app's does not.
    const pulse = () => page.locator('canvas.stage').evaluate((c) => getComputedStyle(c).animationName);
    expect(await pulse()).toBe('shell-wait');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    const before = await boxes(page);
    // What moves by itself once the app runs (the stage, the clock, the timeline's marks) is
    // masked; everything else is the same picture.
    const shot = () => page.screenshot({ mask: [page.locator('canvas'), page.locator('.clock-readout'), page.locator('.tl-track')] });
    const shell = await shot();
    await release();
    await appCame(page);
    expect(await boxes(page)).toEqual(before);
    expect(await pulse()).toBe('none');
    expect((await shot()).equals(shell), 'the screen the app took over').toBe(true);
    // Nothing refused by the page's policy (a style attribute would be) or failing.
    expect(errors).toEqual([]);
  });
}

test('a click before the app arrives waits for it and then applies once: Pause, the lesson\'s description opened, a speed chosen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.clock.install({ time: 0 });
  await page.clock.pauseAt(1_000);
  const release = await holdWasm(page);
  await page.goto('./?lang=en');
  const clock = page.getByRole('group', { name: 'Clock' });
  await expect(page.locator('#boot.shell')).toBeVisible();
  await clock.getByRole('button', { name: 'Pause', exact: true }).click();
  const description = page.locator('.scenario-intro p[role=button]');
  await description.click();
  await clock.getByLabel('Speed').selectOption('5');
  // Nothing happens yet: the page is the shell's.
  await expect(description).toHaveAttribute('aria-expanded', 'false');
  await release();
  await appCame(page);
  await expect(clock.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expect(description).toHaveAttribute('aria-expanded', 'true');
  await expect(clock.getByLabel('Speed')).toHaveValue('5');
  // Paused at the start: the clock does not move.
  await page.clock.runFor(2_000);
  await expect(page.getByTestId('clock')).toHaveText('0.000 s');
  // At the speed chosen: a second is five.
  await clock.getByRole('button', { name: 'Play', exact: true }).click();
  await page.clock.runFor(1_000);
  const t = parseFloat(await new Playground(page).virtualTime());
  expect(t).toBeGreaterThan(4);
  expect(t).toBeLessThan(6);
});

for (const address of ['./?paused=1', './?preset=lock-expiry', './#s=x']) {
  test(`${address} opens another page than the first visit's: the loading message until the app comes`, async ({ page }) => {
    const release = await holdWasm(page);
    await page.goto(address);
    await expect(page.locator('#boot.boot .boot-msg')).toBeVisible();
    await expect(page.locator('canvas.stage')).toHaveCount(0);
    await release();
    await appCame(page);
  });
}

test('the embeds\' page and the playground with entities carry no first screen of the playground', async ({ request }) => {
  for (const p of ['view.html', 'full.html', 'whatif.html']) {
    expect(await (await request.get(p)).text(), p).not.toContain('<template id="shell-');
  }
  expect(await (await request.get('./')).text()).toContain('<template id="shell-en">');
});

test('before the app arrives a key pressed waits for it too, and the lesson list keeps its scroll and the focus its control', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.clock.install({ time: 0 });
  const release = await holdWasm(page);
  await page.goto('./?lang=en');
  await expect(page.locator('#boot.shell')).toBeVisible();
  // Space on the page: the clock's Play/Pause, once the app is there; it does not scroll.
  await page.keyboard.press('Space');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const list = page.locator('.lessons-body');
  await list.evaluate((l) => { l.scrollTop = 120; });
  const lesson = page.locator('.lessons-body a').nth(5);
  await lesson.focus();
  const name = await lesson.textContent();
  const scrolled = await list.evaluate((l) => l.scrollTop);
  expect(scrolled).toBeGreaterThan(100);
  await release();
  await appCame(page);
  await expect(page.getByRole('group', { name: 'Clock' }).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  expect(await list.evaluate((l) => l.scrollTop)).toBe(scrolled);
  await expect(page.locator(':focus')).toHaveText(name!);
});

test.describe('with the browser in Czech and no lang= in the address', () => {
  test.use({ locale: 'cs-CZ' });
  test('the first screen is in the language the app then speaks', async ({ page }) => {
    await page.clock.install({ time: 0 });
    await page.clock.pauseAt(1_000);
    const release = await holdWasm(page);
    await page.goto('./');
    await expect(page.locator('#boot.shell nav.lessons')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('cs');
    const words = await page.locator('#boot.shell .scenario-intro').textContent();
    await release();
    await appCame(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('cs');
    await expect(page.locator('.scenario-intro')).toHaveText(words!);
  });
});

test('when the app cannot start (its wasm not found), the first screen gives way to a message that says so', async ({ page }) => {
  await page.route(/settle-web-[0-9a-f]+_bg\.wasm$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto('./?lang=en');
  await expect(page.locator('#boot.boot .boot-msg')).toContainText('Settle could not start in this browser', { timeout: 15_000 });
  await expect(page.locator('canvas.stage')).toHaveCount(0);
});
