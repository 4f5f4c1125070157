import type { Page } from '@playwright/test';
import { expect, gotoHydrated, test } from './fixtures.ts';

/**
 * on a 390 px phone an idea uses the screen's width (paragraphs at least 320 px,
 * no card inside a card) and its sections after the overview start closed, a tap away; the served
 * HTML keeps them open, so nothing is hidden without JavaScript.
 */
const NAV = { timeout: 60_000 };
test.use({ viewport: { width: 390, height: 844 } });

async function paragraphWidths(page: Page, scope: string): Promise<number[]> {
  return page
    .locator(`${scope} p`)
    .evaluateAll((ps) =>
      ps.filter((p) => !p.closest('aside') && p.getClientRects().length > 0 && (p.textContent ?? '').length > 80).map((p) => p.getBoundingClientRect().width),
    );
}

test('the generated idea and its page use the phone width; sections after the overview open on a tap', async ({ page }) => {
  await gotoHydrated(page, '/generator');
  await page.getByRole('button', { name: 'Generate Revolutionary Idea' }).click();
  const result = page.getByTestId('result-panel');
  await expect(result.getByRole('heading', { level: 2 }).first()).toBeVisible(NAV);
  const resultWidths = await paragraphWidths(page, '[data-testid="result-panel"]');
  expect(resultWidths.length).toBeGreaterThan(0);
  expect(Math.min(...resultWidths)).toBeGreaterThanOrEqual(320);
  const id = (await result.getByRole('link', { name: 'View' }).getAttribute('href'))?.split('/').pop() ?? '';

  await gotoHydrated(page, `/idea/${id}`);
  const overview = page.getByRole('region', { name: 'Business Overview' });
  await expect(overview).toBeVisible(NAV);
  const widths = await paragraphWidths(page, 'article');
  expect(Math.min(...widths)).toBeGreaterThanOrEqual(320);
  const market = page.locator('details', { has: page.getByRole('heading', { name: 'Market Analysis' }) });
  await expect(market).not.toHaveAttribute('open');
  await expect(page.getByText(/^The launch region|launch region/).first()).toBeHidden();
  await page.getByRole('heading', { name: 'Market Analysis' }).click();
  await expect(market).toHaveAttribute('open', '');
  const open = await paragraphWidths(page, 'article');
  expect(Math.min(...open)).toBeGreaterThanOrEqual(320);
  // The served HTML has every section open (no JavaScript needed to read it).
  const html = await (await page.request.get(`/idea/${id}`)).text();
  expect(html.match(/<details open=""/g)?.length ?? 0).toBeGreaterThanOrEqual(5);
});
