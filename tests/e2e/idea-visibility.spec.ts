import type { Page } from '@playwright/test';
import { expect, gotoHydrated, test } from './fixtures.ts';

/**
 * who manages an idea (its signed-in owner, or the browser that made it while
 * signed out) switches it between public and only-you and deletes it, on its page and on the cards
 * of Your Ideas; the community lists follow at once; a stranger sees no controls.
 */
const NAV = { timeout: 60_000 };
test.describe.configure({ timeout: 300_000 });

async function generate(page: Page): Promise<{ id: string; name: string }> {
  await gotoHydrated(page, '/generator');
  await page.getByRole('button', { name: 'Generate Revolutionary Idea' }).click();
  const result = page.getByTestId('result-panel');
  const name = (await result.getByRole('heading', { level: 2 }).first().textContent(NAV))?.trim() ?? '';
  const id = (await result.getByRole('link', { name: 'View' }).getAttribute('href'))?.split('/').pop() ?? '';
  expect(id).not.toBe('');
  return { id, name };
}

const recentIds = async (page: Page): Promise<string[]> =>
  ((await (await page.request.get('/api/recent-ideas?limit=50')).json()) as { id: string }[]).map((r) => r.id);

test('the anonymous maker unlists, relists and deletes an idea made in this browser; a stranger sees no controls', async ({ page, browser }) => {
  const { id } = await generate(page);
  await gotoHydrated(page, `/idea/${id}`);
  const visibility = page.getByRole('switch', { name: 'Show this idea in the community lists' });
  await expect(visibility).toBeChecked(NAV);
  expect(await recentIds(page)).toContain(id);

  const other = await browser.newContext();
  const stranger = await other.newPage();
  // The same request the maker's page answered with controls: the stranger's page gets none.
  const strangerAsked = stranger.waitForResponse((r) => r.url().endsWith(`/api/idea/${id}`), NAV);
  await gotoHydrated(stranger, `/idea/${id}`);
  await expect(stranger.getByRole('heading', { level: 1 })).toBeVisible(NAV);
  expect((await strangerAsked).status()).toBe(200);
  await expect(stranger.getByRole('switch')).toHaveCount(0);
  await expect(stranger.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  expect((await stranger.request.patch(`/api/idea/${id}`, { data: { listed: false } })).status()).toBe(401);
  await other.close();

  await visibility.click();
  await expect(visibility).not.toBeChecked(NAV);
  await expect(visibility).toHaveText('Only you');
  expect(await recentIds(page)).not.toContain(id);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Show this idea in the community lists' })).not.toBeChecked(NAV);

  // By keyboard: the switch keeps the focus while it saves and after (a keyboard user can switch it back).
  await page.getByRole('switch', { name: 'Show this idea in the community lists' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('switch', { name: 'Show this idea in the community lists' })).toBeChecked(NAV);
  await expect(page.getByRole('switch', { name: 'Show this idea in the community lists' })).toBeFocused();
  // Back in the list (not necessarily first: other workers' ideas may be newer).
  expect(await recentIds(page)).toContain(id);

  // Focus moves into the confirmation and back to Delete on Cancel.
  const del = page.getByRole('button', { name: 'Delete', exact: true });
  await del.click();
  await expect(page.getByRole('group', { name: 'Confirm deletion' })).toBeFocused();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(del).toBeFocused();
  // Escape cancels too.
  await del.click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('group', { name: 'Confirm deletion' })).toHaveCount(0);
  await expect(del).toBeFocused();
  await del.click();
  await page.getByRole('button', { name: 'Yes, delete it' }).click();
  // The page's own heading (an idea's text may contain the word "deleted" itself).
  await expect(page.getByRole('heading', { name: 'Idea Deleted' })).toBeVisible(NAV);
  expect((await page.request.get(`/api/idea/${id}`)).status()).toBe(404);
  expect(await recentIds(page)).not.toContain(id);
});

test('an owner sees Public or Only you on each card of Your Ideas and switches it there', async ({ page }) => {
  await page.goto(`/api/login?returnTo=${encodeURIComponent('/ideas')}`);
  await page.getByLabel('First name').fill('Vera');
  await page.getByLabel('Email').fill(`visibility.${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/ideas$/, NAV);
  const { id, name } = await generate(page);

  await gotoHydrated(page, '/ideas');
  // The library's ideas repeat across visitors: a card is told by its link, not its name.
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'Your Ideas' }) }).locator(`[data-idea-card]:has(a[href="/idea/${id}"])`);
  await expect(card.locator('[data-visibility]')).toHaveText('Public', NAV);
  await card.getByRole('switch', { name: `Show ${name} in the community lists` }).click();
  await expect(card.locator('[data-visibility]')).toHaveText('Only you', NAV);
  const community = page.locator('section', { has: page.getByRole('heading', { name: 'Recent Community Ideas' }) });
  await expect(community.locator(`[data-idea-card]:has(a[href="/idea/${id}"])`)).toHaveCount(0);
  expect(await recentIds(page)).not.toContain(id);

  await page.reload();
  await expect(card.locator('[data-visibility]')).toHaveText('Only you', NAV);
  await expect(card.getByRole('button', { name: `Copy link to ${name}` })).toBeVisible();
});
