import { expect, test, type Page } from '@playwright/test';
import { busyHour, Playground, scenario } from './fixtures/playground';

/** Collects every Content-Security-Policy violation the page reports. */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { cspViolations: string[] }).cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { cspViolations: string[] }).cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
}
/** How long a task queued now waits to run (ms). */
const queuedTaskWaits = (page: Page) => page.evaluate(() => new Promise<number>((r) => {
  const t0 = performance.now();
  setTimeout(() => r(performance.now() - t0), 0);
}));

const violations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

test('the page runs under its Content-Security-Policy, which blocks inline script it did not ship', async ({ page }) => {
  await watchCsp(page);
  const p = new Playground(page);
  await p.open(scenario([{ at_ms: 0, do: 'send', by: 'S1', id: 'm1' }]));
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval' 'sha256-");
  expect(policy).not.toContain('unsafe-inline');
  expect(policy).not.toMatch(/'unsafe-eval'/);
  // The app works under it: wasm compiled, a step runs, styles applied.
  await p.receive('R1');
  await expect(p.heldItem('m1')).toBeVisible();
  expect(await violations(page)).toEqual([]);
  // An injected inline script does not run, and is reported.
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.injected = true;';
    document.body.append(s);
  });
  expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
  await expect.poll(() => violations(page)).toContainEqual(expect.stringContaining('script-src'));
});

test('an internal error shows a notice that keeps the scenario: reopen, copy link, download', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const p = new Playground(page);
  await p.open(scenario([{ at_ms: 0, do: 'send', by: 'S1', id: 'm1' }], {}, { title: 'Kept after a crash' }));
  await p.receive('R1');
  await expect(p.heldItem('m1')).toBeVisible();
  // Crash the wasm on purpose (the same path as any panic).
  await page.evaluate(() => {
    try {
      (window as unknown as { wasmBindings: { settle_debug_panic(): void } }).wasmBindings.settle_debug_panic();
    } catch {
      // The trap surfaces here as a RuntimeError; the notice is already up.
    }
  });
  const notice = page.getByRole('alertdialog', { name: 'Settle stopped on an internal error' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('your scenario is kept');
  await expect(notice.getByRole('link', { name: 'Reopen where I was' })).toBeFocused();
  // Download: the scenario with the person's receive recorded.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    notice.getByRole('link', { name: 'Download scenario' }).click(),
  ]);
  const text = await (await download.createReadStream()).toArray();
  const doc = JSON.parse(Buffer.concat(text).toString('utf8'));
  expect(doc.title).toBe('Kept after a crash');
  expect(JSON.stringify(doc.script)).toContain('"do":"receive"');
  // Copy link: the share link of that scenario.
  await notice.getByRole('button', { name: 'Copy link' }).click();
  await expect(notice.getByRole('button', { name: 'Link copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/#s=[A-Za-z0-9_-]+&t=\d+$/);
  // Reopen: a fresh page with the scenario and the receive already made.
  await notice.getByRole('link', { name: 'Reopen where I was' }).click();
  await expect(page.getByRole('heading', { name: 'Kept after a crash' })).toBeVisible();
  await expect(notice).toHaveCount(0);
  await expect(p.heldItem('m1')).toBeVisible();
});

test('embed.js takes a height from its frame only within sane bounds', async ({ page }) => {
  // A host page of our own on the playground's origin: one framed page that only talks.
  await page.route('**/host-test.html', (route) => route.fulfill({
    contentType: 'text/html',
    body: '<!DOCTYPE html><body><iframe data-settle id="f" srcdoc="<p>framed</p>" style="height:200px"></iframe><script src="embed.js"></script></body>',
  }));
  await page.goto('./host-test.html');
  const frame = page.locator('iframe#f');
  const post = (height: number) => page.frameLocator('iframe#f').locator('p').evaluate((_, h) => parent.postMessage({ type: 'settle:height', height: h }, '*'), height);
  await post(640);
  await expect.poll(() => frame.evaluate((f) => (f as HTMLIFrameElement).style.height)).toBe('640px');
  for (const height of [1e9, 5001, 39, -5, Number.NaN, Number.POSITIVE_INFINITY]) await post(height);
  // A sane one after them is still taken: the absurd ones were seen and refused, not slow.
  await post(777);
  await expect.poll(() => frame.evaluate((f) => (f as HTMLIFrameElement).style.height)).toBe('777px');
  const seen: string[] = [];
  await frame.evaluate((f) => {
    (window as unknown as { seen: string[] }).seen = [];
    new MutationObserver(() => (window as unknown as { seen: string[] }).seen.push((f as HTMLIFrameElement).style.height)).observe(f, { attributes: true });
  });
  await post(1e9);
  await post(4000);
  await expect.poll(() => frame.evaluate((f) => (f as HTMLIFrameElement).style.height)).toBe('4000px');
  seen.push(...(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)));
  expect(seen).toEqual(['4000px']);
});

test('a link far ahead opens in slices: the page stays responsive, shows its progress, and can stop there', async ({ page }) => {
  // Two page loads and seconds of slicing: 15-30 s on a loaded 2-core machine.
  test.setTimeout(90_000);
  // A million sends, a hundred busy workers, and a position an hour ahead: far more work than
  // one task may take (the page used to freeze here, then go blank).
  const hostile = busyHour('A very busy hour', 1_000_000, 100);
  const text = JSON.stringify(hostile);
  const target = 3_600_000;
  await page.goto(`./#s=${Buffer.from(text).toString('base64url')}&t=${target}`);
  await expect(page.getByRole('heading', { name: 'A very busy hour' })).toBeVisible({ timeout: 15_000 });
  const progress = page.getByRole('status', { name: 'Going forward to a position' });
  await expect(progress).toBeVisible();
  await expect(progress).toContainText('Going to 3600.000 s');
  // Responsive while it works: a task queued now runs within a frame's slice or so.
  expect(await queuedTaskWaits(page)).toBeLessThan(1000);
  // It gets somewhere, then stops where it is when asked.
  await expect.poll(async () => Number(await progress.getByRole('progressbar').getAttribute('value')), { timeout: 10_000 }).toBeGreaterThan(0);
  await progress.getByRole('button', { name: 'Stop here' }).click();
  await expect(progress).toHaveCount(0);
  const clock = parseFloat((await page.getByTestId('clock').textContent())!);
  expect(clock).toBeGreaterThan(0);
  expect(clock).toBeLessThan(target / 1000);
  // The page is alive: a step moves the clock on.
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await expect.poll(async () => parseFloat((await page.getByTestId('clock').textContent())!)).toBeGreaterThan(clock);
});

test('over its work budget the page stops with the same error as the CLI, keeps what ran, and stays usable', async ({ page }) => {
  test.setTimeout(90_000);
  // `?budget=N` lowers the page's records budget (the default, 4,000,000, takes too long to reach
  // in a test); the scenario is the busy hour above, played from a link toward an hour ahead.
  const busy = busyHour('Over budget', 100_000, 10);
  const text = Buffer.from(JSON.stringify(busy)).toString('base64url');
  await page.goto(`./?budget=20000#s=${text}&t=3600000`);
  await expect(page.getByRole('heading', { name: 'Over budget' })).toBeVisible({ timeout: 15_000 });
  const alert = page.getByRole('alert').filter({ hasText: 'This scenario stopped at' });
  await expect(alert).toBeVisible({ timeout: 30_000 });
  await expect(alert).toContainText('work budget exceeded: the records budget (20000 records) ran out at t=');
  await expect(alert).toContainText('Everything up to then is kept.');
  // What ran is kept: time moved, messages were stored and the story can still be shared.
  const clock = parseFloat((await page.getByTestId('clock').textContent())!);
  expect(clock).toBeGreaterThan(0);
  expect(clock).toBeLessThan(3600);
  await expect(page.getByRole('button', { name: 'Copy link' })).toBeEnabled();
  // Nothing more runs: play does not move the clock on, and the page still answers.
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await page.waitForTimeout(300);
  expect(parseFloat((await page.getByTestId('clock').textContent())!)).toBe(clock);
});

test('a document with entities runs under the page budget too: over it, the same error and what ran is kept', async ({ page }) => {
  test.setTimeout(60_000);
  const doc = {
    settle: 1, title: 'Entities over budget', seed: 3, run_until_ms: 3600000,
    entities: { work: { type: 'queue' } },
    script: [],
    actors: [{ kind: 'sender', name: 'Flood', to: 'work', count: 100000, interval_ms: 1 }],
  };
  const text = Buffer.from(JSON.stringify(doc)).toString('base64url');
  await page.goto(`./?budget=5000#s=${text}&t=3600000`);
  await expect(page.getByRole('heading', { name: 'Entities over budget' })).toBeVisible({ timeout: 15_000 });
  const alert = page.getByRole('alert').filter({ hasText: 'This scenario stopped at' });
  await expect(alert).toBeVisible({ timeout: 30_000 });
  await expect(alert).toContainText('work budget exceeded: the records budget (5000 records) ran out at t=');
  const clock = parseFloat((await page.getByTestId('clock').textContent())!);
  expect(clock).toBeGreaterThan(0);
  expect(clock).toBeLessThan(3600);
});

test('a scenario that runs out of its work budget while the clock runs shows its whole log once it stopped', async ({ page }) => {
  test.setTimeout(60_000);
  // While the clock runs the log shows its newest 40 lines; a stop by an error (not by Pause)
  // must bring back the earlier ones too.
  const doc = {
    settle: 1, title: 'Runs out while playing', seed: 3, queue: { lock_duration_ms: 30000 },
    script: [],
    actors: [{ kind: 'sender', name: 'Flood', mode: 'pipelined', count: 100000, interval_ms: 1, rtt_ms: 20, store_ms: 2 }],
  };
  const text = Buffer.from(JSON.stringify(doc)).toString('base64url');
  await page.goto(`./?budget=20000#s=${text}`);
  await expect(page.getByRole('heading', { name: 'Runs out while playing' })).toBeVisible({ timeout: 15_000 });
  const clock = page.getByRole('group', { name: 'Clock' });
  await clock.getByLabel('Speed').selectOption({ label: '10×' });
  const log = page.getByRole('region', { name: 'Event log' });
  // Watched (off screen it follows a running clock only every few publications).
  await log.scrollIntoViewIfNeeded();
  await clock.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(log.locator('.log-earlier')).toBeVisible({ timeout: 15_000 });
  const alert = page.getByRole('alert').filter({ hasText: 'This scenario stopped at' });
  await expect(alert).toBeVisible({ timeout: 30_000 });
  await expect(log.locator('.log-earlier')).toBeHidden();
  expect(await log.locator('.log-lines li').count()).toBeGreaterThan(40);
});

/** The share link of a pipelined sender starting `count` sends at 0 s, and one receiver. */
function sendsAtOnce(count: number) {
  const doc = {
    settle: 1, title: 'Sends at once', run_until_ms: 600_000,
    actors: [{ kind: 'sender', name: 'S', count, mode: 'pipelined' }, { kind: 'receiver', name: 'R', processing_ms: 100 }],
  };
  return `./#s=${Buffer.from(JSON.stringify(doc)).toString('base64url')}&t=0`;
}

/** A share link (at 0 s) of one sender that starts `count` sends at once at 5 s, when a script
 * step also runs (Step goes to a step or a broker deadline, not to an actor's move). */
function sendsAtFive(count: number) {
  const doc = {
    settle: 1, title: 'Sends at five', run_until_ms: 600_000,
    script: [{ at_ms: 5_000, do: 'receive', by: 'R' }],
    actors: [{ kind: 'sender', name: 'S', count, mode: 'pipelined', start_ms: 5_000 }],
  };
  return `#s=${Buffer.from(JSON.stringify(doc)).toString('base64url')}&t=0`;
}

test('Step onto an instant of a million sends does not hold the page: the instant runs in the frames that follow, and says so', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(`./${sendsAtFive(1_000_000)}`);
  await expect(page.getByRole('heading', { name: 'Sends at five' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('clock')).toHaveText('0.000 s');
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  const still = page.getByRole('status').filter({ hasText: 'Still running what happens at 5.000 s' });
  await expect(still).toBeVisible();
  expect(await queuedTaskWaits(page)).toBeLessThan(1000);
  // It finishes the instant by itself, there.
  await expect(still).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByTestId('clock')).toHaveText('5.000 s');
});

test('in an embed, Step onto an instant of a million sends does not hold the page either', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(`./view.html?embed&${sendsAtFive(1_000_000)}`);
  await expect(page.getByTestId('clock')).toHaveText('0.000 s', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await expect(page.getByText('Still running what happens at 5.000 s')).toBeVisible();
  expect(await queuedTaskWaits(page)).toBeLessThan(1000);
  // It finishes the instant by itself, there.
  await expect(page.getByText('Still running what happens at 5.000 s')).toBeHidden({ timeout: 60_000 });
  await expect(page.getByTestId('clock')).toHaveText('5.000 s');
});

test('a link of many sends started at once opens at once: the instant runs in the frames that follow, and says so', async ({ page }) => {
  test.setTimeout(90_000);
  // A million sends started at 0 s: far more than a load may run (2,000 steps and actions),
  // and more than a few frames' slices (300,000 could be done before the notice was looked at).
  await page.goto(sendsAtOnce(1_000_000));
  await expect(page.getByRole('heading', { name: 'Sends at once' })).toBeVisible({ timeout: 15_000 });
  const still = page.getByRole('status').filter({ hasText: 'Still running what happens at 0.000 s' });
  await expect(still).toBeVisible();
  await expect(page.getByTestId('clock')).toHaveText('0.000 s');
  // Responsive while it works: a task queued now runs within a frame's slice or so.
  expect(await queuedTaskWaits(page)).toBeLessThan(1000);
  // It finishes the instant by itself, paused there (a link opens paused).
  await expect(still).toBeHidden({ timeout: 60_000 });
  await expect(page.getByTestId('clock')).toHaveText('0.000 s');
  await expect(page.getByRole('group', { name: 'Clock' }).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  // Played, the clock moves on.
  await page.getByRole('group', { name: 'Clock' }).getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(async () => parseFloat((await page.getByTestId('clock').textContent())!), { timeout: 30_000 }).toBeGreaterThan(0);
});

test('while a million-message link plays at 100×, no click waits more than 200 ms for the page to take it', async ({ page }) => {
  test.setTimeout(90_000);
  // 1,000,000 sends at once and 50 receivers, as the heavy-links benchmark opens it.
  const actors: object[] = [{ kind: 'sender', name: 'S', count: 1_000_000, mode: 'pipelined' }];
  for (let i = 0; i < 50; i++) actors.push({ kind: 'receiver', name: `R${i}`, processing_ms: 100 });
  const doc = { settle: 1, title: 'A million messages', queue: { max_delivery_count: 1000 }, run_until_ms: 600_000, actors };
  await page.goto(`./?speed=100#s=${Buffer.from(JSON.stringify(doc)).toString('base64url')}&t=0`);
  await expect(page.getByRole('heading', { name: 'A million messages' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'Receivers' })).toBeVisible();
  // How long each click waited: from the browser's input to the page's handler.
  await page.evaluate(() => {
    const w = window as unknown as { waits: number[] };
    w.waits = [];
    addEventListener('click', (e) => w.waits.push(performance.now() - e.timeStamp), true);
  });
  const clock = page.getByRole('group', { name: 'Clock' });
  for (const name of ['Play', 'Pause', 'Play', 'Pause', 'Play', 'Pause']) {
    await clock.getByRole('button', { name, exact: true }).click();
    await page.waitForTimeout(400);
  }
  const waits = await page.evaluate(() => (window as unknown as { waits: number[] }).waits);
  expect(waits).toHaveLength(6);
  expect(Math.max(...waits)).toBeLessThan(200);
  // It did play: the clock moved.
  expect(parseFloat((await page.getByTestId('clock').textContent())!)).toBeGreaterThan(0);
});

test('Stop here stops the instant\'s work where it is, and Play goes on with it', async ({ page }) => {
  test.setTimeout(90_000);
  // A CPU 4x slower (as the slow-4G profile has it): the instant's work lasts long enough to
  // be stopped, however fast this machine is.
  await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(sendsAtOnce(1_000_000));
  const still = page.getByRole('status').filter({ hasText: 'Still running what happens at 0.000 s' });
  await expect(still).toBeVisible({ timeout: 30_000 });
  // The page is whole (what lies below the stage comes a task after the rest).
  await expect(page.getByRole('region', { name: 'Receivers' })).toBeVisible();
  await still.getByRole('button', { name: 'Stop here' }).click();
  await expect(still).toHaveCount(0);
  await expect(page.getByTestId('clock')).toHaveText('0.000 s');
  await page.getByRole('group', { name: 'Clock' }).getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(async () => parseFloat((await page.getByTestId('clock').textContent())!), { timeout: 60_000 }).toBeGreaterThan(0);
});
