import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Playground, scenario } from './fixtures/playground';

// The runner built by `cargo test --workspace` (scripts/test.sh runs that first).
const settle = process.env.SETTLE_BIN ?? resolve(__dirname, '../../../target/debug/settle');

test('SVG downloads what `settle render` draws for the same export, from a worker fetched only then', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(r.url()));
  const p = new Playground(page);
  await p.open(scenario([{ at_ms: 0, do: 'send', by: 'S1', id: 'm1' }], {}, { title: 'Drawn: one lock' }));
  await p.receive('R1');
  await p.settle('m1', 'Complete');
  expect(fetched.filter((u) => u.includes('settle-artifacts'))).toEqual([]);
  const tools = p.region('Scenario');
  await p.button(tools, 'Export').click();
  const exported = await tools.getByLabel('Exported scenario').inputValue();

  const downloads = p.page.getByRole('group', { name: 'Story as a picture' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    downloads.getByRole('button', { name: 'SVG', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('drawn-one-lock.svg');
  const svg = readFileSync(await download.path(), 'utf8');
  expect(fetched.some((u) => u.endsWith('settle-artifacts_bg.wasm'))).toBe(true);

  const dir = mkdtempSync(join(tmpdir(), 'settle-svg-'));
  writeFileSync(join(dir, 'export.json'), exported);
  const cli = execFileSync(settle, ['render', join(dir, 'export.json'), '--svg'], { encoding: 'utf8' });
  expect(svg).toBe(cli);
  expect(svg).toContain('Drawn: one lock');
  await expect(p.page.getByRole('status')).toContainText('Downloaded drawn-one-lock.svg');

  // The animated variant, from the same (already running) worker.
  const [animated] = await Promise.all([
    page.waitForEvent('download'),
    downloads.getByRole('button', { name: 'Animated SVG' }).click(),
  ]);
  expect(animated.suggestedFilename()).toBe('drawn-one-lock-animated.svg');
  const cliAnimated = execFileSync(settle, ['render', join(dir, 'export.json'), '--svg', '--animate'], { encoding: 'utf8' });
  expect(readFileSync(await animated.path(), 'utf8')).toBe(cliAnimated);
});

test('Export as code downloads the Python and TypeScript programs `settle export` writes for the same export', async ({ page }) => {
  const p = new Playground(page);
  await p.page.goto('./?preset=lock-expiry&paused=1');
  await expect(p.page.getByRole('heading', { name: 'Lock expiry and redelivery' })).toBeVisible({ timeout: 15_000 });
  const tools = p.region('Scenario');
  await p.button(tools, 'Export').click();
  const exported = await tools.getByLabel('Exported scenario').inputValue();
  const dir = mkdtempSync(join(tmpdir(), 'settle-code-'));
  writeFileSync(join(dir, 'export.json'), exported);
  const code = p.page.getByRole('group', { name: 'Export as code' });
  for (const [button, lang, file] of [['Python', 'python', 'lock-expiry-and-redelivery.py'], ['TypeScript', 'typescript', 'lock-expiry-and-redelivery.ts']]) {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      code.getByRole('button', { name: button, exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(file);
    const got = readFileSync(await download.path(), 'utf8');
    expect(got).toBe(execFileSync(settle, ['export', '--lang', lang, join(dir, 'export.json')], { encoding: 'utf8' }));
    expect(got).toContain('MessageLockLost');
  }
});
