import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, expectNoA11yViolations, gotoHydrated, test, useTheme } from './fixtures.ts';

/**
 * The admin export console end to end: gate, export, download, logout. The password is the one
 * scripts/serve.ts uses: ADMIN_PASSWORD from the shell, else the generated `.data/local-secrets.json`.
 */
function adminPassword(): string {
  if (process.env['ADMIN_PASSWORD']) return process.env['ADMIN_PASSWORD'];
  const secrets = JSON.parse(readFileSync(path.resolve('.data/local-secrets.json'), 'utf8')) as { ADMIN_PASSWORD: string };
  return secrets.ADMIN_PASSWORD;
}
// Each function call goes through the local Netlify emulation (the first one bundles the function):
// waits on an API answer get more time than the default 10 s on a busy machine.
const api = { timeout: 60_000 };
const chapterCount = readdirSync(path.resolve('content/chapters')).filter((f) => /^chapter-\d\d\.md$/.test(f)).length;
const bookTitle = (JSON.parse(readFileSync(path.resolve('content/book.json'), 'utf8')) as { title: string; author: string }).title;

test.describe('admin export gate', () => {
  test('asks for the password, refuses blank and wrong ones', async ({ page }) => {
    const authCalls: string[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/admin/authenticate')) authCalls.push(req.method());
    });
    await gotoHydrated(page, '/admin/export-book');
    await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible(api);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Book', '/book'],
      ['Generator', '/generator'],
      ['Ideas', '/ideas'],
      ['Ask', '/assistant'],
    ] as const) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    // The admin session is not the site's login: the admin page's nav offers no site Login.
    await expect(page.getByRole('link', { name: /login/i })).toHaveCount(0);
    await expect(nav.getByText('Signed in as admin')).toHaveCount(0);

    const password = page.getByLabel('Export password');
    const button = page.getByRole('button', { name: 'Authenticate' });
    await button.click();
    await expect(page.getByRole('alert')).toHaveText('Please enter the export password');
    await password.fill('   ');
    await button.click();
    await expect(page.getByRole('alert')).toHaveText('Please enter the export password');
    expect(authCalls).toEqual([]);

    await password.fill('definitely not the password');
    await button.click();
    await expect(page.getByRole('alert')).toHaveText('Invalid password', api);
    expect(authCalls).toEqual(['POST']);
    await expect(page.getByRole('heading', { name: 'EPUB Export Console' })).toHaveCount(0);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`gate has no axe violations (${theme})`, async ({ page }) => {
      await useTheme(page, theme);
      await gotoHydrated(page, '/admin/export-book');
      await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible(api);
      await expectNoA11yViolations(page);
    });
  }
});

test.describe('cross-site attempts', () => {
  // The refused images are logged by the browser as failed loads.
  test.use({ allowConsoleErrors: [/status of 403/] });
  test.beforeEach(async ({ context }) => {
    // Both sites are on loopback here; on the web the attacker's page is public. Chromium asks
    // before a page reaches a loopback address: grant it, as a site on the web would not need it.
    await context.grantPermissions(['local-network-access']).catch(() => context.grantPermissions(['loopback-network']));
  });
  test("another site's images with wrong ?password= downloads do not lock the admin out", async ({ page, baseURL }) => {
    // Another site (served here by the test) whose page points eight images at the download URL.
    const images = Array.from({ length: 8 }, (_, i) => `<img alt="" src="${baseURL}/api/admin/download/lq0000aa-AAAAAAAAAAAAAAAAAAAAAA?password=wrong-${i}">`);
    // 127.0.0.1 is another site than localhost (and the same loopback address space, which Chromium
    // requires of a page on plain http that loads from loopback).
    const attacker = `http://127.0.0.1:${new URL(baseURL ?? '').port}/free-bsv`;
    await page.route(attacker, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>Free BSV</title>${images.join('')}` }));
    // Each request reaches the server (which answers 403); the browser then blocks the JSON body
    // as an image (ORB). Before the fix, each one counted as a failed attempt.
    let done = 0;
    const count = (req: { url(): string }) => {
      if (req.url().includes('/api/admin/download/')) done += 1;
    };
    page.on('requestfinished', count);
    page.on('requestfailed', count);
    await page.goto(attacker, { waitUntil: 'load' });
    await expect.poll(() => done).toBe(8);
    await gotoHydrated(page, '/admin/export-book');
    await page.getByLabel('Export password').fill(adminPassword());
    await page.getByRole('button', { name: 'Authenticate' }).click();
    await expect(page.getByRole('heading', { name: 'EPUB Export Console' })).toBeVisible(api);
  });
});

test('the gate is in the served page, before any script runs', async ({ request }) => {
  const html = await (await request.get('/admin/export-book')).text();
  expect(html).toContain('Admin Access Required');
  expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Authenticate<\/button>/);
});

test('authenticating while the session check is still out opens the console (the late check does not close it)', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/admin/export-status', async (route) => {
    const response = await route.fetch(); // asked before authenticating: not authenticated
    await held;
    await route.fulfill({ response });
  });
  await gotoHydrated(page, '/admin/export-book');
  await page.getByLabel('Export password').fill(adminPassword());
  await page.getByRole('button', { name: 'Authenticate' }).click();
  await expect(page.getByRole('heading', { name: 'EPUB Export Console' })).toBeVisible(api);
  const answered = page.waitForResponse('**/api/admin/export-status');
  release();
  expect(((await (await answered).json()) as { authenticated: boolean }).authenticated).toBe(false);
  await page.waitForTimeout(300);
  await expect(page.getByRole('heading', { name: 'EPUB Export Console' })).toBeVisible();
});

test('the whole console flow: authenticate, export, download, logout', async ({ page }) => {
  test.setTimeout(300_000);
  await useTheme(page, 'dark');
  await gotoHydrated(page, '/admin/export-book');
  await page.getByLabel('Export password').fill(adminPassword());
  await page.getByRole('button', { name: 'Authenticate' }).click();
  await expect(page.getByRole('heading', { name: 'EPUB Export Console' })).toBeVisible(api);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByText('Signed in as admin')).toBeVisible();
  await expect(page.getByRole('link', { name: /login/i })).toHaveCount(0);

  await expect(page.getByLabel('Title')).toHaveValue(`The ${bookTitle}`);
  await expect(page.getByLabel('Author')).not.toHaveValue('');
  await expect(page.getByLabel('Include code examples')).toBeChecked();
  await expect(page.getByLabel('Include resources')).toBeChecked();

  // The session survives a reload: the page asks /api/admin/export-status on load.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'EPUB Export Console' })).toBeVisible(api);

  const generate = page.getByRole('button', { name: 'Generate EPUB' });
  const exported = page.waitForResponse((r) => r.url().endsWith('/api/admin/export-epub'));
  await generate.click();
  await expect(page.getByRole('button', { name: 'Generating EPUB...' })).toBeDisabled();
  const response = await exported;
  expect(response.status()).toBe(200);
  const result = (await response.json()) as { chaptersCount: number; fileSize: number; filename: string };
  expect(result.chaptersCount).toBe(chapterCount);

  await expect(page.getByText(`EPUB generated successfully! ${chapterCount} chapters processed.`)).toBeVisible(api);
  const megabytes = `${(result.fileSize / 1048576).toFixed(2)} MB`;
  await expect(page.getByText(result.filename)).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: megabytes })).toBeVisible();
  await expect(page.getByText(/202\s?KB|195\s?KB/)).toHaveCount(0);
  await expectNoA11yViolations(page);

  const downloadStarted = page.waitForEvent('download');
  await page.getByRole('link', { name: `Download EPUB (${megabytes})` }).click();
  const download = await downloadStarted;
  expect(download.suggestedFilename()).toBe(result.filename);
  const file = await download.path();
  const bytes = readFileSync(file);
  expect(bytes.byteLength).toBe(result.fileSize);
  expect(bytes.subarray(30, 58).toString('latin1')).toBe('mimetypeapplication/epub+zip');

  // A new export clears the previous result first; the variant without code has its own file name.
  await page.getByLabel('Include code examples').uncheck();
  const second = page.waitForResponse((r) => r.url().endsWith('/api/admin/export-epub'));
  await generate.click();
  await expect(page.getByText(/EPUB generated successfully!/)).toHaveCount(0);
  await expect(page.getByText(`EPUB generated successfully! ${chapterCount} chapters processed.`)).toBeVisible(api);
  const withoutCode = (await (await second).json()) as { filename: string };
  expect(withoutCode.filename).toBe(result.filename.replace(/\.epub$/, '-no-code.epub'));
  await expect(page.getByText(withoutCode.filename)).toBeVisible();
  const secondDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: /^Download EPUB/ }).click();
  expect((await secondDownload).suggestedFilename()).toBe(withoutCode.filename);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible(api);
  await expect(nav.getByText('Signed in as admin')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible(api);
  await expect(page.getByText(/EPUB generated successfully!/)).toHaveCount(0);
  await expectNoA11yViolations(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible(api);
});
