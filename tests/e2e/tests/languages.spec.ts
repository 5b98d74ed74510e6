import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { link, scenario } from './fixtures/playground';

/** Settle's messages, as the repository has them. */
const ftl = (lang: string, part: string) =>
  readFileSync(join(__dirname, '..', '..', '..', 'i18n', 'ftl', lang, `${part}.ftl`), 'utf8');
const PARTS = ['page', 'play', 'narrate', 'lessons'];

/** The words of a language's messages: their text without comments, ids, variables and
 *  variant keys. */
function words(lang: string): Set<string> {
  const out = new Set<string>();
  for (const part of PARTS) {
    for (const raw of ftl(lang, part).split('\n')) {
      if (raw.trimStart().startsWith('#')) continue;
      const text = raw
        .replace(/^[a-z][a-z0-9-]*\s*=/, '')
        .replace(/\{[^{}]*\}/g, ' ')
        .replace(/\*?\[[^\]]*\]/g, ' ');
      for (const w of text.match(/[A-Za-z][A-Za-z'’-]{3,}/g) ?? []) out.add(w.toLowerCase());
    }
  }
  return out;
}

/** Settle's English words that a language does not keep: every word of the English messages
 *  that the language's own messages never write (API names such as PeekLock or
 *  MaxDeliveryCount stay, as the glossary says). */
function englishOnly(lang: string): Set<string> {
  const theirs = words(lang);
  return new Set([...words('en')].filter((w) => !theirs.has(w)));
}

/** Each language's terms the playground must show, from docs/glossary.md (stems, since Czech
 *  and Russian inflect them): queue, dead-letter queue, lock, message. */
const TERMS: Record<string, string[]> = {
  'zh-Hans': ['队列', '死信队列', '锁定', '消息'],
  cs: ['front', 'nedoručen', 'zámk', 'zpráv'],
  ru: ['очеред', 'недоставленн', 'блокировк', 'сообщени'],
};

const LANGS = Object.keys(TERMS);

/** The language menu's name in each language. */
const MENU: Record<string, string> = { 'zh-Hans': '语言', cs: 'Jazyk', ru: 'Язык' };

/** A scenario whose own words are not English ones: ids and names only. */
const busy = scenario([
  { at_ms: 0, do: 'send', by: 'S1', id: 'm1' },
  { at_ms: 0, do: 'send', by: 'S1', id: 'm2' },
  { at_ms: 0, do: 'receive', by: 'R1' },
  { at_ms: 10, do: 'dead_letter', by: 'R1', msg: 'm1' },
  { at_ms: 20, do: 'receive', by: 'R1' },
], {}, { title: 'Q7' });

/** English words of Settle's in `text`. */
function english(text: string, lang: string): string[] {
  const bad = englishOnly(lang);
  return [...new Set((text.match(/[A-Za-z][A-Za-z'’-]{3,}/g) ?? []).map((w) => w.toLowerCase()))].filter((w) => bad.has(w));
}

async function openIn(page: Page, lang: string) {
  await page.clock.install({ time: 0 });
  await page.goto(link(busy, 20).replace('./#', `./?lang=${lang}#`));
  await expect(page.locator('h1')).toHaveText('Settle', { timeout: 15_000 });
  await page.clock.pauseAt(3_600_000);
}

for (const lang of LANGS) {
  test(`the playground speaks ${lang}: <html lang>, the glossary's terms, none of Settle's English words, on screen and to assistive technology`, async ({ page }) => {
    await openIn(page, lang);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    await expect(page.getByRole('combobox', { name: MENU[lang] })).toHaveValue(lang);
    // Every panel's text, as it is now (the log and receivers refresh when in view).
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(300);
    const text = await page.evaluate(() => document.body.innerText);
    for (const term of TERMS[lang]) expect(text, `the term ${term}`).toContain(term);
    expect(english(text, lang), 'English words on screen').toEqual([]);
    // What assistive technology says: the names and texts in the tree (not its YAML's role
    // words, nor link targets).
    const tree = (await page.locator('body').ariaSnapshot()).split('\n')
      .filter((l) => !l.trim().startsWith('- /')) // link targets, and the JSON example's keys
      .flatMap((l) => [...l.matchAll(/"((?:[^"\\]|\\.)*)"|(?:text|paragraph|heading|cell|listitem|option|status|log|caption): (.*)$/g)].map((m) => m[1] ?? m[2]))
      .join('\n');
    expect(tree.length).toBeGreaterThan(200);
    expect(english(tree, lang), 'English words in the accessibility tree').toEqual([]);
  });
}

test('the language named by the address, else the browser’s, else English', async ({ browser }) => {
  for (const [query, locale, want] of [
    ['?lang=zh-CN', 'en-US', 'zh-Hans'],
    ['?lang=zh', 'en-US', 'zh-Hans'],
    ['?lang=de', 'en-US', 'en'],
    ['', 'cs-CZ', 'cs'],
    ['', 'ru', 'ru'],
    ['', 'de-DE', 'en'],
    ['?lang=en', 'ru-RU', 'en'],
  ]) {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto(`./${query}${query ? '&' : '?'}paused=1`);
    await expect(page.locator('h1')).toHaveText('Settle', { timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.lang), `${query} ${locale}`).toBe(want);
    await context.close();
  }
});

test('choosing a language in the menu opens the same place in it, and the link says so', async ({ page }) => {
  await page.clock.install({ time: 0 });
  await page.goto(link(busy, 20));
  await expect(page.getByTestId('clock')).toHaveText('0.020 s', { timeout: 15_000 });
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  await expect(page).toHaveURL(/\?lang=ru#s=/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru', { timeout: 15_000 });
  await expect(page.getByTestId('clock')).toHaveText('0,020 с');
  await expect(page.getByRole('combobox', { name: 'Язык' })).toHaveValue('ru');
});

test('a language that cannot be loaded leaves the page in English, and says so', async ({ page }) => {
  await page.route('**/ftl/cs/**', (r) => r.abort());
  await page.goto('./?lang=cs&paused=1');
  await expect(page.locator('h1')).toHaveText('Settle', { timeout: 15_000 });
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  await expect(page.getByText(/Čeština could not be loaded/)).toBeVisible();
});

for (const lang of ['en', ...LANGS]) {
  test(`at 375 px no control of the header is clipped (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`./?lang=${lang}&paused=1`);
    await expect(page.locator('h1')).toHaveText('Settle', { timeout: 15_000 });
    const clipped = await page.evaluate(() => [...document.querySelectorAll('header.top button, header.top select')]
      .filter((e) => (e as HTMLElement).offsetParent !== null)
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return e.scrollWidth > e.clientWidth + 1 || r.left < 0 || r.right > window.innerWidth;
      })
      .map((e) => (e as HTMLElement).innerText || e.getAttribute('aria-label')));
    expect(clipped).toEqual([]);
  });
}
