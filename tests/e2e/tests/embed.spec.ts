import { expect, test } from '@playwright/test';
import { Playground, scenario } from './fixtures/playground';

/** An embed's height at a width (the shape of player/src/embed.rs): the clock bar, the caption's
 *  reserved lines, the stage at 16:9 (compact: 7:3) and the paddings. */
function embedHeight(width: number, compact = false) {
  const h = compact ? 38 + 6 + (2 * 19 + 10) + 4 + (width - 12) * 3 / 7 + 6 : 44 + 8 + (3 * 22 + 14) + 6 + (width - 16) * 9 / 16 + 8;
  return Math.ceil(h - 0.01);
}

test('the example docs page embeds two independent, running playgrounds that fit their frames', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.clock.install({ time: 0 });
  await page.goto('./example.html');
  const poison = page.frameLocator('iframe#poison');
  const modes = page.frameLocator('iframe#modes');
  await expect(poison.getByRole('heading', { name: 'A poison message goes to the dead-letter queue' })).toBeVisible();
  await expect(modes.getByRole('heading', { name: 'One at a time, pipelined, or throttled' })).toBeVisible();
  // Both run on their own clocks.
  await page.clock.runFor(3_000);
  const t1 = parseFloat((await poison.getByTestId('clock').textContent())!);
  const t2 = parseFloat((await modes.getByTestId('clock').textContent())!);
  // An autoplaying embed runs through its lesson's pausing captions; the captions show.
  expect(t1).toBeGreaterThan(4); // speed 2
  expect(t2).toBeGreaterThan(1); // speed 0.5
  expect(t2).toBeLessThan(t1);
  await expect(poison.getByRole('status', { name: 'Caption' })).toContainText('order-2');
  await expect(modes.getByRole('status', { name: 'Caption' })).not.toBeEmpty();
  // Independent: pausing one leaves the other running.
  await poison.getByRole('button', { name: 'Pause', exact: true }).click();
  const frozen = await poison.getByTestId('clock').textContent();
  await page.clock.runFor(2_000);
  expect(await poison.getByTestId('clock').textContent()).toBe(frozen);
  expect(parseFloat((await modes.getByTestId('clock').textContent())!)).toBeGreaterThan(t2);
  // Read-only: watch, no controls but the clock.
  await expect(modes.getByRole('button', { name: 'Send', exact: true })).toHaveCount(0);
  await expect(modes.getByRole('button', { name: 'Receive', exact: true })).toHaveCount(0);
  // An interactive embed opens its forms over the stage; its height stays.
  const poisonFrame = page.locator('iframe#poison');
  const width = (await poisonFrame.boundingBox())!.width;
  await expect.poll(async () => (await poisonFrame.boundingBox())!.height).toBe(embedHeight(width));
  await expect(poison.getByRole('button', { name: 'Receive', exact: true })).toBeHidden();
  await poison.getByRole('button', { name: 'Controls' }).click();
  await expect(poison.getByRole('button', { name: 'Receive', exact: true }).first()).toBeVisible();
  await page.clock.runFor(500);
  expect((await poisonFrame.boundingBox())!.height).toBe(embedHeight(width));
  await expect(modes.getByRole('button', { name: 'Controls' })).toHaveCount(0);
  // Nothing left the page's origin.
  expect(requests.filter((u) => !u.startsWith(origin))).toEqual([]);
});

/** Both pages that show an embed: the lean viewer (view.html, what the snippets use) and the
 *  playground itself (older snippets). */
const pages = [['the lean viewer', './view.html'], ['the playground', './']] as const;

for (const [name, at] of pages) test(`embed options (${name}): a preset, read-only, dark theme, start time, and no welcome notice`, async ({ page }) => {
  await page.clock.install({ time: 0 });
  await page.goto(`${at}?embed&preset=lock-expiry&readonly=1&theme=dark&start=31000`);
  // The first look waits for the wasm (the playground's is large on a busy machine).
  await expect(page.getByRole('heading', { name: 'Lock expiry and redelivery' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('clock')).toHaveText('31.000 s');
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(18, 22, 29)');
  await expect(page.getByRole('region', { name: 'Scenario', exact: true })).toHaveCount(0);
  // No notice: the only live region is the lesson's caption.
  await expect(page.getByRole('status')).toHaveCount(1);
  await expect(page.getByRole('status', { name: 'Caption' })).toHaveCount(1);
  // Still, until told to play (autoplay is off by default in an embed).
  await page.clock.runFor(2_000);
  await expect(page.getByTestId('clock')).toHaveText('31.000 s');
  await expect(page.getByRole('button', { name: 'Open in Settle ↗' })).toBeVisible();
});

for (const [name, at] of pages) test(`without embed.js an embed keeps its own height and still works (${name})`, async ({ page, baseURL }) => {
  await page.setContent(`<iframe id="f" src="${new URL(`${at}?embed&preset=abandon&autoplay=1`, baseURL)}" style="border:0" width="800" height="400"></iframe>`);
  const f = page.frameLocator('#f');
  await expect(f.getByRole('heading', { name: 'Abandon: give it back now' })).toBeVisible();
  expect(await page.locator('#f').evaluate((e) => (e as HTMLIFrameElement).getBoundingClientRect().height)).toBe(400);
});

test('the Embed button gives a one-line snippet that reproduces the current scenario and position', async ({ page, context }) => {
  const p = new Playground(page);
  await p.open(scenario([{ at_ms: 0, do: 'send', by: 'S1', id: 'm1' }], {}, { title: 'Embedded "here"' }));
  await p.receive('R1');
  await p.button(p.region('Scenario'), 'Embed').click();
  const field = p.region('Scenario').getByLabel('Embed snippet');
  // At once the scenario's link; when the artifacts worker has recorded it, the run's film.
  await expect(field).toHaveValue(/#f=/, { timeout: 15_000 });
  const snippet = await field.inputValue();
  const [iframe, script] = snippet.split('\n');
  expect(iframe).toMatch(/^<iframe data-settle src="http:\/\/127\.0\.0\.1:\d+\/docs\/playground\/view\.html\?embed&autoplay=1#f=[A-Za-z0-9_-]+&t=0" title="Settle: Embedded &quot;here&quot;" width="800" height="587" style="border:0;max-width:100%" loading="lazy"><\/iframe>$/);
  expect(script).toMatch(/^<script src="http:\/\/127\.0\.0\.1:\d+\/docs\/playground\/embed\.js"><\/script>$/);
  const host = await context.newPage();
  const wasm: string[] = [];
  host.on('request', (r) => { if (r.url().endsWith('_bg.wasm')) wasm.push(r.url().replace(/.*\//, '')); });
  await host.setContent(`<!doctype html><body>${snippet}</body>`);
  const f = host.frameLocator('iframe[data-settle]');
  await expect(f.getByRole('heading', { name: 'Embedded "here"' })).toBeVisible();
  // The film player plays it: no simulation fetched.
  expect(wasm).toEqual(['settle-film_bg.wasm']);
  // The lean viewer hands over to the playground, in the frame, with the forms open.
  await f.getByRole('button', { name: 'Controls' }).click();
  await expect(f.getByRole('list', { name: 'Held by R1' })).toContainText('m1');
  await expect(f.getByRole('button', { name: 'Controls' })).toHaveAttribute('aria-expanded', 'true');
});

for (const [name, at] of pages) test(`an embed is as tall as its width says and keeps that height while it plays through its captions; compact is at most 480 px at 800 (${name})`, async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await page.goto('./example.html'); // the host page's origin is the test server's
  const src = new URL(at, baseURL).href;
  await page.setContent(`<!doctype html><body style="margin:0">
    <iframe data-settle id="normal" src="${src}?embed&preset=send-modes&autoplay=1&speed=5" width="800" height="300" style="border:0;display:block"></iframe>
    <iframe data-settle id="compact" src="${src}?embed&preset=poison-message&autoplay=1&speed=5&compact=1&readonly=1" width="800" height="300" style="border:0;display:block"></iframe>
    <script src="${baseURL}embed.js"></script></body>`);
  const frames = { normal: page.locator('iframe#normal'), compact: page.locator('iframe#compact') };
  const want = { normal: embedHeight(800), compact: embedHeight(800, true) };
  expect(want.compact).toBeLessThanOrEqual(480);
  for (const k of ['normal', 'compact'] as const) {
    await expect(page.frameLocator(`iframe#${k}`).locator('canvas.stage')).toBeVisible({ timeout: 15_000 });
    await expect.poll(async () => (await frames[k].boundingBox())!.height).toBe(want[k]);
  }
  // Sampled while both play (captions change, messages move): never another height.
  const seen = { normal: new Set<number>(), compact: new Set<number>() };
  const captions = new Set<string>();
  for (let i = 0; i < 12; i++) {
    for (const k of ['normal', 'compact'] as const) {
      seen[k].add((await frames[k].boundingBox())!.height);
      seen[k].add(await frames[k].evaluate((f) => Math.ceil((f as HTMLIFrameElement).contentDocument!.body.getBoundingClientRect().height)));
    }
    for (const k of ['normal', 'compact']) captions.add(`${k}: ${await page.frameLocator(`iframe#${k}`).getByRole('status', { name: 'Caption' }).textContent()}`);
    await page.waitForTimeout(400);
  }
  expect([...seen.normal]).toEqual([want.normal]);
  expect([...seen.compact]).toEqual([want.compact]);
  expect(captions.size, 'the captions changed while sampling').toBeGreaterThan(1);
  // Read-only: no forms, no way to open them.
  const ro = page.frameLocator('iframe#compact');
  await expect(ro.getByRole('textbox')).toHaveCount(0);
  await expect(ro.getByRole('button', { name: 'Controls' })).toHaveCount(0);
  await expect(ro.getByRole('button', { name: 'Send', exact: true })).toHaveCount(0);
});

test('the Embed button names a built-in preset shown as built, so the embed plays its film; once the person acts, the link carries the scenario', async ({ page, context }) => {
  const p = new Playground(page);
  await page.clock.install({ time: 0 });
  await page.goto('./?preset=lock-expiry&paused=1');
  await expect(page.getByRole('heading', { name: 'Lock expiry and redelivery' }).first()).toBeVisible({ timeout: 15_000 });
  await p.clockButton('Step');
  await p.clockButton('Step');
  const at = Math.round(parseFloat((await page.getByTestId('clock').textContent())!) * 1000);
  expect(at).toBeGreaterThan(0);
  const snippetNow = async () => {
    await p.button(p.region('Scenario'), 'Embed').click();
    return p.region('Scenario').getByLabel('Embed snippet').inputValue();
  };
  const snippet = await snippetNow();
  expect(snippet).toContain(`view.html?embed&autoplay=1&preset=lock-expiry&start=${at}"`);
  expect(snippet).not.toContain('#s=');
  const host = await context.newPage();
  const wasm: string[] = [];
  host.on('request', (r) => { if (r.url().endsWith('_bg.wasm')) wasm.push(r.url().replace(/.*\//, '')); });
  await host.setContent(`<!doctype html><body>${snippet.replace(/autoplay=1&/, '')}</body>`);
  const f = host.frameLocator('iframe[data-settle]');
  await expect(f.getByRole('heading', { name: 'Lock expiry and redelivery' })).toBeVisible({ timeout: 15_000 });
  await expect(f.getByTestId('clock')).toHaveText(`${(at / 1000).toFixed(3)} s`);
  expect(wasm).toEqual(['settle-film_bg.wasm']);
  // A person's receive: what the page shows is no longer the preset's own run. The snippet
  // carries the scenario at once (`#s=`), or the film of it when the artifacts worker has
  // already recorded one (`#f=`, the scenario inside), and then that film; never the preset.
  await p.receive('R1');
  const acted = await snippetNow();
  expect(acted).toMatch(/view\.html\?embed&autoplay=1#[sf]=[A-Za-z0-9_-]+&t=\d+"/);
  expect(acted).not.toContain('preset=');
  await expect(p.region('Scenario').getByLabel('Embed snippet')).toHaveValue(/view\.html\?embed&autoplay=1#f=[A-Za-z0-9_-]+&t=\d+"/, { timeout: 15_000 });
});

test('the Embed snippet carries the height of the embed at its width, and without embed.js its frame shows the whole stage', async ({ page, context, baseURL }) => {
  const p = new Playground(page);
  await p.open(scenario([{ at_ms: 0, do: 'send', by: 'S1', id: 'm1' }, { at_ms: 0, do: 'receive', by: 'R1' }], {}, {
    title: 'Snippet', lesson: { notes: [{ at_ms: 0, text: 'R1 holds m1 under a 5-second lock.' }] },
  }));
  await p.button(p.region('Scenario'), 'Embed').click();
  const host = await context.newPage();
  await host.goto(`${baseURL}example.html`); // same origin, so the test can look inside the frame
  for (const width of [800, 640, 1100]) {
    await p.region('Scenario').getByLabel('Embed width').fill(String(width));
    const [iframe] = (await p.region('Scenario').getByLabel('Embed snippet').inputValue()).split('\n');
    const [, w, h] = iframe.match(/ width="(\d+)" height="(\d+)"/)!.map(Number);
    expect(w).toBe(width);
    expect(h).toBe(embedHeight(width));
    // Only the iframe line: no embed.js to fit it.
    await host.setContent(`<!doctype html><body style="margin:0">${iframe}</body>`);
    await expect(host.frameLocator('iframe[data-settle]').getByRole('status', { name: 'Caption' })).toContainText('R1 holds m1');
    const inside = await host.locator('iframe[data-settle]').evaluate((f) => {
      const d = (f as HTMLIFrameElement).contentDocument!;
      return {
        frame: f.getBoundingClientRect().height,
        body: d.body.getBoundingClientRect().height,
        scroll: d.documentElement.scrollHeight,
        view: d.documentElement.clientHeight,
        stage: d.querySelector('canvas.stage')!.getBoundingClientRect().bottom,
      };
    });
    expect(inside.frame).toBe(h);
    expect(Math.ceil(inside.body)).toBe(h);
    expect(inside.scroll, 'nothing to scroll to').toBeLessThanOrEqual(inside.view);
    expect(inside.stage).toBeLessThanOrEqual(h);
  }
  await host.close();
});

for (const [name, at] of pages) test(`with embed.js an embed follows the host page theme, and a forced theme wins (${name})`, async ({ page, baseURL }) => {
  const base = new URL(at, baseURL).href;
  await page.goto('./example.html'); // the host page's origin is the test server's
  await page.setContent(`<!doctype html><body style="background:#111">
    <iframe data-settle id="auto" src="${base}?embed&preset=abandon" width="700" height="400" style="border:0"></iframe>
    <iframe data-settle id="light" src="${base}?embed&preset=abandon&theme=light" width="700" height="400" style="border:0"></iframe>
    <script src="${baseURL}embed.js"></script></body>`);
  const theme = (id: string) => page.frameLocator(`#${id}`).locator('html').getAttribute('data-theme');
  // The first answers wait for each frame's wasm (the playground's is large on a busy machine):
  // the two frames start on their own, and either may be last.
  await expect.poll(() => theme('auto'), { timeout: 15_000 }).toBe('dark');
  await expect.poll(() => theme('light'), { timeout: 15_000 }).toBe('light');
  await page.evaluate(() => { document.body.style.background = '#fafafa'; });
  await expect.poll(() => theme('auto')).toBe('light');
  expect(await theme('light')).toBe('light');
});
