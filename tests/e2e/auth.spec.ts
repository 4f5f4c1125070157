import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, gotoHydrated, test, useTheme } from './fixtures.ts';

/** Fills and submits the local sign-in form (the default of `npm start`: no identity provider). */
async function signIn(page: Page, firstName: string, email: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const main = (page: Page) => page.getByRole('navigation', { name: 'Main' });

// The local platform starts a fresh worker for every function call; on a busy machine the nav's
// GET /api/auth/user can take several seconds, so assertions that wait for it get more time.
const NAV = { timeout: 60_000 };
test.describe.configure({ timeout: 300_000 });

// The form answers 400 when it shows validation errors; the browser logs that status.
const EXPECTED_400 = [/status of 400 \(Bad Request\)/];

test('local sign-in: the nav shows the name, the session survives a reload, logout returns to anonymous', async ({ page, context }) => {
  await gotoHydrated(page, '/?from=nav');
  const login = main(page).getByRole('link', { name: 'Login' });
  await expect(login).toHaveAttribute('href', '/api/login?returnTo=%2F%3Ffrom%3Dnav');
  await login.click();
  await expect(page).toHaveURL(/\/api\/login\?returnTo=/);
  await expect(page).toHaveTitle(/^Sign in \| /);

  await signIn(page, 'Ada', 'ada.e2e@example.com');
  await expect(page).toHaveURL(/\/\?from=nav$/);
  await expect(main(page).getByText('Ada', { exact: true })).toBeVisible(NAV);
  await expect(main(page).getByRole('link', { name: 'Logout' })).toBeVisible(NAV);
  await expect(main(page).getByRole('link', { name: 'Login' })).toBeHidden();

  const [session] = (await context.cookies()).filter((c) => c.name === 'session');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  const me = await page.request.get('/api/auth/user');
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({
    firstName: 'Ada',
    email: 'ada.e2e@example.com',
    profileImageUrl: null,
    id: expect.stringMatching(/^local-/) as unknown,
  });

  await page.reload();
  await expect(main(page).getByText('Ada', { exact: true })).toBeVisible(NAV);

  await main(page).getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(main(page).getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(main(page).getByRole('link', { name: 'Logout' })).toBeHidden();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});

test.describe(() => {
  test.use({ allowConsoleErrors: EXPECTED_400 });

  test('the sign-in form shows its validation errors and keeps what was typed', async ({ page }) => {
    await page.goto('/api/login?returnTo=%2F');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('There is a problem');
    await expect(alert).toContainText('Enter your first name');
    await expect(alert).toContainText('Enter an email address like name@example.com');
    await expect(page).toHaveTitle(/^Error: Sign in/);
    await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Email')).toHaveValue('not-an-email');
    // The error summary links to the field.
    await alert.getByRole('link', { name: 'Enter your first name' }).click();
    await expect(page).toHaveURL(/#firstName$/);
    await signIn(page, 'Grace', 'grace.e2e@example.com');
    await expect(page).toHaveURL(/\/$/);
    await expect(main(page).getByText('Grace', { exact: true })).toBeVisible(NAV);
  });
});

test('mobile menu: the user area shows the signed-in name and Logout', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/api/login');
  await signIn(page, 'Lin', 'lin.e2e@example.com');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.locator('#mobile-menu');
  await expect(menu.getByText('Lin', { exact: true })).toBeVisible(NAV);
  await expect(menu.getByRole('link', { name: 'Logout' })).toBeVisible();
});

test('a tampered or foreign session cookie means anonymous, never an error page', async ({ page, context, baseURL }) => {
  await page.goto('/api/login');
  await signIn(page, 'Eve', 'eve.e2e@example.com');
  const [session] = (await context.cookies()).filter((c) => c.name === 'session');
  const [h, p, s = ''] = (session?.value ?? '').split('.');
  const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p ?? '', 'base64url').toString()), firstName: 'Mallory' })).toString(
    'base64url',
  );
  for (const value of [`${h}.${forgedPayload}.${s}`, `${Buffer.from('{"alg":"none"}').toString('base64url')}.${p}.`, 'garbage']) {
    // A clean slate for each forgery: no page script left running (it would drop the hint cookie
    // after the 401), then the forged session plus the hint that makes the nav ask the server.
    await page.goto('about:blank');
    await context.clearCookies();
    await context.addCookies([
      { name: 'session', value, url: baseURL ?? '' },
      { name: 'signed_in', value: '1', url: baseURL ?? '' },
    ]);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/user'), NAV);
    await gotoHydrated(page, '/');
    expect((await answered).status()).toBe(401);
    await expect(main(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.getByText('Mallory')).toHaveCount(0);
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  }
});

test('a cross-site form post to /api/login is refused', async ({ request }) => {
  const res = await request.post('/api/login', {
    headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    form: { firstName: 'Eve', email: 'eve@example.com', csrf: 'x', returnTo: '/' },
  });
  expect(res.status()).toBe(403);
  expect(await res.json()).toEqual({ error: 'Cross-site request refused' });
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(() => {
    test.use({ allowConsoleErrors: EXPECTED_400 });
    test(`the sign-in page and its error state have no axe violations (${theme})`, async ({ page }) => {
      await useTheme(page, theme);
      await gotoHydrated(page, '/api/login');
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
      await expectNoA11yViolations(page);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await page.waitForLoadState('load');
      await expectNoA11yViolations(page);
    });
  });
}
