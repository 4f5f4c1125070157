import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, gotoHydrated, test, useTheme } from './fixtures.ts';

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
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test.describe('book reader', () => {
  test('/book opens at the first chapter with the text, list, progress and ends disabled', async ({ page }) => {
    const index = await bookIndex(page);
    await gotoHydrated(page, '/book');
    await expect(page).toHaveURL(/\/book$/);
    await expect(heading(page)).toHaveText('Introduction');
    await expect(page.getByText(index[0]!.subtitle, { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Chapter text' }).getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Chapters' })).toContainText(String(index.length));
    await expect(page.getByText('Current: Introduction')).toBeVisible();
    await expect(page.getByTestId('progress-text')).toHaveText(`1 of ${index.length}`);
    await expect(page.getByRole('button', { name: 'Previous Chapter' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Next Chapter' })).toBeEnabled();
    // Each list entry: the title and the short subtitle (cut at the first dash).
    const sixth = chapterList(page).getByRole('link', { name: /^Chapter 6\b/ });
    await expect(sixth).toContainText('Overlay Networks and SPV');
    await expect(sixth).not.toContainText(' - ');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [['Home', '/'], ['Generate', '/generator'], ['Browse Ideas', '/ideas']]) {
      await expect(nav.getByRole('link', { name: name!, exact: true })).toHaveAttribute('href', href!);
    }
    await expect(nav).toContainText('Support:');
    await expect(page.getByRole('contentinfo')).toContainText('Website developed by');
  });

  test('the chapter list collapses and expands', async ({ page }) => {
    await gotoHydrated(page, '/book/chapter-02');
    const toggle = page.getByRole('button', { name: 'Chapters' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(chapterList(page)).toBeHidden();
    await toggle.click();
    await expect(chapterList(page)).toBeVisible();
  });

  test('switches chapters from the list, with Previous/Next and with the arrow keys', async ({ page }) => {
    const index = await bookIndex(page);
    await gotoHydrated(page, '/book');
    await chapterList(page).getByRole('link', { name: /^Chapter 6\b/ }).click();
    await expect(page).toHaveURL(/\/book\/chapter-06$/);
    await expect(heading(page)).toHaveText('Chapter 6');
    await expect(chapterList(page).getByRole('link', { name: /^Chapter 6\b/ })).toHaveAttribute('aria-current', 'page');
    const pos6 = index.findIndex((c) => c.id === 'chapter-06');
    await expect(page.getByTestId('progress-text')).toHaveText(`${pos6 + 1} of ${index.length}`);

    await waitReady(page);
    await page.getByRole('button', { name: 'Next Chapter' }).click();
    await expect(heading(page)).toHaveText(index[pos6 + 1]!.title);
    await waitReady(page);
    await page.getByRole('button', { name: 'Previous Chapter' }).click();
    await expect(heading(page)).toHaveText('Chapter 6');

    await waitReady(page);
    await page.keyboard.press('ArrowRight');
    await expect(heading(page)).toHaveText(index[pos6 + 1]!.title);
    await waitReady(page);
    await page.keyboard.press('ArrowLeft');
    await expect(heading(page)).toHaveText('Chapter 6');

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
    await expect(page).toHaveURL(/\/book\/chapter-06$/);
  });

  test('the last chapter has Next disabled and ignores the right arrow', async ({ page }) => {
    const index = await bookIndex(page);
    const last = index.at(-1)!;
    await gotoHydrated(page, `/book/${last.id}`);
    await expect(page.getByRole('button', { name: 'Next Chapter' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Previous Chapter' })).toBeEnabled();
    await expect(page.getByTestId('progress-text')).toHaveText(`${index.length} of ${index.length}`);
    await expect(page.getByRole('progressbar', { name: 'Reading progress' })).toHaveAttribute('aria-valuenow', '100');
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(new RegExp(`/book/${last.id}$`));
  });

  test.describe('code examples', () => {
    test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

    test('shows every field, copies with "Copied!" for two seconds, and resets per chapter', async ({ page }) => {
      await gotoHydrated(page, '/book/chapter-05');
      const examples = (await (await page.request.get('/api/code-examples/chapter-05.json')).json()) as { id: string; title: string; fileName: string; language: string; description: string; code: string }[];
      const [first, second] = examples;
      await page.getByRole('tab', { name: 'Code Examples' }).click();
      const panel = page.getByRole('tabpanel', { name: 'Code Examples' });
      await expect(panel.getByRole('heading', { name: first!.title })).toBeVisible();
      await expect(panel.getByText(first!.description)).toBeVisible();
      await expect(panel.getByText(first!.fileName, { exact: true })).toBeVisible();
      await expect(panel.getByText(first!.language, { exact: true })).toBeVisible();
      await expect(panel.locator('pre.shiki')).toContainText(first!.code.split('\n')[0]!);

      const copy = panel.getByRole('button', { name: `Copy ${first!.fileName}` });
      await copy.click();
      await expect(panel.getByRole('button', { name: 'Copied!' })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first!.code);
      await expect(panel.getByRole('button', { name: `Copy ${first!.fileName}` })).toBeVisible({ timeout: 3500 });
      await expect(panel.getByRole('button', { name: 'Copied!' })).toHaveCount(0);

      await panel.getByRole('button', { name: second!.title }).click();
      await expect(panel.getByRole('heading', { name: second!.title })).toBeVisible();

      // The next chapter with examples opens at its first one.
      await gotoHydrated(page, '/book/chapter-06');
      const six = (await (await page.request.get('/api/code-examples/chapter-06.json')).json()) as { title: string }[];
      await page.getByRole('tab', { name: 'Code Examples' }).click();
      await expect(page.getByRole('button', { name: six[0]!.title })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('tabpanel', { name: 'Code Examples' }).getByRole('heading', { name: six[0]!.title })).toBeVisible();
    });

    test('says so when a chapter has none', async ({ page }) => {
      await gotoHydrated(page, '/book/chapter-00');
      await page.getByRole('tab', { name: 'Code Examples' }).click();
      await expect(page.getByText('No code examples available for this chapter')).toBeVisible();
    });

    test('the tip box shows the QR image and copies the address', async ({ page }) => {
      await gotoHydrated(page, '/book/chapter-01');
      const qr = page.getByRole('img', { name: 'QR code of the BSV tip address' });
      await expect(qr).toBeVisible();
      expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const tip = page.getByRole('region', { name: 'Support the Book' });
      const address = (await tip.locator('p.font-mono').textContent())!.trim();
      await tip.getByRole('button', { name: 'Copy Address' }).click();
      await expect(tip.getByRole('button', { name: 'Copied!' })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    });
  });

  test('resources show title, type and a Visit button opening a new window', async ({ page, context }) => {
    await gotoHydrated(page, '/book/chapter-06');
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
    await gotoHydrated(page, '/book/chapter-01');
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search the book' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('searchbox', { name: 'Search the book' }).fill('SLAP');
    const result = dialog.getByRole('link', { name: /^Chapter 6: Overlay Networks and SPV/ });
    // The first search downloads Pagefind's index and WebAssembly: slow on a busy machine.
    await expect(result).toHaveAttribute('href', '/book/chapter-06', { timeout: 30_000 });
    const section = dialog.getByRole('link', { name: 'Finding Hosts: SHIP and SLAP' });
    await expect(section).toHaveAttribute('href', '/book/chapter-06#finding-hosts-ship-and-slap');
    await section.click();
    await expect(page).toHaveURL(/\/book\/chapter-06#finding-hosts-ship-and-slap$/);
    await expect(heading(page)).toHaveText('Chapter 6');
    await expect(page.locator('#finding-hosts-ship-and-slap')).toBeInViewport();
  });

  test('resume reading: /book returns to the last chapter read, and the list marks read chapters', async ({ page }) => {
    await gotoHydrated(page, '/book/chapter-03');
    await gotoHydrated(page, '/book/chapter-04');
    await gotoHydrated(page, '/book');
    await expect(page).toHaveURL(/\/book\/chapter-04$/);
    await expect(heading(page)).toHaveText('Chapter 4');
    await expect(chapterList(page).getByRole('link', { name: /^Chapter 3\b/ })).toContainText('(read)');
    await expect(chapterList(page).getByRole('link', { name: /^Chapter 4\b/ })).toContainText('(read)');
    await expect(chapterList(page).getByRole('link', { name: /^Chapter 5\b/ })).not.toContainText('(read)');
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
    await gotoHydrated(page, '/book');
    await expect(page).toHaveURL(/\/book\/chapter-06$/);
    expect(painted.some((p) => p.startsWith('/book:') && p !== '/book:')).toBe(false);
  });

  test('chapter pages are readable without JavaScript and carry their meta', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/book/chapter-06');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chapter 6');
    await expect(page.locator('#finding-hosts-ship-and-slap')).toHaveText('Finding Hosts: SHIP and SLAP');
    await expect(page).toHaveTitle(/^Chapter 6: Overlay Networks and SPV \| /);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/book\/chapter-06$/);
    await expect(page.locator('link[rel="prev"]')).toHaveAttribute('href', '/book/chapter-05');
    await expect(page.locator('link[rel="next"]')).toHaveAttribute('href', '/book/chapter-07');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /SPV/);
    await expect(page.getByRole('link', { name: 'Finding Hosts: SHIP and SLAP' })).toHaveAttribute('href', '#finding-hosts-ship-and-slap');
    await context.close();
  });

  test('the static API serves the index, chapters, code examples and resources as JSON', async ({ request }) => {
    const index = (await (await request.get('/api/chapters/index.json')).json()) as IndexEntry[];
    expect(index[0]).toEqual({ id: 'chapter-00', title: 'Introduction', subtitle: expect.any(String), markdownFile: 'chapter-00.md', resourcesFile: 'chapter-00.json' });
    for (const entry of index.filter((e) => e.codeExamplesFile)) expect(['chapter-05', 'chapter-06', 'chapter-07', 'chapter-08', 'chapter-12', 'chapter-14', 'chapter-15', 'chapter-16', 'chapter-20']).toContain(entry.id);
    const chapter = await request.get('/api/chapters/chapter-06.md');
    expect(chapter.headers()['content-type']).toMatch(/^application\/json/);
    const body = (await chapter.json()) as { id: string; markdown: string; content: string };
    expect(body.id).toBe('chapter-06');
    expect(body.markdown).toContain('## Finding Hosts: SHIP and SLAP');
    expect(body.content).toContain('<h2 id="finding-hosts-ship-and-slap">');
    const examples = (await (await request.get('/api/code-examples/chapter-06.json')).json()) as object[];
    expect(Object.keys(examples[0]!).sort()).toEqual(['code', 'description', 'fileName', 'id', 'language', 'title']);
    const resources = (await (await request.get('/api/resources/chapter-06.json')).json()) as object[];
    expect(Object.keys(resources[0]!).sort()).toEqual(['title', 'type', 'url']);
  });
});

/** Chapter moves are page loads: wait until the new page's island is interactive. */
async function waitReady(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}

for (const theme of ['light', 'dark'] as const) {
  test(`no axe violations in the reader (${theme})`, async ({ page }) => {
    test.setTimeout(150_000); // axe over a long chapter is slow on a shared machine
    await useTheme(page, theme);
    await gotoHydrated(page, '/book/chapter-05');
    await expectNoA11yViolations(page);
    await page.getByRole('tab', { name: 'Code Examples' }).click();
    await expectNoA11yViolations(page);
    await page.getByRole('tab', { name: 'Resources' }).click();
    await expectNoA11yViolations(page);
    await page.keyboard.press('/');
    await page.getByRole('searchbox', { name: 'Search the book' }).fill('wallet');
    await expect(page.getByRole('list', { name: 'Search results' })).toBeVisible();
    await expectNoA11yViolations(page);
  });
}
