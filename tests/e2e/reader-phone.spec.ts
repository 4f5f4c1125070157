import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, gotoHydrated, test, useTheme } from './fixtures.ts';

/**
 * reading on a phone as well as the best docs site, and one header on every page.
 * Each describe block is one thing a phone reader needs.
 */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const header = (page: Page) => page.locator('[data-site-header]');
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Top of the first paragraph of the chapter text, in CSS pixels from the top of the page. */
const firstParagraphTop = (page: Page) =>
  page.evaluate(() => {
    const p = document.querySelector('.chapter-text p');
    return p ? p.getBoundingClientRect().top + window.scrollY : Number.NaN;
  });

test.describe('1. one header on every page', () => {
  test('the same links in the same order on every page, the assistant among them, the section marked', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const sections: Record<string, string | null> = {
      '/': null,
      '/book/chapter-01': 'Book',
      '/generator': 'Generator',
      '/ideas': 'Ideas',
      '/assistant': 'Ask',
      '/help': null,
    };
    for (const [path, current] of Object.entries(sections)) {
      await page.goto(path);
      const links = mainNav(page).getByRole('link').filter({ hasNotText: /^$/ });
      const labels = (await links.allInnerTexts()).map((t) => t.trim()).filter((t) => ['Book', 'Generator', 'Ideas', 'Ask'].includes(t));
      expect(labels, path).toEqual(['Book', 'Generator', 'Ideas', 'Ask']);
      await expect(mainNav(page).getByRole('link', { name: 'Ask', exact: true })).toHaveAttribute('href', '/assistant');
      const marked = mainNav(page).locator('a[aria-current="page"]');
      if (current) await expect(marked).toHaveText(current);
      else await expect(marked).toHaveCount(0);
      await expect(header(page).getByRole('button', { name: 'Search' })).toBeVisible();
    }
  });

  test('the calls to action live in the page body: Generate New Idea above the gallery, Login to Save Ideas on the generator, the author on the landing page', async ({
    page,
  }) => {
    await page.goto('/ideas');
    await expect(page.getByRole('main').getByRole('link', { name: 'Generate New Idea' })).toHaveAttribute('href', '/generator');
    await page.goto('/generator');
    await expect(page.getByRole('main').getByRole('link', { name: 'Login to Save Ideas' })).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('main').getByText(/^by /)).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Read Book' })).toBeVisible();
  });

  test.describe('on a phone', () => {
    test.use(PHONE);
    test('the menu holds the same links plus Help', async ({ page }) => {
      await page.goto('/generator');
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.locator('#mobile-menu');
      await expect(menu.getByRole('link', { name: 'Book', exact: true })).toBeVisible();
      expect((await menu.getByRole('link').allInnerTexts()).map((t) => t.trim()).slice(0, 5)).toEqual(['Book', 'Generator', 'Ideas', 'Ask', 'Help']);
    });
  });
});

test.describe('2. search from anywhere', () => {
  test('the header search opens the book search on a page that is not the reader, and "/" opens it too', async ({ page }) => {
    await page.goto('/generator');
    await header(page).getByRole('button', { name: 'Search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search the book' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('searchbox').fill('BEEF');
    await expect(dialog.getByRole('list', { name: 'Search results' }).getByRole('link').first()).toHaveAttribute('href', /^\/book\/chapter-\d\d/);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.goto('/ideas');
    await page.locator('body').press('/');
    await expect(page.getByRole('dialog', { name: 'Search the book' })).toBeVisible();
  });

  test('a chapter loads no search code before search is opened', async ({ page }) => {
    const loaded: string[] = [];
    page.on('request', (r) => loaded.push(r.url()));
    await page.goto('/book/chapter-05');
    await page.waitForLoadState('networkidle');
    expect(loaded.filter((u) => /pagefind|\/search\./.test(u))).toEqual([]);
    await header(page).getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => loaded.some((u) => u.includes('/pagefind/'))).toBe(true);
  });
});

test.describe('3 and 4. text first, and On this page, on a phone', () => {
  test.use(PHONE);

  test('the first paragraph starts no lower than Starlight (chapter 5: 363 px, chapter 1: 277 px)', async ({ page }) => {
    await page.goto('/book/chapter-05');
    expect(await firstParagraphTop(page)).toBeLessThanOrEqual(363);
    await page.goto('/book/chapter-01');
    expect(await firstParagraphTop(page)).toBeLessThanOrEqual(277);
  });

  test('half-way down chapter 2, On this page names the section and the search button is in reach; choosing a section jumps and closes', async ({ page }) => {
    await page.goto('/book/chapter-02');
    await page.locator('[data-reader][data-ready]').waitFor({ state: 'attached' });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    const bar = page.locator('[data-toc-bar]');
    await expect(async () => {
      const box = await bar.locator('summary').boundingBox();
      expect(box).not.toBeNull();
      expect((box?.y ?? 999) + (box?.height ?? 0)).toBeLessThanOrEqual(140);
      const search = await header(page).getByRole('button', { name: 'Search' }).boundingBox();
      expect((search?.y ?? 999) + (search?.height ?? 0)).toBeLessThanOrEqual(140);
    }).toPass();
    await expect(bar.locator('[data-toc-current]')).not.toHaveText('');
    // With the keyboard: open the list, choose a section, and it closes with the section in view.
    await bar.locator('summary').focus();
    await page.keyboard.press('Enter');
    const links = bar.getByRole('link');
    await expect(links.first()).toBeVisible();
    const target = links.nth(2);
    const hash = await target.getAttribute('href');
    await target.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${hash}$`));
    await expect(bar).not.toHaveAttribute('open', '');
    // Escape closes an open list.
    await bar.locator('summary').click();
    await expect(links.first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(bar).not.toHaveAttribute('open', '');
  });

  test('on another tab the bar names the tab, not a section hidden behind it; back on the text, the section again', async ({ page }) => {
    await page.goto('/book/chapter-14#code-examples');
    await page.locator('[data-reader][data-ready]').waitFor({ state: 'attached' });
    const current = page.locator('[data-toc-bar] [data-toc-current]');
    await expect(current).toHaveText('Code Examples');
    await page.getByRole('tab', { name: 'Resources' }).click();
    await expect(current).toHaveText('Resources');
    await page.getByRole('tab', { name: 'Content' }).click();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    await expect(current).not.toHaveText(/^(?:|Resources|Code Examples)$/);
  });

  test('without JavaScript the section list is a disclosure at the top of the chapter', async ({ browser }) => {
    const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/book/chapter-02');
    const bar = page.locator('details[data-toc-bar]');
    await bar.locator('summary').click();
    await expect(bar.getByRole('link').first()).toBeVisible();
    await context.close();
  });
});

test.describe('5. code that reads like code', () => {
  test.use(PHONE);
  test('no code in the page breaks inside a word; a long line scrolls, and Copy stays in reach', async ({ page }) => {
    for (const path of ['/book/chapter-05', '/book/chapter-05#code-examples']) {
      await page.goto(path);
      const breaking = await page.evaluate(
        () =>
          [...document.querySelectorAll('main pre, main code')]
            .map((el) => getComputedStyle(el))
            .filter((s) => s.whiteSpace !== 'pre' && s.whiteSpace !== 'nowrap' && (s.wordBreak === 'break-all' || s.overflowWrap === 'anywhere')).length,
      );
      expect(breaking, path).toBe(0);
    }
    await page.goto('/book/chapter-05');
    const block = page
      .locator('.chapter-text .code-block')
      .filter({ has: page.locator('pre') })
      .first();
    const scrolls = await block.locator('pre').evaluate((pre) => pre.scrollWidth > pre.clientWidth);
    expect(scrolls).toBe(true);
    await expect(block).toHaveAttribute('data-scrolls', '');
    await block.scrollIntoViewIfNeeded();
    await block.locator('pre').evaluate((pre) => pre.scrollBy(400, 0));
    await expect(block.getByRole('button', { name: 'Copy code' })).toBeInViewport();
  });
});

test.describe('6 and 7. headings that name the topic, read state that means read', () => {
  test('the heading and the title name the chapter and its topic', async ({ page }) => {
    await page.goto('/book/chapter-06');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chapter 6: Overlay Networks and SPV');
    await expect(page).toHaveTitle(/^Chapter 6: Overlay Networks and SPV \|/);
  });

  test('a chapter is marked read when its end is reached, not when it opens', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/book/chapter-03');
    await page.locator('[data-reader][data-ready]').waitFor({ state: 'attached' });
    const entry = page.locator('#chapter-list [data-chapter="chapter-03"]');
    await expect(entry.locator('[data-read-mark]')).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(entry.locator('[data-read-mark]')).toHaveCount(1);
    await page.goto('/book/chapter-04');
    await expect(page.locator('#chapter-list [data-chapter="chapter-03"] [data-read-mark]')).toHaveCount(1);
    await expect(page.locator('#chapter-list [data-chapter="chapter-04"] [data-read-mark]')).toHaveCount(0);
  });

  for (const [name, viewport] of [
    ['desktop', { width: 1440, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    test(`one set of Previous/Next on the ${name}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/book/chapter-05');
      const sets = page.locator('main a[href="/book/chapter-04"], main a[href="/book/chapter-06"]').filter({ visible: true });
      // A set is a link back and a link on; the chapter list's entries are not a set (they sit in a list).
      const outsideLists = await sets.evaluateAll((links) => links.filter((a) => !a.closest('[data-chapter-list], .chapter-text')).length);
      expect(outsideLists).toBe(2);
    });
  }
});

test.describe('8 and 9. words that are true, compact resources', () => {
  test('the landing card of the assistant describes the assistant; /help describes what exists', async ({ page }) => {
    await page.goto('/');
    // Each feature card is one link.
    const card = page.getByRole('link').filter({ has: page.getByRole('heading', { name: 'AI Assistant' }) });
    await expect(card).toContainText(/ask the book/i);
    await expect(card).toHaveAttribute('href', '/assistant');
    await page.goto('/help');
    const help = page.getByRole('main');
    await expect(help).not.toContainText('The landing page lists every chapter');
    await expect(help.getByRole('link', { name: '/assistant' })).toBeVisible();
    await expect(help).toContainText('not a download on this site');
  });

  test('each resource is one compact row: title, type, domain and Visit', async ({ page }) => {
    await page.goto('/book/chapter-05#resources');
    const rows = page.locator('#resources li');
    expect(await rows.count()).toBeGreaterThan(0);
    const first = rows.first();
    await expect(first.getByRole('link', { name: /^Visit/ })).toBeVisible();
    await expect(first).toContainText(/Website|Tool|Documentation/);
    const host = new URL((await first.getByRole('link', { name: /^Visit/ }).getAttribute('href')) ?? '').hostname.replace(/^www\./, '');
    await expect(first).toContainText(host);
    expect((await first.boundingBox())?.height ?? 999).toBeLessThanOrEqual(80);
  });
});

// On a phone, where the header folds; on a desktop each page's own spec runs axe in both themes
// (site-shell, book-reader, generator, ideas, assistant, first-visit), so it is not run twice here.
for (const theme of ['light', 'dark'] as const) {
  test(`axe finds nothing on the pages with the new header (phone, ${theme})`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await useTheme(page, theme);
    for (const path of ['/', '/book/chapter-05', '/generator', '/ideas', '/assistant', '/help']) {
      await gotoHydrated(page, path);
      await expectNoA11yViolations(page);
    }
  });
}
