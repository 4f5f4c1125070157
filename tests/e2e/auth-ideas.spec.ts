import type { Page } from '@playwright/test';
import { expect, gotoHydrated, test } from './fixtures.ts';

/**
 * Login together with the idea pages: a signed-in user sees 'Your Ideas' on /ideas, and an idea
 * generated while signed in appears there.
 */
async function signIn(page: Page, returnTo: string, firstName: string, email: string): Promise<void> {
  await page.goto(`/api/login?returnTo=${encodeURIComponent(returnTo)}`);
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${returnTo.replace(/[/?]/g, '\\$&')}$`));
}

const main = (page: Page) => page.getByRole('navigation', { name: 'Main' });

// The local platform starts a fresh worker for every function call: allow for a busy machine.
const NAV = { timeout: 60_000 };
test.describe.configure({ timeout: 300_000 });

test('anonymous visitors are offered login to save ideas', async ({ page }) => {
  await gotoHydrated(page, '/generator');
  await expect(page.getByRole('main').getByRole('link', { name: 'Login to Save Ideas' })).toHaveAttribute('href', /^\/api\/login\?returnTo=%2Fgenerator/);
  await gotoHydrated(page, '/ideas');
  await expect(page.getByText('Login to Save Ideas').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your Ideas' })).toHaveCount(0);
});

test('a signed-in user sees Your Ideas, and a generated idea appears among them', async ({ page }) => {
  const email = `ideas.${Date.now()}@example.com`;
  await signIn(page, '/ideas', 'Ida', email);
  await gotoHydrated(page, '/ideas');
  await expect(page.getByRole('heading', { name: 'Your Ideas' })).toBeVisible(NAV);
  await expect(main(page).getByText('Ida', { exact: true })).toBeVisible(NAV);

  await gotoHydrated(page, '/generator');
  await expect(main(page).getByText('Ida', { exact: true })).toBeVisible(NAV);
  const generated = page.waitForResponse((r) => r.url().endsWith('/api/generate-idea') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Generate Revolutionary Idea' }).click();
  const res = await generated;
  expect(res.status()).toBe(200);
  // The page streams the answer (text/event-stream): read the idea's name from the result panel.
  const name = (await page.getByTestId('result-panel').getByRole('heading', { level: 2 }).first().textContent(NAV))?.trim() ?? '';
  expect(name).not.toBe('');

  await gotoHydrated(page, '/ideas');
  const yours = page.locator('section', { has: page.getByRole('heading', { name: 'Your Ideas' }) });
  await expect(yours.getByText(name).first()).toBeVisible(NAV);
});

test.describe('save after login', () => {
  test.use({ allowConsoleErrors: [/status of 403 \(Forbidden\)/] });

  test('"Login to Save Ideas" on a result keeps that idea: back on the idea after signing in, and in Your Ideas', async ({ page, browser }) => {
    await gotoHydrated(page, '/generator');
    await page.getByRole('button', { name: 'Generate Revolutionary Idea' }).click();
    const result = page.getByTestId('result-panel');
    const name = (await result.getByRole('heading', { level: 2 }).first().textContent(NAV))?.trim() ?? '';
    const id = (await result.getByRole('link', { name: 'View' }).getAttribute('href'))?.split('/').pop() ?? '';
    expect(id).not.toBe('');
    await result.getByRole('link', { name: 'Login to Save Ideas' }).click();
    await page.getByLabel('First name').fill('Cleo');
    await page.getByLabel('Email').fill(`claim.${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(new RegExp(`/idea/${id}$`), NAV);
    await expect(page.getByRole('status').filter({ hasText: 'Saved to your ideas.' })).toBeVisible(NAV);
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeVisible(NAV);

    await gotoHydrated(page, '/ideas');
    const yours = page.locator('section', { has: page.getByRole('heading', { name: 'Your Ideas' }) });
    await expect(yours.getByText(name).first()).toBeVisible(NAV);

    // Another browser knows the link but not the claim: nothing is saved there.
    const other = await browser.newContext();
    const stranger = await other.newPage();
    await signIn(stranger, `/idea/${id}?claim=1`, 'Dan', `other.${Date.now()}@example.com`).catch(() => undefined);
    await expect(stranger.getByRole('alert').filter({ hasText: 'could not be saved' })).toContainText('403', NAV);
    await expect(stranger.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
    await other.close();
  });
});
