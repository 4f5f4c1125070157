import { expect, expectNoA11yViolations, test, useTheme } from './fixtures.ts';

/**
 * The first ten minutes: a landing page that shows the book, reader pages in reader words, and a
 * reader whose header and "On this page" bar can be read on a phone.
 */
test('the landing page shows the book: its cover, every chapter linked, "Start reading", and cards that lead somewhere', async ({ page }) => {
  await page.goto('/');
  const main = page.getByRole('main');
  await expect(main.getByRole('img', { name: /^Cover of The / })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Start reading with the Introduction' })).toHaveAttribute('href', '/book/chapter-00');
  const contents = main.getByRole('region', { name: 'The chapters' });
  for (let n = 0; n <= 21; n += 1) await expect(contents.locator(`ol a[href="/book/chapter-${String(n).padStart(2, '0')}"]`)).toHaveCount(1);
  // Every discovery and feature card is a link.
  for (const name of ['What you will discover', 'More than a book']) {
    const region = main.getByRole('region', { name });
    const items = await region.locator('li, a.block').count();
    expect(items).toBeGreaterThan(0);
    expect(await region.locator('li:not(:has(a))').count()).toBe(0);
  }
  await expect(main.getByRole('link', { name: /Run the first example/ })).toHaveAttribute('href', '/book/chapter-05#code-examples');
  await expect(page.getByText('Coming Soon In Paperback')).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the landing page has no axe violations (${theme})`, async ({ page }) => {
    await useTheme(page, theme);
    await page.goto('/');
    await expectNoA11yViolations(page);
  });
}

test('no reader page shows notes for the site owner (content/book.json, variable names)', async ({ page }) => {
  for (const path of ['/', '/book/chapter-01', '/book/chapter-12', '/api/login', '/generator', '/assistant', '/glossary']) {
    await page.goto(path);
    const text = await page.locator('body').innerText();
    expect(text, path).not.toContain('content/book.json');
    // The site's configuration variables (the book's own OP_RETURN and the like are not).
    expect(text, path).not.toMatch(
      /\b(ALLOW_LOCAL_SIGNIN|SESSION_SECRET|OIDC_[A-Z_]+|ADMIN_PASSWORD|[A-Z]+_API_KEY|[A-Z]+_MODEL|SUPPORT_ADDRESS|GENERATE_RATE_LIMIT|BLOBS_DIR)\b/,
    );
  }
});

test.describe('on a 390x844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the header shows the book's whole name and the reader bar shows 20 or more characters of the section", async ({ page }) => {
    await page.goto('/book/chapter-02');
    const name = page.locator('[data-site-header] a[href="/"] span');
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    await page.locator('[data-reader][data-ready]').waitFor({ state: 'attached' });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight * 0.3));
    const current = page.locator('[data-toc-current]');
    await expect(current).not.toHaveText('');
    const shown = await current.evaluate((el) => {
      const text = el.textContent ?? '';
      const width = el.clientWidth;
      const probe = document.createElement('span');
      probe.style.cssText = getComputedStyle(el).font ? `font:${getComputedStyle(el).font};position:absolute;visibility:hidden;white-space:nowrap` : '';
      document.body.append(probe);
      let n = 0;
      while (n < text.length) {
        probe.textContent = `${text.slice(0, n + 1)}…`;
        if (probe.getBoundingClientRect().width > width) break;
        n += 1;
      }
      probe.remove();
      return n;
    });
    expect(shown).toBeGreaterThanOrEqual(20);
  });
});

test.describe('on a 1440x900 desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("at 93% of chapter 2 the current section is inside the rail's visible area", async ({ page }) => {
    await page.goto('/book/chapter-02');
    await page.locator('[data-reader][data-ready]').waitFor({ state: 'attached' });
    await page.evaluate(() => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) * 0.93));
    const current = page.locator('[data-toc] a[aria-current="true"]');
    await expect(current).toHaveCount(1);
    await expect
      .poll(() =>
        current.evaluate((a) => {
          const rail = a.closest('.reader-column') as HTMLElement;
          const box = rail.getBoundingClientRect();
          const at = a.getBoundingClientRect();
          return at.top >= Math.max(box.top, 0) && at.bottom <= Math.min(box.bottom, window.innerHeight);
        }),
      )
      .toBe(true);
  });

  test('the chosen tab is in the address, and the address opens it', async ({ page }) => {
    await page.goto('/book/chapter-05');
    await page.locator('[data-reader][data-ready]').waitFor({ state: 'attached' });
    await page.getByRole('tab', { name: 'Code Examples' }).click();
    await expect(page).toHaveURL(/\/book\/chapter-05#code-examples$/);
    await page.getByRole('tab', { name: 'Resources' }).press('ArrowRight');
    await page.getByRole('tab', { name: 'Content' }).click();
    await expect(page).toHaveURL(/\/book\/chapter-05$/);
    await page.goto('/book/chapter-05#resources');
    await expect(page.getByRole('tab', { name: 'Resources' })).toHaveAttribute('aria-selected', 'true');
  });
});

test("the glossary has a letter index, quotes each entry's defining sentence, and an acronym's only where it defines it", async ({ page }) => {
  await page.goto('/glossary');
  const letters = page.getByRole('navigation', { name: 'Glossary letters' });
  await expect(letters.getByRole('link', { name: 'Terms from B' })).toBeVisible();
  await letters.getByRole('link', { name: 'Terms from S' }).click();
  await expect(page).toHaveURL(/#term-s/);
  // "Artificial intelligence (AI) sharpens this gap" spells AI out but does not define it.
  await expect(page.locator('#term-ai dd')).not.toContainText('sharpens this gap');
  await expect(page.locator('#term-overlay dd')).toContainText('An overlay is a set of servers');
  // An entry that is not an acronym's expansion quotes the sentence its editor chose, whatever its verb.
  await expect(page.locator('#term-merkle-tree dd')).toContainText('Merkle trees commit to millions of records in one root');
});
