import { expect, test, type FrameLocator, type Page } from '@playwright/test';

// A real mdBook (docs/book, built by scripts/test.sh with the pinned mdbook) served beside the
// playground on one origin, embedding two lessons exactly as the README tells docs writers to.
const chapter = '../book/locks.html';

async function embedTheme(page: Page, id: string) {
  return page.locator(`iframe#${id}`).evaluate((f) =>
    (f as HTMLIFrameElement).contentDocument?.documentElement.dataset.theme ?? null);
}

async function fits(page: Page, id: string) {
  return page.locator(`iframe#${id}`).evaluate((f) => {
    const frame = f as HTMLIFrameElement;
    const body = frame.contentDocument!.body;
    return Math.abs(frame.getBoundingClientRect().height - Math.ceil(body.getBoundingClientRect().height));
  });
}

// scripts/test.sh always builds the book first; a local run without it skips, CI never does.
test.beforeEach(async ({ page }) => {
  const built = (await page.request.get(chapter)).ok();
  test.skip(!built && !process.env.CI, 'the book is not built (mdbook build docs/book -d ../../target/book)');
  expect(built, 'the book must be built before the suite runs').toBe(true);
});

test('an mdBook chapter embeds two lessons that render, fit their frames and stay on the origin', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(chapter);
  await expect(page.getByRole('heading', { name: 'Locks and redelivery', level: 1 })).toBeVisible();
  const frames: [string, string][] = [
    ['lock-expiry', 'Lock expiry and redelivery'],
    ['poison-message', 'A poison message goes to the dead-letter queue'],
  ];
  for (const [id, heading] of frames) {
    const iframe = page.locator(`iframe#${id}`);
    await iframe.scrollIntoViewIfNeeded();
    const f: FrameLocator = page.frameLocator(`iframe#${id}`);
    await expect(f.getByRole('heading', { name: heading })).toBeVisible();
    // embed.js fitted the frame to the embed's own height: no inner scroll bar, no gap.
    await expect.poll(() => fits(page, id)).toBeLessThanOrEqual(2);
  }
  expect(requests.filter((u) => !u.startsWith(origin))).toEqual([]);
});

test("the embeds follow the book's theme switch, both ways", async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(chapter);
  for (const id of ['lock-expiry', 'poison-message']) await page.locator(`iframe#${id}`).scrollIntoViewIfNeeded();
  await expect.poll(() => embedTheme(page, 'lock-expiry')).toBe('light');
  // mdBook's theme menu: open it if it is closed, pick a theme.
  const pick = async (name: string) => {
    const item = page.getByRole('menuitem', { name, exact: true });
    if (!(await item.isVisible())) await page.getByRole('button', { name: 'Change theme' }).click();
    await item.click();
  };
  await pick('Coal');
  for (const id of ['lock-expiry', 'poison-message']) await expect.poll(() => embedTheme(page, id)).toBe('dark');
  await pick('Light');
  for (const id of ['lock-expiry', 'poison-message']) await expect.poll(() => embedTheme(page, id)).toBe('light');
});
