import { expect, gotoHydrated, test } from './fixtures.ts';

/**
 * Logout in a real browser: another site's link to /api/logout (Chromium sends
 * `Sec-Fetch-Site: cross-site`) does not log out but offers a Log out button; the session the
 * logout ended stays ended even if its cookie is replayed.
 */
test.describe.configure({ timeout: 300_000 });
const NAV = { timeout: 60_000 };

test('a cross-site link to /api/logout asks first; the button logs out, and the old cookie is dead', async ({ page, context, baseURL }) => {
  await page.goto('/api/login?returnTo=%2F');
  await page.getByLabel('First name').fill('Max');
  await page.getByLabel('Email').fill(`max.${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByText('Max', { exact: true })).toBeVisible(NAV);
  const session = (await context.cookies()).find((c) => c.name === 'session');
  expect(session?.value).toBeTruthy();

  // The same server under another host name is another site (127.0.0.1 vs localhost).
  const elsewhere = (baseURL ?? '').replace('localhost', '127.0.0.1');
  await page.goto(`${elsewhere}/`);
  await page.evaluate((target) => (location.href = target), `${baseURL}/api/logout`);
  await expect(page.getByRole('heading', { name: 'Log out?' })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'session')?.value).toBe(session?.value);

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible(NAV);

  // Replaying the old cookie does not bring the session back.
  const replay = await page.request.get('/api/auth/user', { headers: { cookie: `session=${session?.value ?? ''}` } });
  expect(replay.status()).toBe(401);
  await gotoHydrated(page, '/');
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible(NAV);
});
