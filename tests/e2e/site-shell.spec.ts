import { expect, expectNoA11yViolations, gotoHydrated, test, useTheme } from './fixtures.ts';

test.describe('landing page', () => {
  test('shows the spec texts and the nav links', async ({ page }) => {
    await gotoHydrated(page, '/');
    await expect(page.getByText('Coming Soon In Paperback')).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Book', exact: true })).toHaveAttribute('href', '/book');
    await expect(nav.getByRole('link', { name: 'Generator', exact: true })).toHaveAttribute('href', '/generator');
    await expect(nav.getByRole('link', { name: 'Ideas', exact: true })).toHaveAttribute('href', '/ideas');
    await expect(nav.getByRole('link', { name: 'Ask', exact: true })).toHaveAttribute('href', '/assistant');
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', /^\/api\/login\?returnTo=/);
    // The calls to action of docs/spec.md's landing nav, in the page body.
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Read Book' })).toHaveAttribute('href', '/book');
    await expect(main.getByRole('link', { name: 'Generate Ideas' })).toHaveAttribute('href', '/generator');
    await expect(main.getByRole('link', { name: 'Browse Ideas' })).toHaveAttribute('href', '/ideas');
    for (const title of ['Code Examples', 'AI Assistant', 'Tabbed Interface']) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(page.getByRole('contentinfo')).toContainText('©');
  });

  test('ships no framework JavaScript', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(req.url());
    });
    await page.goto('/', { waitUntil: 'load' });
    const html = await page.content();
    expect(html).not.toContain('astro-island');
    for (const src of scripts) expect(src).not.toMatch(/react|client/i);
  });
});

test('an anonymous visit asks nothing about the user (no session hint cookie)', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/auth/user')) asked.push(req.url());
  });
  await gotoHydrated(page, '/');
  await page.waitForLoadState('load');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();
  expect(asked).toEqual([]);
});

test.describe('theme', () => {
  test('toggles the dark class, saves it under "theme" and keeps it after reload', async ({ page }) => {
    await useTheme(page, 'light');
    await gotoHydrated(page, '/');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Toggle dark mode' }).first().click();
    await expect(html).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Toggle dark mode' }).first().click();
    await expect(html).not.toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });

  test('follows the system dark preference when nothing is saved', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await context.close();
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('opens, and closes when a link is chosen', async ({ page }) => {
    await gotoHydrated(page, '/');
    const button = page.getByRole('button', { name: 'Open menu' });
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeHidden();
    await button.click();
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    // Choosing a link closes the menu (checked before the navigation completes).
    await page.evaluate(() => document.addEventListener('click', (e) => e.preventDefault(), { once: true }));
    await menu.getByRole('link', { name: 'Book', exact: true }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('closes on Escape', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.locator('#mobile-menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('#mobile-menu')).toBeHidden();
  });
});

test.describe('404', () => {
  test.use({ allowConsoleErrors: [/status of 404 \(Not Found\)/] });

  test('unknown paths answer 404 with "Page Not Found"', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  });
});

test('health reports a real blob round trip', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ ok: true, blobs: true });
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(() => {
    test.use({ allowConsoleErrors: [/status of 404 \(Not Found\)/] });
    // The landing page's own axe test is in first-visit.spec.ts.
    test(`no axe violations on /help and the 404 page (${theme})`, async ({ page }) => {
      await useTheme(page, theme);
      await gotoHydrated(page, '/help');
      await expectNoA11yViolations(page);
      await page.goto('/missing-page');
      await expectNoA11yViolations(page);
    });
  });
}

test('canonical and Open Graph URLs are the served paths (no .html, no /index)', async ({ request }) => {
  for (const [route, expected] of [
    ['/', '/'],
    ['/generator', '/generator'],
    ['/ideas', '/ideas'],
    ['/book/chapter-03', '/book/chapter-03'],
    ['/admin/export-book', '/admin/export-book'],
  ] as const) {
    const html = await (await request.get(route)).text();
    const canonical = /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1] ?? '';
    expect(new URL(canonical).pathname, route).toBe(expected);
    expect(html, route).toContain(`<meta property="og:url" content="${canonical}">`);
  }
});

test('text responses are compressed as the CDN does (brotli, else gzip, else none)', async ({ request }) => {
  const css = /<link rel="stylesheet" href="([^"]+\.css)">/.exec(await (await request.get('/')).text())?.[1] ?? '';
  expect(css).not.toBe('');
  for (const path of [css, '/book/chapter-02', '/api/chapters/index.json']) {
    const br = await request.get(path, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers()['content-encoding'], path).toBe('br');
    expect(br.headers()['vary'], path).toMatch(/Accept-Encoding/);
    const gzip = await request.get(path, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers()['content-encoding'], path).toBe('gzip');
    const plain = await request.get(path, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers()['content-encoding'], path).toBeUndefined();
    expect(Number(plain.headers()['content-length']), path).toBeGreaterThan(Number(br.headers()['content-length']));
    expect(await br.text(), path).toBe(await plain.text());
  }
});
