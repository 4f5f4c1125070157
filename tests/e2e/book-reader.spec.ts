import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test, useTheme } from './fixtures.ts';

interface IndexEntry {
  id: string;
  title: string;
  subtitle: string;
  markdownFile: string;
  resourcesFile: string;
  codeExamplesFile?: string;
}

async function bookIndex(page: Page): Promise<IndexEntry[]> {
  const res = await page.request.get('/api/chapters/index.json');
  expect(res.ok()).toBe(true);
  return (await res.json()) as IndexEntry[];
}

const chapterList = (page: Page) => page.locator('#chapter-list');
const chapterMenu = (page: Page) => page.locator('#chapter-menu > summary');
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
/** The heading names the chapter and its topic: "Chapter 6: Overlay Networks and SPV". */
const titled = (title: string) => new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `);
const chapterText = (page: Page) => page.locator('.chapter-text');
const sideLink = (page: Page, name: 'Previous Chapter' | 'Next Chapter') => page.getByRole('link', { name, exact: true });

/** The reader is a document: its enhancement script has run once the page is marked ready. */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitReady(page);
}

/** Chapter moves are page loads: wait until the new page's script has run. */
async function waitReady(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.locator('[data-reader][data-ready]').waitFor({ state: 'attached' });
}

test.describe('book reader', () => {
  test('/book opens at the first chapter with the text, list, progress and ends disabled', async ({ page }) => {
    const index = await bookIndex(page);
    await open(page, '/book');
    await expect(page).toHaveURL(/\/book$/);
    await expect(heading(page)).toHaveText(titled('Introduction'));
    expect(index[0]!.subtitle).toContain(' – ');
    await expect(heading(page)).toHaveText(`Introduction: ${index[0]!.subtitle.split(' – ')[0]}`);
    await expect(page.getByText(index[0]!.subtitle.split(' – ').slice(1).join(' – '), { exact: true })).toBeVisible();
    await expect(page.getByRole('tabpanel', { name: 'Content' }).getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(chapterMenu(page)).toContainText(`Chapters ${index.length}`);
    await expect(chapterMenu(page)).toContainText('Current: Introduction');
    await expect(page.getByTestId('progress-text')).toHaveText(`1 of ${index.length}`);
    await expect(sideLink(page, 'Previous Chapter')).toBeDisabled();
    await expect(sideLink(page, 'Next Chapter')).toHaveAttribute('href', `/book/${index[1]!.id}`);
    // Each list entry: the title and the short subtitle (cut at the first dash).
    const sixth = chapterList(page).getByRole('link', { name: /^Chapter 6\b/ });
    await expect(sixth).toContainText('Overlay Networks and SPV');
    await expect(sixth).not.toContainText('–');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Book', '/book'],
      ['Generator', '/generator'],
      ['Ideas', '/ideas'],
      ['Ask', '/assistant'],
    ]) {
      await expect(nav.getByRole('link', { name: name!, exact: true })).toHaveAttribute('href', href!);
    }
    await expect(nav.getByRole('link', { name: 'Book', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('contentinfo')).toContainText('Website developed by');
  });

  test('the chapter list collapses and expands', async ({ page }) => {
    await open(page, '/book/chapter-02');
    await expect(chapterList(page)).toBeVisible(); // open on a wide screen
    await chapterMenu(page).click();
    await expect(chapterList(page)).toBeHidden();
    await chapterMenu(page).click();
    await expect(chapterList(page)).toBeVisible();
  });

  test('switches chapters from the list, with Previous/Next and with the arrow keys', async ({ page }) => {
    const index = await bookIndex(page);
    await open(page, '/book');
    await chapterList(page)
      .getByRole('link', { name: /^Chapter 6\b/ })
      .click();
    await expect(page).toHaveURL(/\/book\/chapter-06$/);
    await expect(heading(page)).toHaveText(titled('Chapter 6'));
    await expect(chapterList(page).getByRole('link', { name: /^Chapter 6\b/ })).toHaveAttribute('aria-current', 'page');
    const pos6 = index.findIndex((c) => c.id === 'chapter-06');
    await expect(page.getByTestId('progress-text')).toHaveText(`${pos6 + 1} of ${index.length}`);

    await waitReady(page);
    await sideLink(page, 'Next Chapter').click();
    await expect(heading(page)).toHaveText(titled(index[pos6 + 1]!.title));
    await waitReady(page);
    await sideLink(page, 'Previous Chapter').click();
    await expect(heading(page)).toHaveText(titled('Chapter 6'));

    await waitReady(page);
    await page.keyboard.press('ArrowRight');
    await expect(heading(page)).toHaveText(titled(index[pos6 + 1]!.title));
    await waitReady(page);
    await page.keyboard.press('ArrowLeft');
    await expect(heading(page)).toHaveText(titled('Chapter 6'));

    // Arrow keys typed into a field or used on the tab list do not change the chapter.
    await waitReady(page);
    await page.keyboard.press('/');
    const search = page.getByRole('searchbox', { name: 'Search the book' });
    await search.fill('ledger');
    await search.press('ArrowLeft');
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Content' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Code Examples' })).toHaveAttribute('aria-selected', 'true');
    // The tab is in the address; the chapter is the same.
    await expect(page).toHaveURL(/\/book\/chapter-06#code-examples$/);

    // Where the sidebar is not beside the text, Previous/Next close the text, with the neighbours' titles.
    await page.setViewportSize({ width: 1024, height: 800 });
    const end = page.getByRole('navigation', { name: 'Chapters before and after' });
    await page.getByRole('tab', { name: 'Content' }).click();
    await expect(end.getByRole('link', { name: /^Previous Chapter 5: / })).toHaveAttribute('href', '/book/chapter-05');
    await expect(end.getByRole('link', { name: /^Next Chapter 7: / })).toHaveAttribute('href', '/book/chapter-07');
  });

  test('the last chapter has Next disabled and ignores the right arrow', async ({ page }) => {
    const index = await bookIndex(page);
    const last = index.at(-1)!;
    await open(page, `/book/${last.id}`);
    await expect(sideLink(page, 'Next Chapter')).toBeDisabled();
    await expect(sideLink(page, 'Previous Chapter')).toBeEnabled();
    await expect(page.getByTestId('progress-text')).toHaveText(`${index.length} of ${index.length}`);
    await expect(page.getByRole('progressbar', { name: 'Reading progress' })).toHaveAttribute('aria-valuenow', '100');
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(new RegExp(`/book/${last.id}$`));
  });

  test.describe('copy', () => {
    test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

    test('code examples: every field, "Copied!" for two seconds, one at a time, reset per chapter', async ({ page }) => {
      await open(page, '/book/chapter-05');
      const examples = (await (await page.request.get('/api/code-examples/chapter-05.json')).json()) as {
        id: string;
        title: string;
        fileName: string;
        language: string;
        description: string;
        code: string;
      }[];
      const [first, second] = examples;
      await page.getByRole('tab', { name: 'Code Examples' }).click();
      const panel = page.getByRole('tabpanel', { name: 'Code Examples' });
      await expect(panel.getByRole('heading', { name: first!.title })).toBeVisible();
      await expect(panel.getByRole('heading', { name: second!.title })).toBeHidden();
      const shown = panel.locator('[data-example-panel]:not([hidden])');
      await expect(shown).toHaveCount(1);
      await expect(shown.getByText(first!.description)).toBeVisible();
      await expect(shown.getByText(first!.fileName, { exact: true })).toBeVisible();
      await expect(shown.getByText(first!.language, { exact: true })).toBeVisible();
      await expect(shown.locator('pre.shiki')).toContainText(first!.code.split('\n')[0]!);

      const copy = panel.getByRole('button', { name: `Copy ${first!.fileName}` });
      await copy.click();
      await expect(panel.getByRole('button', { name: 'Copied!' })).toBeVisible();
      expect((await page.evaluate(() => navigator.clipboard.readText())).trimEnd()).toBe(first!.code.trimEnd());
      await expect(panel.getByRole('button', { name: `Copy ${first!.fileName}` })).toBeVisible({ timeout: 3500 });
      await expect(panel.getByRole('button', { name: 'Copied!' })).toHaveCount(0);

      await panel.getByRole('button', { name: second!.title }).click();
      await expect(panel.getByRole('heading', { name: second!.title })).toBeVisible();
      await expect(panel.getByRole('heading', { name: first!.title })).toBeHidden();

      // The next chapter with examples opens at its first one.
      await open(page, '/book/chapter-06');
      const six = (await (await page.request.get('/api/code-examples/chapter-06.json')).json()) as { title: string }[];
      await page.getByRole('tab', { name: 'Code Examples' }).click();
      await expect(page.getByRole('button', { name: six[0]!.title })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('tabpanel', { name: 'Code Examples' }).getByRole('heading', { name: six[0]!.title })).toBeVisible();
    });

    test('every code block in the text has a Copy button', async ({ page }) => {
      await open(page, '/book/chapter-05');
      const blocks = chapterText(page).locator('pre');
      expect(await blocks.count()).toBeGreaterThan(0);
      await expect(chapterText(page).getByRole('button', { name: 'Copy code' })).toHaveCount(await blocks.count());
      const block = blocks.first();
      await block.scrollIntoViewIfNeeded();
      await chapterText(page).getByRole('button', { name: 'Copy code' }).first().click();
      await expect(chapterText(page).getByRole('button', { name: 'Copied!' })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await block.textContent());
      // Its own panel in the light theme (not white on the white page), and no literal backticks.
      const background = await block.evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(background).not.toBe('rgb(255, 255, 255)');
      const inline = chapterText(page).locator(':not(pre) > code').first();
      expect(await inline.evaluate((el) => getComputedStyle(el, '::before').content)).toMatch(/^(none|normal)$/);
    });

    test('the tip box shows the QR image and copies the full address', async ({ page }) => {
      await open(page, '/book/chapter-01');
      const qr = page.getByRole('img', { name: 'QR code of the BSV tip address' });
      await qr.scrollIntoViewIfNeeded();
      await expect(qr).toBeVisible();
      await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const tip = page.getByRole('region', { name: 'Support the Book' });
      const address = (await tip.locator('[data-tip-address]').textContent())!.trim();
      expect(address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{26,35}$/);
      // A note for the site's owner (the sample address) is in the build log, never on the page.
      await expect(page.locator('body')).not.toContainText('content/book.json');
      await tip.getByRole('button', { name: 'Copy Address' }).click();
      await expect(tip.getByRole('button', { name: 'Copied!' })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    });
  });

  test('each exercise ends the chapter with its worked answer folded, a tap away', async ({ page }) => {
    await open(page, '/book/chapter-03');
    await expect(page.getByRole('heading', { level: 2, name: 'Exercises' })).toBeAttached();
    const exercises = page.locator('.chapter-text h3[id^="exercise-"]');
    expect(await exercises.count()).toBeGreaterThanOrEqual(3);
    const first = page.locator('.chapter-text details.exercise-answer').first();
    await expect(first).not.toHaveAttribute('open');
    await expect(first.locator('p').first()).toBeHidden();
    await first.getByText('Answer', { exact: true }).click();
    await expect(first).toHaveAttribute('open', '');
    await expect(first.locator('p').first()).toBeVisible();
    await expect(first.locator('p').first()).toContainText('24 satoshis');
    expect(await page.locator('.chapter-text details.exercise-answer').count()).toBe(await exercises.count());
  });

  test('says so when a chapter has no code examples', async ({ page }) => {
    await open(page, '/book/chapter-00');
    await page.getByRole('tab', { name: 'Code Examples' }).click();
    await expect(page.getByText('No code examples available for this chapter')).toBeVisible();
  });

  test('resources show title, type and a Visit button opening a new window', async ({ page, context }) => {
    await open(page, '/book/chapter-06');
    const resources = (await (await page.request.get('/api/resources/chapter-06.json')).json()) as { title: string; url: string; type: string }[];
    await page.getByRole('tab', { name: 'Resources' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Resources' });
    await expect(panel.getByRole('listitem')).toHaveCount(resources.length);
    const first = resources[0]!;
    await expect(panel.getByText(first.title, { exact: true })).toBeVisible();
    await expect(panel.getByRole('listitem').first()).toContainText(first.type, { ignoreCase: true });
    const visit = panel.getByRole('link', { name: `Visit ${first.title}` });
    await expect(visit).toHaveAttribute('target', '_blank');
    await expect(visit).toHaveAttribute('rel', /noopener/);
    await expect(visit).toHaveAttribute('href', first.url);
    // Offline: keep the new window from reaching the network.
    await context.route(first.url, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>ok</title>' }));
    const [popup] = await Promise.all([context.waitForEvent('page'), visit.click()]);
    await expect.poll(() => popup.url()).toBe(first.url);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
  });

  test('search finds a word from a chapter and opens it at the heading', async ({ page }) => {
    await open(page, '/book/chapter-01');
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search the book' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('searchbox', { name: 'Search the book' }).fill('SLAP');
    const result = dialog.getByRole('link', { name: /^Chapter 6: Overlay Networks and SPV/ });
    // The first search downloads Pagefind's index and WebAssembly: slow on a busy machine.
    await expect(result).toHaveAttribute('href', '/book/chapter-06', { timeout: 30_000 });
    const section = dialog.getByRole('link', { name: 'Finding hosts: SHIP and SLAP' });
    await expect(section).toHaveAttribute('href', '/book/chapter-06#finding-hosts-ship-and-slap');
    await section.click();
    await expect(page).toHaveURL(/\/book\/chapter-06#finding-hosts-ship-and-slap$/);
    await expect(heading(page)).toHaveText(titled('Chapter 6'));
    const target = page.locator('#finding-hosts-ship-and-slap');
    await expect(target).toBeInViewport();
    // The heading lands below the sticky site bar, not under it.
    const barBottom = await page.locator('[data-site-header]').evaluate((el) => el.getBoundingClientRect().bottom);
    expect((await target.boundingBox())!.y).toBeGreaterThanOrEqual(barBottom);
  });

  test('search: one entry per chapter, more than 8 results, no repeated titles, Escape returns to the button', async ({ page }) => {
    await open(page, '/book/chapter-02');
    const button = page.locator('[data-site-header]').getByRole('button', { name: 'Search' });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Search the book' });
    const box = dialog.getByRole('searchbox', { name: 'Search the book' });
    await expect(box).toBeFocused();
    await box.fill('blockchain');
    const results = dialog.getByRole('list', { name: 'Search results' });
    const top = results.locator(':scope > li > a');
    await expect(top.first()).toBeVisible({ timeout: 30_000 });
    const shown = await top.count();
    expect(shown).toBeGreaterThan(8);
    // The arrow keys move from the box through the results and back.
    await box.press('ArrowDown');
    await expect(top.first()).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(box).toBeFocused();
    await dialog.getByRole('button', { name: 'Show more results' }).click();
    await expect.poll(() => top.count()).toBeGreaterThan(shown);
    const hrefs = await top.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).not.toContain('/book'); // /book is chapter-00 again: indexed once
    expect(new Set(hrefs).size).toBe(hrefs.length);
    for (const item of await results.locator(':scope > li').all()) {
      const title = (await item.locator(':scope > a').textContent())!.trim();
      const subs = await item.locator('ul a').allTextContents();
      expect(subs.map((s) => s.trim())).not.toContain(title);
    }
    await box.fill('Three layers, one gap');
    await expect(dialog.getByRole('link', { name: /^Introduction: / })).toHaveCount(1, { timeout: 15_000 });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('resume reading: /book returns to the last chapter read, and the list marks the chapters read to their end', async ({ page }) => {
    const readToEnd = async (url: string) => {
      await open(page, url);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(page.locator(`#chapter-list [data-chapter="${url.split('/').pop()}"] [data-read-mark]`)).toHaveCount(1);
    };
    await readToEnd('/book/chapter-03');
    await readToEnd('/book/chapter-04');
    await open(page, '/book');
    await expect(page).toHaveURL(/\/book\/chapter-04$/);
    await expect(heading(page)).toHaveText(titled('Chapter 4'));
    await expect(chapterList(page).getByRole('link', { name: /^Chapter 3\b/ })).toContainText('(read)');
    await expect(chapterList(page).getByRole('link', { name: /^Chapter 4\b/ })).toContainText('(read)');
    await expect(chapterList(page).getByRole('link', { name: /^Chapter 5\b/ })).not.toContainText('(read)');
  });

  test('resume position: the landing page offers "Continue Chapter N" and the chapter reopens where the reader was', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: /^Continue / })).toBeHidden(); // a first visit
    await open(page, '/book/chapter-06');
    const section = page.locator('#topic-managers-brc-22');
    await section.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 100 + 250));
    const before = await section.evaluate((el) => el.getBoundingClientRect().top);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('book:position'))).toContain('"anchor":"topic-managers-brc-22"');

    await page.goto('/');
    const resume = page.getByRole('link', { name: 'Continue Chapter 6' });
    await expect(resume).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Read Book' })).toHaveAttribute('href', '/book/chapter-00');
    await resume.click();
    await waitReady(page);
    await expect(page).toHaveURL(/\/book\/chapter-06$/);
    await expect.poll(() => section.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeGreaterThanOrEqual(Math.round(before) - 2);
    expect(Math.abs((await section.evaluate((el) => el.getBoundingClientRect().top)) - before)).toBeLessThanOrEqual(2);
  });

  test('/book never paints the first chapter while resuming', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('book:lastChapter', 'chapter-06'));
    const painted: string[] = [];
    await page.exposeFunction('reportPaint', (text: string) => painted.push(text));
    await page.addInitScript(() => {
      new PerformanceObserver(() => {
        const h1 = document.querySelector('h1');
        const visible = h1 && getComputedStyle(h1.closest('.reader-body') ?? h1).display !== 'none';
        (window as unknown as { reportPaint: (t: string) => void }).reportPaint(`${location.pathname}:${visible ? h1.textContent : ''}`);
      }).observe({ type: 'paint', buffered: true });
    });
    await open(page, '/book');
    await expect(page).toHaveURL(/\/book\/chapter-06$/);
    expect(painted.some((p) => p.startsWith('/book:') && p !== '/book:')).toBe(false);
  });

  test('"On this page" highlights the section being read', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await open(page, '/book/chapter-06');
    const toc = page.getByRole('navigation', { name: 'On this page' });
    const link = toc.getByRole('link', { name: 'BEEF: A Transaction That Carries Its Own Evidence' });
    await link.click();
    await expect(link).toHaveAttribute('aria-current', 'true');
    await expect(toc.locator('[aria-current]')).toHaveCount(1);
    const target = page.locator('#beef-a-transaction-that-carries-its-own-evidence');
    const barBottom = await page.locator('[data-site-header]').evaluate((el) => el.getBoundingClientRect().bottom);
    expect((await target.boundingBox())!.y).toBeGreaterThanOrEqual(barBottom);
    // Scrolling on moves the mark to the next section; the side columns stay in place.
    await page.locator('#the-honest-limits-of-spv').evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80));
    await expect(toc.getByRole('link', { name: 'The Honest Limits of SPV' })).toHaveAttribute('aria-current', 'true');
    await expect(link).not.toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('heading', { name: 'Reading Progress' })).toBeInViewport();
    await expect(chapterMenu(page)).toBeInViewport();
  });

  for (const fragment of ['#%', '#%E0%A4%A', '#%zz']) {
    test(`a malformed fragment (${fragment}) is ignored: the arrow keys and "On this page" still work`, async ({ page }) => {
      await page.setViewportSize({ width: 1400, height: 900 });
      await open(page, `/book/chapter-06${fragment}`);
      await page.locator('#the-honest-limits-of-spv').evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80));
      const toc = page.getByRole('navigation', { name: 'On this page' });
      await expect(toc.getByRole('link', { name: 'The Honest Limits of SPV' })).toHaveAttribute('aria-current', 'true');
      await page.keyboard.press('ArrowRight');
      await expect(page).toHaveURL(/\/book\/chapter-07$/);
    });
  }

  test('"Skip to content" lands on the chapter, past the chapter list', async ({ page }) => {
    await open(page, '/book/chapter-03');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#chapter')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('tab', { name: 'Content' })).toBeFocused();
  });

  test('chapter pages are readable without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/book/chapter-06');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chapter 6: Overlay Networks and SPV');
    await expect(page.locator('#finding-hosts-ship-and-slap')).toHaveText('Finding hosts: SHIP and SLAP');
    await expect(page).toHaveTitle(/^Chapter 6: Overlay Networks and SPV \| /);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/book\/chapter-06$/);
    await expect(page.locator('link[rel="prev"]')).toHaveAttribute('href', '/book/chapter-05');
    await expect(page.locator('link[rel="next"]')).toHaveAttribute('href', '/book/chapter-07');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /SPV/);
    await expect(page.getByRole('link', { name: 'Finding hosts: SHIP and SLAP' })).toHaveAttribute('href', '#finding-hosts-ship-and-slap');
    // The tabs are links to sections: the code examples and resources follow the text.
    await page.getByRole('link', { name: 'Code Examples', exact: true }).click();
    await expect(page).toHaveURL(/#code-examples$/);
    const examples = (await (await page.request.get('/api/code-examples/chapter-06.json')).json()) as { title: string; fileName: string }[];
    for (const e of examples) await expect(page.getByRole('heading', { name: e.title })).toBeVisible();
    const resources = (await (await page.request.get('/api/resources/chapter-06.json')).json()) as { title: string; url: string }[];
    await expect(page.getByRole('link', { name: `Visit ${resources[0]!.title}` })).toHaveAttribute('href', resources[0]!.url);
    // The chapter list opens without a script, and Previous/Next are real links.
    await chapterMenu(page).click();
    await chapterList(page)
      .getByRole('link', { name: /^Chapter 2\b/ })
      .click();
    await expect(page).toHaveURL(/\/book\/chapter-02$/);
    await sideLink(page, 'Next Chapter').click();
    await expect(page).toHaveURL(/\/book\/chapter-03$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Chapter 3: /);
    await context.close();
  });

  test('a chapter page is a document: no island, no framework script, the chapter data in the HTML once', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(req.url());
    });
    await open(page, '/book/chapter-05');
    expect(await page.locator('astro-island').count()).toBe(0);
    for (const src of scripts) expect(src).not.toMatch(/react|client\.|pagefind/i);
    const html = await (await page.request.get('/book/chapter-05')).text();
    const examples = (await (await page.request.get('/api/code-examples/chapter-05.json')).json()) as { description: string }[];
    // A run of plain words (no characters HTML would escape) from the first example's description.
    const words = /[A-Za-z0-9 ,.]{24,}/.exec(examples[0]!.description)![0];
    expect(html.split(words).length - 1).toBe(1);
  });

  test('the static API serves the index, chapters, code examples and resources as JSON', async ({ request }) => {
    const index = (await (await request.get('/api/chapters/index.json')).json()) as IndexEntry[];
    expect(index[0]).toEqual({
      id: 'chapter-00',
      title: 'Introduction',
      subtitle: expect.any(String),
      markdownFile: 'chapter-00.md',
      resourcesFile: 'chapter-00.json',
    });
    // Chapters 1-4 and 21 have no code-examples file; every chapter from 5 to 20 has one.
    expect(index.filter((e) => e.codeExamplesFile).map((e) => e.id)).toEqual([
      'chapter-05',
      'chapter-06',
      'chapter-07',
      'chapter-08',
      'chapter-09',
      'chapter-10',
      'chapter-11',
      'chapter-12',
      'chapter-13',
      'chapter-14',
      'chapter-15',
      'chapter-16',
      'chapter-17',
      'chapter-18',
      'chapter-19',
      'chapter-20',
    ]);
    const chapter = await request.get('/api/chapters/chapter-06.md');
    expect(chapter.headers()['content-type']).toMatch(/^application\/json/);
    const body = (await chapter.json()) as { id: string; markdown: string; content: string };
    expect(body.id).toBe('chapter-06');
    expect(body.markdown).toContain('## Finding hosts: SHIP and SLAP');
    expect(body.content).toContain('<h2 id="finding-hosts-ship-and-slap">');
    const examples = (await (await request.get('/api/code-examples/chapter-06.json')).json()) as object[];
    expect(Object.keys(examples[0]!).sort()).toEqual(['code', 'description', 'fileName', 'id', 'language', 'title']);
    const resources = (await (await request.get('/api/resources/chapter-06.json')).json()) as object[];
    expect(Object.keys(resources[0]!).sort()).toEqual(['title', 'type', 'url']);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the chapter list is a closed menu, the text starts on the first screen, tabs fit one row, no "/" hint', async ({ page }) => {
    await open(page, '/book/chapter-05');
    await expect(chapterList(page)).toBeHidden();
    const firstParagraph = chapterText(page).locator('p').first();
    const box = (await firstParagraph.boundingBox())!;
    expect(box.y + 40).toBeLessThan(844); // at least a line of text on the first screen
    const tabs = await page.getByRole('tab').evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(tabs).toHaveLength(3);
    expect(new Set(tabs).size).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(page.locator('.kbd-hint')).toBeHidden();
    const barMenu = page.locator('[data-reader-bar] details[data-bar-menu]').first();
    await barMenu.locator('summary').click();
    await expect(barMenu.getByRole('link', { name: /^Chapter 5\b/ })).toHaveAttribute('aria-current', 'page');
    await expectNoA11yViolations(page);
  });
});

for (const theme of ['light', 'dark'] as const) {
  test(`no axe violations in the reader (${theme})`, async ({ page }) => {
    test.setTimeout(150_000); // axe over a long chapter is slow on a shared machine
    await useTheme(page, theme);
    await open(page, '/book/chapter-05');
    await expectNoA11yViolations(page);
    await page.getByRole('tab', { name: 'Code Examples' }).click();
    await expectNoA11yViolations(page);
    await page.getByRole('tab', { name: 'Resources' }).click();
    await expectNoA11yViolations(page);
    await page.keyboard.press('/');
    await page.getByRole('searchbox', { name: 'Search the book' }).fill('wallet');
    await expect(page.getByRole('list', { name: 'Search results' })).toBeVisible({ timeout: 30_000 });
    await expectNoA11yViolations(page);
  });
}
