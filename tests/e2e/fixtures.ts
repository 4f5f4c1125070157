import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * Shared end-to-end helpers. Every test fails on an unexpected console error or page error
 * (expected ones are listed with `allowConsoleErrors`).
 */
// GET /api/auth/user answers 401 for anonymous visitors; the browser logs that as a
// failed resource load, which is expected.
const ALWAYS_ALLOWED = [/status of 401 \(Unauthorized\)/];

export const test = base.extend<{ allowConsoleErrors: RegExp[]; consoleGuard: void }>({
  allowConsoleErrors: [[], { option: true }],
  consoleGuard: [
    async ({ page, allowConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' && ![...ALWAYS_ALLOWED, ...allowConsoleErrors].some((re) => re.test(msg.text()))) errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use();
      expect(errors, 'unexpected console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** Navigates and waits until every Astro island has hydrated (clicks before that do nothing). */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForHydration(page);
}

export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}

/** Sets the starting theme before any page script runs (a later toggle still wins on reload). */
export async function useTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.addInitScript((t) => {
    if (!sessionStorage.getItem('e2e-theme-set')) {
      localStorage.setItem('theme', t);
      sessionStorage.setItem('e2e-theme-set', '1');
    }
  }, theme);
}

/** Runs axe (WCAG 2.x A/AA and best practices) and fails on any violation. */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary, 'axe violations').toEqual([]);
}

/** Intercepts the tweet-intent page (never loaded from the network) and returns the popup. */
export async function sharePopup(page: Page, click: () => Promise<void>) {
  await page
    .context()
    .route(/^https:\/\/x\.com\//, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>intent</title>' }));
  const popupPromise = page.waitForEvent('popup');
  await click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  return popup;
}
