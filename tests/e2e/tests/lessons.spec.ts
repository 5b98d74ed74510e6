import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { Playground, openPreset } from './fixtures/playground';

const settle = process.env.SETTLE_BIN ?? resolve(__dirname, '../../../target/debug/settle');

/** What `settle lesson preset:NAME` prints: captions with their times, summary and figures. */
function cliLesson(name: string) {
  const out = execFileSync(settle, ['lesson', `preset:${name}`], { encoding: 'utf8' });
  const [head, tail = ''] = out.split('\nWhat you saw\n');
  const notes = [...head.matchAll(/^ {2}(\d+):(\d\d)\.(\d{3}) {2}(.*?)( {2}\[pause\])?$/gm)].map((m) => ({
    at: (Number(m[1]) * 60 + Number(m[2])) * 1000 + Number(m[3]),
    text: m[4],
    pause: !!m[5],
  }));
  const summary = [...tail.matchAll(/^ {2}- (.*)$/gm)].map((m) => m[1]);
  const figures = [...tail.matchAll(/^ +(\S.*?) {2}(\S.*)$/gm)].filter((m) => !m[0].startsWith('  - ')).map((m) => ({ value: m[1], label: m[2] }));
  const speed = Number(/^speed (\S+)x$/m.exec(head)![1]);
  return { notes, summary, figures, speed };
}

const openLesson = openPreset;

const caption = (page: Page) => page.getByRole('status', { name: 'Caption' });

test('poison message: captions at their times, pauses, the summary and figures of the run', async ({ page }) => {
  const want = cliLesson('poison-message');
  expect(want.notes.length).toBeGreaterThan(3);
  expect(want.notes.some((n) => n.pause)).toBe(true);
  const p = await openLesson(page, 'poison-message');
  await expect(p.clock().getByLabel('Speed')).toHaveValue(String(want.speed));
  await expect(caption(page)).toHaveText(want.notes[0].text);
  await expect(page.getByRole('region', { name: 'What you saw' })).toHaveCount(0);
  // Play through: every pausing caption stops the clock exactly at its time.
  let at = 0;
  for (const [i, n] of want.notes.entries()) {
    if (i === 0) continue;
    if (!n.pause) continue;
    await p.clockButton('Play');
    await p.runFor(Math.ceil((n.at - at) / want.speed) + 400);
    await expect(p.button(p.clock(), 'Play')).toBeVisible();
    expect(await p.virtualTime()).toBe(`${Math.floor(n.at / 1000)}.${String(n.at % 1000).padStart(3, '0')} s`);
    await expect(caption(page)).toHaveText(n.text);
    at = n.at;
  }
  // The captions between pauses show at their times too: the last one, then the end.
  await p.clockButton('Play');
  const last = want.notes[want.notes.length - 1];
  await p.runFor(Math.ceil((last.at - at) / want.speed) + 100);
  await expect(caption(page)).toHaveText(last.text);
  await expect(page.getByRole('region', { name: 'What you saw' })).toHaveCount(0);
  const doc = JSON.parse(readFileSync(resolve('../../scenario/presets/poison-message.json'), 'utf8'));
  await p.runFor(Math.ceil(((doc.run_until_ms ?? last.at + 10_000) - last.at) / want.speed) + 500);
  const summary = page.getByRole('region', { name: 'What you saw' });
  await expect(summary).toBeVisible();
  for (const line of want.summary) await expect(summary).toContainText(line);
  const figures = summary.getByRole('list', { name: 'Figures' }).getByRole('listitem');
  await expect(figures).toHaveCount(want.figures.length);
  for (const [i, f] of want.figures.entries()) await expect(figures.nth(i)).toHaveText(`${f.value}${f.label}`);
});

test('dead-letter with a reason: the pausing caption shows where code reads the reason, as an application property', async ({ page }) => {
  const want = cliLesson('explicit-dead-letter');
  const stop = want.notes.find((n) => n.pause)!;
  expect(stop.text).toContain("msg.application_properties[b'DeadLetterReason']");
  expect(stop.text).toContain('message.DeadLetterReason');
  const p = await openLesson(page, 'explicit-dead-letter');
  await p.clockButton('Play');
  await p.runFor(Math.ceil(stop.at / want.speed) + 400);
  await expect(p.button(p.clock(), 'Play')).toBeVisible();
  await expect(caption(page)).toHaveText(stop.text);
  // And the inspector shows that property on the message in the dead-letter queue.
  // The stage's text mirror shows itself to keyboard focus, as to a keyboard user.
  const inspect = p.laneItems('Dead-letter queue').first().getByRole('button');
  await inspect.focus();
  await inspect.press('Enter');
  const app = p.inspector().locator('dl[aria-labelledby]');
  await expect(app.getByRole('term')).toHaveText(['DeadLetterErrorDescription', 'DeadLetterReason']);
  await expect(app.getByRole('definition').nth(1)).toHaveText('ValidationFailed');
});

test('send modes: a caption at 80 ms in slow time, and 8,000 / 80 / 800 ms shown big at the end', async ({ page }) => {
  const want = cliLesson('send-modes');
  expect(want.figures.map((f) => f.value)).toEqual(['8,000 ms', '80 ms', '800 ms']);
  const p = await openLesson(page, 'send-modes');
  await expect(caption(page)).toHaveText(want.notes[0].text);
  await p.clockButton('Play');
  await p.runFor(120);
  expect(await p.virtualTime()).toBe('0.080 s');
  await expect(caption(page)).toHaveText(want.notes[1].text);
  // Skim to the end at 100×: each pause stops it, Play goes on.
  await p.clock().getByLabel('Speed').selectOption({ label: '100×' });
  for (let i = 0; i < 10 && !(await page.getByRole('region', { name: 'What you saw' }).isVisible()); i++) {
    if (await p.button(p.clock(), 'Play').isVisible()) await p.clockButton('Play');
    await p.runFor(500);
  }
  const figures = page.getByRole('region', { name: 'What you saw' }).getByRole('list', { name: 'Figures' }).getByRole('listitem');
  await expect(figures).toHaveText(want.figures.map((f) => `${f.value}${f.label}`));
});

test('a lesson plays at its own speed by default, even one the list does not offer', async ({ page }) => {
  const p = await openLesson(page, 'send-settlement');
  await expect(p.clock().getByLabel('Speed')).toHaveValue('0.05');
  await expect(p.clock().getByLabel('Speed').locator('option:checked')).toHaveText('0.05×');
});

test('a scenario without a lesson shows no caption', async ({ page }) => {
  const p = new Playground(page);
  await p.open();
  await expect(caption(page)).toHaveCount(0);
});

test('the lesson list opens a lesson, keeps it in the address across a reload, and marks it', async ({ page }) => {
  const p = new Playground(page);
  await p.open();
  const list = page.getByRole('navigation', { name: 'Lessons' });
  await list.getByRole('link', { name: 'Duplicate detection', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Duplicate detection', level: 2 })).toBeVisible();
  await expect(page).toHaveURL(/\?preset=duplicate-detection$/);
  // The list folds to one line once a lesson is on, so the stage stays in view.
  await expect(list.getByRole('link', { name: 'Duplicate detection', exact: true })).toBeHidden();
  await expect(list.getByRole('link', { name: 'Duplicate detection', exact: true, includeHidden: true })).toHaveAttribute('aria-current', 'page');
  await expect(p.region('Scenario').getByLabel('Preset')).toHaveValue('duplicate-detection');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Duplicate detection', level: 2 })).toBeVisible({ timeout: 15_000 });
  await page.getByText('Lessons and side-by-side comparisons').click();
  await expect(page.getByRole('navigation', { name: 'Lessons' }).getByRole('link', { name: 'Duplicate detection', exact: true })).toHaveAttribute('aria-current', 'page');
});

test('loading from the bottom of the page scrolls to the title, with the notice beside it', async ({ page }) => {
  const p = new Playground(page);
  await p.open();
  const tools = p.region('Scenario');
  await tools.getByLabel('Preset').selectOption('poison-message');
  await p.button(tools, 'Load preset').click();
  const title = page.getByRole('heading', { name: 'A poison message goes to the dead-letter queue', level: 2 });
  await expect(title).toBeInViewport();
  await expect(p.region('About this scenario').getByRole('status')).toContainText('Loaded the lesson "A poison message goes to the dead-letter queue"');
  await expect(page).toHaveURL(/\?preset=poison-message$/);
  // An error shows in the card where it happened, and nothing changes.
  await tools.getByLabel('Scenario JSON').fill('{"settle": 1, "script": [{"at_ms": 0, "do": "fly"}]}');
  await p.button(tools, 'Load').click();
  await expect(tools.getByRole('alert')).toContainText('Not loaded, nothing changed.');
  await expect(title).toBeVisible();
});

test('Restart plays the same lesson again from 0 s', async ({ page }) => {
  const want = cliLesson('poison-message');
  const p = await openLesson(page, 'poison-message');
  const log = await p.log().getByRole('listitem').allTextContents();
  await p.clockButton('Play');
  await p.runFor(3_000);
  expect(await p.virtualTime()).toBe('2.500 s');
  await expect(caption(page)).toHaveText(want.notes[1].text);
  await p.button(p.region('About this scenario'), 'Restart').click();
  expect(await p.virtualTime()).toBe('0.000 s');
  await expect(caption(page)).toHaveText(want.notes[0].text);
  await expect(p.log().getByRole('listitem')).toHaveText(log);
  await expect(page).toHaveURL(/\?preset=poison-message/);
  await p.clockButton('Play');
  await p.runFor(3_000);
  expect(await p.virtualTime()).toBe('2.500 s');
});

test('a comparison from the list shows both runs and its stated difference, and its link restores it', async ({ page }) => {
  const cli = execFileSync(settle, ['compare', 'preset:crash-short-vs-long-lock'], { encoding: 'utf8' });
  const difference = /^Difference: (.*)$/m.exec(cli)![1];
  const p = new Playground(page);
  await p.open();
  await page.getByRole('navigation', { name: 'Lessons' }).getByRole('link', { name: 'A crash with a short lock and with a long one' }).click();
  await expect(page).toHaveURL(/\?compare=crash-short-vs-long-lock$/);
  const panel = p.region('Comparison');
  await expect(panel.getByLabel('Difference')).toHaveText(difference);
  await expect(panel.getByRole('row', { name: /order-1 free again at/ })).toHaveText(/31 s\s*301 s/);
  await p.button(panel, 'Show 5-minute lock').click();
  await expect(page.getByRole('heading', { name: 'A 5-minute lock means 5 minutes of waiting after a crash', level: 2 })).toBeVisible();
  await page.reload();
  await expect(p.region('Comparison').getByLabel('Difference')).toHaveText(difference, { timeout: 15_000 });
});

test('Copy link copies the share link and says so; the link opens at its position', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const p = await openLesson(page, 'poison-message');
  await p.clockButton('Play');
  await p.runFor(3_000);
  const tools = p.region('Scenario');
  await p.button(tools, 'Copy link').click();
  await expect(tools.getByRole('status')).toContainText('Link copied.');
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toMatch(/#s=[A-Za-z0-9_-]+&t=2500$/);
  const other = await context.newPage();
  await other.clock.install({ time: 0 });
  await other.goto(url);
  await expect(other.getByTestId('clock')).toHaveText('2.500 s', { timeout: 15_000 });
  await expect(other.getByRole('status', { name: 'Caption' })).toHaveText(cliLesson('poison-message').notes[1].text);
});

test('Export downloads a file named after the scenario; loading it opens at its position', async ({ page }) => {
  const p = await openLesson(page, 'poison-message');
  await p.clockButton('Play');
  await p.runFor(3_000);
  const before = await p.log().getByRole('listitem').allTextContents();
  const tools = p.region('Scenario');
  const download = page.waitForEvent('download');
  await p.button(tools, 'Export').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('a-poison-message-goes-to-the-dead-letter-queue.json');
  await expect(tools.getByRole('status')).toContainText('Downloaded a-poison-message-goes-to-the-dead-letter-queue.json.');
  const text = await tools.getByLabel('Exported scenario').inputValue();
  const { readFile } = await import('node:fs/promises');
  expect(await readFile(await file.path(), 'utf8')).toBe(text);
  expect(JSON.parse(text).run_until_ms).toBe(2500);
  await p.button(p.region('About this scenario'), 'Restart').click();
  expect(await p.virtualTime()).toBe('0.000 s');
  await tools.getByLabel('Scenario JSON').fill(text);
  await p.button(tools, 'Load').click();
  expect(await p.virtualTime()).toBe('2.500 s');
  await expect(p.region('About this scenario').getByRole('status')).toContainText('at 2.500 s, where it stops');
  await expect(p.log().getByRole('listitem')).toHaveText(before);
  await expect(p.button(p.clock(), 'Play')).toBeVisible();
});

test('a share link opened in an already open tab takes effect', async ({ page }) => {
  const p = await openLesson(page, 'poison-message');
  const doc = { settle: 1, title: 'Pasted into the address bar', seed: 1, queue: { lock_duration_ms: 30000 },
    script: [{ at_ms: 0, do: 'send', by: 'S1', id: 'hash-msg' }, { at_ms: 700, do: 'receive', by: 'R1' }] };
  await page.evaluate((h) => { location.hash = h; }, `s=${Buffer.from(JSON.stringify(doc)).toString('base64url')}&t=700`);
  await expect(page.getByRole('heading', { name: 'Pasted into the address bar', level: 2 })).toBeVisible();
  expect(await p.virtualTime()).toBe('0.700 s');
  await expect(p.heldItem('hash-msg')).toBeVisible();
  await expect(caption(page)).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Opened a shared scenario at 0.700 s' })).toBeVisible();
});

/** The virtual time the clock shows, in ms. */
async function shownMs(p: Playground) {
  const [s, ms] = (await p.virtualTime()).replace(' s', '').split('.');
  return Number(s) * 1000 + Number(ms);
}

test('autoplay=1 in the playground\'s address runs through the captions that pause, as in an embed', async ({ page }) => {
  const p = new Playground(page);
  await page.clock.install({ time: 0 });
  await page.goto('./?preset=load-levelling&speed=10&autoplay=1');
  await expect(page.getByRole('heading', { name: 'Settle', level: 1 })).toBeVisible({ timeout: 15_000 });
  await expect(p.region('About this scenario').getByRole('checkbox', { name: 'Run through captions' })).toBeChecked();
  // The first caption that pauses is at 2.002 s: at 10× the clock goes on through it.
  await p.runFor(2_000);
  await expect(p.button(p.clock(), 'Pause')).toBeVisible();
  expect(await shownMs(p)).toBeGreaterThan(5_000);
});

test('the lesson\'s description: one line until clicked, then all of it; a click, Enter or another lesson puts it back', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const p = new Playground(page);
  await p.open();
  const text = p.region('About this scenario').locator('p[role=button]');
  const cut = () => text.evaluate((e) => {
    const box = e.parentElement!;
    return { cut: box.scrollWidth > box.clientWidth, tall: e.getBoundingClientRect().height > 2 * parseFloat(getComputedStyle(e).lineHeight) };
  });
  await expect(text).toContainText('After 3 failed deliveries');
  await expect(text).toHaveAttribute('aria-expanded', 'false');
  expect(await cut()).toEqual({ cut: true, tall: false });
  await text.click();
  await expect(text).toHaveAttribute('aria-expanded', 'true');
  expect(await cut()).toEqual({ cut: false, tall: true });
  await text.click();
  await expect(text).toHaveAttribute('aria-expanded', 'false');
  expect(await cut()).toEqual({ cut: true, tall: false });
  await text.focus();
  await page.keyboard.press('Enter');
  await expect(text).toHaveAttribute('aria-expanded', 'true');
  expect(await cut()).toEqual({ cut: false, tall: true });
  // Space, on it, is its own and not the clock's Play/Pause.
  const running = await p.button(p.clock(), 'Pause').isVisible();
  await page.keyboard.press(' ');
  await expect(text).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press(' ');
  await expect(text).toHaveAttribute('aria-expanded', 'true');
  expect(await p.button(p.clock(), 'Pause').isVisible()).toBe(running);
  // Another lesson starts on one line.
  await page.getByRole('link', { name: 'Lock expiry and redelivery' }).click();
  await expect(p.region('About this scenario').getByRole('heading', { name: 'Lock expiry and redelivery' })).toBeVisible();
  await expect(text).toHaveAttribute('aria-expanded', 'false');
  expect(await cut()).toEqual({ cut: true, tall: false });
});

test('"Run through captions": the lesson no longer stops at its pauses, and the address and the share link keep it', async ({ page }) => {
  const p = await openLesson(page, 'load-levelling');
  const intro = p.region('About this scenario');
  const toggle = intro.getByRole('checkbox', { name: 'Run through captions' });
  await expect(toggle).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await expect(page).toHaveURL(/\?preset=load-levelling&paused=1&autoplay=1$/);
  // The first caption that pauses is at 2.002 s; the lesson plays at 2×: it goes on through it.
  await p.clockButton('Play');
  await p.runFor(3_000);
  await expect(p.button(p.clock(), 'Pause')).toBeVisible();
  expect(await shownMs(p)).toBeGreaterThan(4_000);
  await p.clockButton('Pause');
  // Without it, that pause stops the clock.
  await toggle.uncheck();
  await expect(page).toHaveURL(/\?preset=load-levelling&paused=1$/);
  await p.button(intro, 'Restart').click();
  await p.clockButton('Play');
  await p.runFor(3_000);
  await expect(p.button(p.clock(), 'Play')).toBeVisible();
  expect(await p.virtualTime()).toBe('2.002 s');
  await toggle.check();
  const tools = p.region('Scenario');
  await p.button(tools, 'Share link').click();
  await expect(tools.getByLabel('Share link', { exact: true })).toHaveValue(/\?preset=load-levelling&paused=1&autoplay=1#s=/);
  // A reload keeps it; unchecked, the address forgets it.
  await page.reload();
  await expect(p.region('About this scenario').getByRole('checkbox', { name: 'Run through captions' })).toBeChecked({ timeout: 15_000 });
  await p.region('About this scenario').getByRole('checkbox', { name: 'Run through captions' }).uncheck();
  await expect(page).toHaveURL(/\?preset=load-levelling&paused=1$/);
});

test('the scenario picker names what is on the page, "Your own scenario" once changed; Restart beside it restarts that', async ({ page }) => {
  const p = new Playground(page);
  await p.open();
  const tools = p.region('Scenario');
  const picker = tools.getByLabel('Preset');
  const shown = () => picker.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent ?? '');
  // The welcome is no preset: the picker names it, and Load preset has nothing to load.
  const welcome = (await page.locator('#scenario-title').textContent())!.trim();
  expect(welcome).toBe('Your first lock');
  await expect.poll(shown).toBe(welcome);
  await expect(p.button(tools, 'Load preset')).toBeDisabled();
  // It has no captions that pause: nothing to run through.
  await expect(p.region('About this scenario').getByRole('checkbox', { name: 'Run through captions', includeHidden: true })).toBeHidden();
  // A lesson from the list: the picker names it; Load preset untouched loads it afresh.
  await page.getByRole('navigation', { name: 'Lessons' }).getByRole('link', { name: 'Duplicate detection', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Duplicate detection', level: 2 })).toBeVisible();
  await expect(picker).toHaveValue('duplicate-detection');
  await p.clockButton('Play');
  await p.runFor(1_500);
  await p.clockButton('Pause');
  expect(await p.virtualTime()).not.toBe('0.000 s');
  await p.button(tools, 'Load preset').click();
  await expect(page.getByRole('heading', { name: 'Duplicate detection', level: 2 })).toBeVisible();
  await expect.poll(() => p.virtualTime()).toBe('0.000 s');
  await expect(picker).toHaveValue('duplicate-detection');
  // Changed by hand: "Your own scenario", and Load preset waits for a choice.
  await p.button(p.region('Receivers'), 'Add receiver').click();
  await expect.poll(shown).toBe('Your own scenario');
  await expect(picker).toHaveValue('');
  await expect(p.button(tools, 'Load preset')).toBeDisabled();
  // Another preset chosen but not loaded; Restart restarts what is on the page.
  await picker.selectOption('poison-message');
  await p.clockButton('Play');
  await p.runFor(1_000);
  await p.clockButton('Pause');
  await p.button(tools, 'Restart').click();
  await expect(page.getByRole('heading', { name: 'Duplicate detection', level: 2 })).toBeVisible();
  await expect.poll(() => p.virtualTime()).toBe('0.000 s');
  await expect(picker).toHaveValue('duplicate-detection');
});
