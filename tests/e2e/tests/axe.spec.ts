import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

// axe-core over the playground, an embed, presenter mode and the What-if page, in both themes: no violation
// axe rates serious or critical. The stage's canvas is an image named in words (its text
// mirror is the queue's card), so axe reads everything else.

async function serious(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')}  ${n.failureSummary?.split('\n').slice(1, 2).join('')}`).join('\n')}`);
}

async function ready(page: Page) {
  await expect(page.getByTestId('clock')).toHaveText('0.000 s', { timeout: 15_000 });
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme });
      await page.clock.install({ time: 0 });
    });

    test('the playground with a lesson: no serious or critical violations', async ({ page }) => {
      await page.goto('./?preset=poison-message&paused=1');
      await ready(page);
      await page.getByText('Lessons and side-by-side comparisons').click();
      expect(await serious(page)).toEqual([]);
    });

    test('the playground with held messages and the inspector open: none', async ({ page }) => {
      await page.goto('./?preset=lock-expiry&paused=1');
      await ready(page);
      const inspect = page.getByRole('region', { name: /^Receiver / }).getByRole('button', { name: /^Inspect / }).first();
      for (let i = 0; i < 10 && !(await inspect.count()); i++) await page.getByRole('button', { name: 'Step', exact: true }).click();
      await inspect.click();
      await expect(page.getByRole('region', { name: 'Message inspector' }).getByRole('button', { name: 'Close' })).toBeVisible();
      expect(await serious(page)).toEqual([]);
    });

    test('an embed: none', async ({ page }) => {
      await page.goto('./view.html?embed&preset=poison-message');
      await ready(page);
      expect(await serious(page)).toEqual([]);
    });

    test('the What-if page with its charts and table: none', async ({ page }) => {
      await page.goto('./whatif.html?sweep=prefetch');
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await expect(page.getByRole('table')).toBeVisible({ timeout: 15_000 });
      expect(await serious(page)).toEqual([]);
    });

    test('presenter mode: none', async ({ page }) => {
      await page.goto('./?preset=poison-message&paused=1');
      await ready(page);
      await page.getByRole('button', { name: 'Presenter' }).click();
      await expect(page.locator('body')).toHaveClass(/presenter/);
      expect(await serious(page)).toEqual([]);
    });
  });
}
