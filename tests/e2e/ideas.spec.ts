import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { serverEnv } from '../../src/lib/server-env.ts';
import { createSessionCookie } from '../../netlify/functions/_shared/session.ts';
import { ensureLocalSecrets } from '../../scripts/local-secrets.ts';
import { DEFAULT_SETTINGS } from '../../src/domain/ideas/schema.ts';
import { sampleRecord } from '../support/ideas.ts';
import { withServedStore } from '../support/served-store.ts';
import { expect as baseExpect, expectNoA11yViolations, gotoHydrated, sharePopup, test, useTheme } from './fixtures.ts';

// Pages wait on functions (auth, ideas); on a busy machine the local platform answers slowly.
// The tests of this file run one after another: the local platform rebuilds a function on every
// request and concurrent first calls of one function can fail there (see the closing note).
test.describe.configure({ mode: 'default', timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 60_000 });

/**
 * Browse, open and share ideas against the served site. Ideas are seeded through the real store
 * code into the served site's own Blobs directory (tests/support/served-store.ts).
 */
const run = randomUUID().slice(0, 8);
const ownerId = `e2e-owner-${run}`;
const rich = sampleRecord({ id: `e2e-rich-${run}`, userId: ownerId }, `Harvest Ledger ${run}`);
const legacyIdea = {
  title: `Legacy Kiosk ${run}`,
  summary: 'A kiosk network that sells data access per request.',
  revenueModel: 'Pay-per-request data access',
  implementationSteps: [{ phase: 'Prototype', timeline: 'Q1', tasks: ['Build one kiosk'] }],
};
// An older record shape: JSON strings, unparsable parameters, no business model.
const legacy = { ...sampleRecord({ id: `e2e-legacy-${run}`, businessName: '' }), generatedIdea: JSON.stringify(legacyIdea), parameters: '{oops' };

// A record the code does not expect: an object and prototype names where option values go.
const odd = sampleRecord(
  { id: `e2e-odd-${run}`, parameters: { targetMarket: { name: 'B2B', size: 3 }, businessCategory: '__proto__', aiFocus: 'constructor', innovationLevel: [7] } },
  `Odd Parameters ${run}`,
);

// The gallery: 23 ideas in one category (a page of 20, then "Load more"), one with the longest category label.
const LONG_CATEGORY = 'intellectual-property-legal';
const galleryIdeas = Array.from({ length: 23 }, (_, i) =>
  sampleRecord(
    {
      id: `e2e-gal-${run}-${String(i).padStart(2, '0')}`,
      parameters: { businessCategory: LONG_CATEGORY },
      createdAt: new Date(Date.now() - 60_000 + i).toISOString(),
    },
    `Gallery ${run} ${String(i).padStart(2, '0')}`,
  ),
);
const identity = sampleRecord({ id: `e2e-identity-${run}`, parameters: { businessCategory: 'identity-attribution-authentication' } }, `Badge Ledger ${run}`);
// Ideas of their own for the delete tests (the owner above keeps exactly one).
const deleterId = `e2e-deleter-${run}`;
const doomedOnCard = sampleRecord({ id: `e2e-doomed-card-${run}`, userId: deleterId }, `Doomed Card ${run}`);
const doomedOnPage = sampleRecord({ id: `e2e-doomed-page-${run}`, userId: deleterId }, `Doomed Page ${run}`);

test.beforeAll(async () => {
  ensureLocalSecrets();
  await withServedStore(async (store) => {
    for (const r of galleryIdeas) await store.save(r);
    for (const r of [identity, doomedOnCard, doomedOnPage]) await store.save({ ...r, createdAt: new Date(Date.now() - 30_000).toISOString() });
  });
  // The newest last, so both are among the 20 most recent ideas.
  await withServedStore(async (store) => {
    await store.save({ ...legacy, createdAt: new Date(Date.now() - 2000).toISOString() });
    await store.save({ ...odd, createdAt: new Date(Date.now() - 1000).toISOString() });
    await store.save({ ...rich, createdAt: new Date().toISOString() });
  });
});

async function logIn(context: BrowserContext, baseURL: string, userId: string) {
  const setCookie = await createSessionCookie(
    new Request(baseURL),
    { id: userId, email: `${userId}@example.org`, firstName: 'Ada', profileImageUrl: null },
    serverEnv(),
  );
  const value = setCookie.split(';')[0]?.split('=').slice(1).join('=') ?? '';
  await context.addCookies([
    { name: 'session', value: decodeURIComponent(value), url: baseURL },
    { name: 'signed_in', value: '1', url: baseURL },
  ]);
}

function cardOf(page: Page, title: string) {
  return page.locator('[data-idea-card]').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

test('a generated idea shows up on /ideas and opens', async ({ page, request }) => {
  const probe = await request.post('/api/generate-idea', { data: { ...DEFAULT_SETTINGS, useAnthropic: false } });
  expect(probe.status()).toBe(200);
  const generated = (await probe.json()) as { id: string; businessName: string };
  await gotoHydrated(page, '/ideas');
  const card = cardOf(page, generated.businessName).first();
  await expect(card).toBeVisible();
  await card.getByRole('link', { name: /^View/ }).click();
  await expect(page).toHaveURL(new RegExp(`/idea/${generated.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: generated.businessName })).toBeVisible();
});

test.describe('/ideas', () => {
  test('logged out: login prompt and the recent ideas as cards', async ({ page }) => {
    await gotoHydrated(page, '/ideas');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Ideas', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('main').getByRole('link', { name: 'Generate New Idea' })).toHaveAttribute('href', '/generator');
    await expect(page.getByRole('link', { name: 'Login to Save Ideas' }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your Ideas' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Recent Ideas', exact: true })).toBeVisible();
    await expect(page.getByText('Latest innovations')).toBeVisible();

    const card = cardOf(page, rich.businessName);
    await expect(card).toContainText('lets farm cooperatives sell produce');
    await expect(card).toContainText('Agriculture');
    await expect(card.locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await expect(card.getByRole('link', { name: /^View/ })).toHaveAttribute('href', `/idea/${rich.id}`);

    const legacyCard = cardOf(page, legacyIdea.title);
    await expect(legacyCard).toContainText('Innovation');
    await expect(legacyCard.locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  });

  test('Share opens the 550x420 tweet intent with title, summary, hashtags and link', async ({ page, baseURL }) => {
    await gotoHydrated(page, '/ideas');
    const popup = await sharePopup(page, () =>
      cardOf(page, rich.businessName)
        .getByRole('button', { name: /^Share/ })
        .click(),
    );
    const url = new URL(popup.url());
    expect(`${url.origin}${url.pathname}`).toBe('https://x.com/intent/tweet');
    const text = url.searchParams.get('text') ?? '';
    expect(text).toContain(rich.businessName);
    expect(text).toContain('lets farm cooperatives');
    expect(text).toContain('#BSV');
    expect(text).toContain(`${baseURL}/idea/${rich.id}`);
    expect(Array.from(text).length).toBeLessThanOrEqual(280);
    expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([550, 420]);
  });

  test('logged in: the owner sees their ideas with a count, then the community ideas', async ({ page, context, baseURL }) => {
    await logIn(context, baseURL ?? '', ownerId);
    await gotoHydrated(page, '/ideas');
    const yours = page.getByRole('region', { name: 'Your Ideas' });
    await expect(yours.locator('[data-idea-card]')).toHaveCount(1);
    await expect(yours).toContainText(rich.businessName);
    await expect(yours.getByText('1 idea')).toBeAttached();
    await expect(page.getByRole('heading', { name: 'Recent Community Ideas' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login to Save Ideas' })).toHaveCount(0);
  });

  test('logged in without ideas: the empty state', async ({ page, context, baseURL }) => {
    await logIn(context, baseURL ?? '', `e2e-nobody-${run}`);
    await gotoHydrated(page, '/ideas');
    await expect(page.getByText('No ideas yet')).toBeVisible();
    await expect(page.getByText('Start generating innovative business ideas to see them here')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Generate Your First Idea' })).toHaveAttribute('href', '/generator');
  });

  test.describe('failed reads', () => {
    test.use({ allowConsoleErrors: [/status of 500 \(Internal Server Error\)/] });

    test('saved ideas are retried once, recent ideas not at all (docs/spec.md section 7)', async ({ page, context, baseURL }) => {
      await logIn(context, baseURL ?? '', ownerId);
      const calls = { saved: 0, recent: 0 };
      await page.route('**/api/saved-ideas', async (route) => {
        calls.saved += 1;
        if (calls.saved === 1) await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"flaky"}' });
        else await route.continue();
      });
      await page.route('**/api/ideas?*', async (route) => {
        calls.recent += 1;
        await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' });
      });
      await gotoHydrated(page, '/ideas');
      // The saved list recovers on its one retry (about 1 s later); the recent list shows its error.
      await expect(page.getByRole('region', { name: 'Your Ideas' }).locator('[data-idea-card]')).toHaveCount(1);
      await expect(page.getByRole('alert')).toContainText('Could not load recent ideas');
      await page.waitForTimeout(2500);
      expect(calls).toEqual({ saved: 2, recent: 1 });
    });
  });

  test('loading and empty states of the recent ideas', async ({ page }) => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/ideas?*', async (route) => {
      await gate;
      await route.fulfill({ status: 200, contentType: 'application/json', body: '{"ideas":[],"nextCursor":null}' });
    });
    await page.goto('/ideas');
    await expect(page.getByText('Loading recent ideas...')).toBeVisible();
    release();
    await expect(page.getByText('No ideas available')).toBeVisible();
    await expect(page.getByText('Be the first to generate and share an idea!')).toBeVisible();
  });
});

test.describe('the gallery on /ideas', () => {
  test('"Load more" pages without repeats, and the category filter lives in the URL', async ({ page }) => {
    await gotoHydrated(page, `/ideas?category=${LONG_CATEGORY}`);
    const recent = page.getByRole('region', { name: 'Recent Ideas' });
    await expect(page.getByLabel('Category')).toHaveValue(LONG_CATEGORY);
    await expect(recent.locator('[data-idea-card]')).toHaveCount(20);
    await expect(cardOf(page, galleryIdeas[22]!.businessName)).toBeVisible();
    await recent.getByRole('button', { name: 'Load more' }).click();
    await expect(recent.locator('[data-idea-card]')).toHaveCount(23);
    await expect(recent.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    const titles = await recent.locator('[data-idea-card] h3').allTextContents();
    expect(new Set(titles).size).toBe(23);
    expect(titles).toEqual(galleryIdeas.map((r) => r.businessName).reverse());

    await page.getByLabel('Category').selectOption('governance');
    await expect(page).toHaveURL(/\/ideas\?category=governance$/);
    await expect(page.getByText('No ideas available')).toBeVisible();
    await page.getByLabel('Category').selectOption('all');
    await expect(page).toHaveURL(/\/ideas$/);
    await expect(cardOf(page, rich.businessName)).toBeVisible();
  });

  test('an unknown category in the URL shows all ideas; the API refuses it with a 400', async ({ page, request }) => {
    await gotoHydrated(page, '/ideas?category=moon');
    await expect(page.getByLabel('Category')).toHaveValue('all');
    await expect(cardOf(page, rich.businessName)).toBeVisible();
    const res = await request.get('/api/ideas?category=moon');
    expect(res.status()).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/^category must be one of/);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 740 } });
    test('a long category badge wraps below the title instead of squeezing it', async ({ page }) => {
      await gotoHydrated(page, '/ideas?category=identity-attribution-authentication');
      const card = cardOf(page, identity.businessName);
      const [cardBox, titleBox, badgeBox] = await Promise.all([
        card.boundingBox(),
        card.locator('h3').boundingBox(),
        card.locator('[data-category]').boundingBox(),
      ]);
      expect(cardBox && titleBox && badgeBox).toBeTruthy();
      if (!cardBox || !titleBox || !badgeBox) return;
      expect(titleBox.width).toBeGreaterThan(cardBox.width * 0.6);
      expect(badgeBox.y).toBeGreaterThanOrEqual(titleBox.y + titleBox.height - 1);
      expect(badgeBox.x + badgeBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  });
});

test.describe('delete', () => {
  test.use({ allowConsoleErrors: [/status of 404 \(Not Found\)/] });

  test('the owner deletes from "Your Ideas" and from the idea page, after a confirmation; the link then answers 404', async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    await logIn(context, baseURL ?? '', deleterId);
    await gotoHydrated(page, '/ideas');
    const yours = page.getByRole('region', { name: 'Your Ideas' });
    await expect(yours.locator('[data-idea-card]')).toHaveCount(2);
    const card = cardOf(page, doomedOnCard.businessName).first();
    await card.getByRole('button', { name: `Delete ${doomedOnCard.businessName}` }).click();
    await card.getByRole('button', { name: 'Cancel' }).click();
    await expect(yours.locator('[data-idea-card]')).toHaveCount(2);
    await card.getByRole('button', { name: `Delete ${doomedOnCard.businessName}` }).click();
    await card.getByRole('button', { name: 'Yes, delete it' }).click();
    await expect(yours.locator('[data-idea-card]')).toHaveCount(1);
    await expect(cardOf(page, doomedOnCard.businessName)).toHaveCount(0);
    expect((await request.get(`/idea/${doomedOnCard.id}`)).status()).toBe(404);

    await gotoHydrated(page, `/idea/${doomedOnPage.id}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('button', { name: 'Yes, delete it' }).click();
    await expect(page.getByRole('heading', { name: 'Idea Deleted' })).toBeVisible();
    const gone = await page.goto(`/idea/${doomedOnPage.id}`);
    expect(gone?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Idea Not Found' })).toBeVisible();
    expect((await request.get(`/api/idea/${doomedOnPage.id}/share-card.png`)).status()).toBe(404);
  });

  test('nobody else is offered Delete, and the API refuses them', async ({ page, context, baseURL }) => {
    await gotoHydrated(page, `/idea/${rich.id}`);
    await expect(page.getByRole('heading', { level: 1, name: rich.businessName })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
    expect((await page.request.delete(`/api/idea/${rich.id}`)).status()).toBe(401);
    await logIn(context, baseURL ?? '', `e2e-stranger-${run}`);
    await gotoHydrated(page, `/idea/${rich.id}`);
    await expect(page.getByRole('heading', { level: 1, name: rich.businessName })).toBeVisible();
    await page.waitForTimeout(1000);
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
    expect((await page.request.delete(`/api/idea/${rich.id}`, { headers: { origin: baseURL ?? '' } })).status()).toBe(403);
  });
});

test('a record with unexpected parameter types shows as a card beside the others, and its page opens', async ({ page }) => {
  await gotoHydrated(page, '/ideas');
  await expect(cardOf(page, odd.businessName)).toBeVisible();
  await expect(cardOf(page, rich.businessName)).toBeVisible();
  await gotoHydrated(page, `/idea/${odd.id}`);
  await expect(page.getByRole('heading', { level: 1, name: odd.businessName })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Key Details' })).toContainText('Global');
});

test.describe('/idea/{id}', () => {
  test('share card: og:image and twitter:image point at a 1200x630 PNG of the idea', async ({ request, baseURL }) => {
    const html = await (await request.get(`/idea/${rich.id}`)).text();
    const image = `${baseURL}/api/idea/${rich.id}/share-card.png`;
    expect(html).toContain(`<meta property="og:image" content="${image}">`);
    expect(html).toContain(`<meta name="twitter:image" content="${image}">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    const png = await request.get(image);
    expect(png.status()).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
    const bytes = await png.body();
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 740 } });
    test('"Back to Ideas" and "Share to X" sit at the top of the idea, above its title', async ({ page }) => {
      await gotoHydrated(page, `/idea/${rich.id}`);
      const main = page.getByRole('main');
      const share = main.getByRole('button', { name: 'Share to X' });
      const back = main.getByRole('link', { name: /Back to Ideas/ });
      await expect(share).toBeVisible();
      await expect(back).toHaveAttribute('href', '/ideas');
      const [shareBox, titleBox] = await Promise.all([share.boundingBox(), main.getByRole('heading', { level: 1 }).boundingBox()]);
      expect((shareBox?.y ?? 999) + (shareBox?.height ?? 0)).toBeLessThanOrEqual(titleBox?.y ?? 0);
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Share to X' })).toHaveCount(0);
    });
  });

  test('shows every card of a complete idea', async ({ page }) => {
    await gotoHydrated(page, `/idea/${rich.id}`);
    await expect(page.getByRole('heading', { level: 1, name: rich.businessName })).toBeVisible();
    await expect(page.getByText('Agriculture', { exact: true }).first()).toBeVisible();
    await expect(page.getByText(/^Generated [A-Z][a-z]+ \d{1,2}, \d{4}( · |$)/)).toBeVisible();
    await expect(page.getByText('AI + BSV Innovation')).toBeVisible();
    for (const name of [
      'Business Overview',
      'Pain Points Solved',
      'Core Features',
      'Technology Synergies',
      'Internet Infrastructure',
      'AI Integration',
      'BSV Blockchain',
      'Market Analysis',
      'Business Model',
      'Revenue Streams',
      'Cost Structure',
      'Key Metrics',
      'Implementation Roadmap',
      'Competitive Advantages',
      'Key Differentiators',
      'Technical Architecture',
      'Key Details',
      'Ready to Build?',
    ]) {
      await expect(page.getByRole('heading', { name, exact: true }), name).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Revenue Model', exact: true })).toHaveCount(0);
    const metrics = page.getByRole('region', { name: 'Business Model' });
    await expect(metrics.getByText('Target TPS', { exact: true })).toBeVisible();
    await expect(metrics.getByText('Min Payment', { exact: true })).toBeVisible();
    const roadmap = page.getByRole('region', { name: 'Implementation Roadmap' });
    await expect(roadmap.getByRole('heading', { name: 'Phase 1: Pilot' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Core Features' })).toContainText('A QR code per batch linking to its on-chain history.');
    await expect(roadmap).toContainText('Months 1-3');
    await expect(roadmap).toContainText('Ship sensor kits');
    await expect(page.getByRole('region', { name: 'Competitive Advantages' }).getByText('AI Engine', { exact: true })).toBeVisible();
    const details = page.getByRole('region', { name: 'Key Details' });
    await expect(details).toContainText('Business to business (B2B)');
    await expect(details).toContainText('7/10');
    await expect(page.getByRole('link', { name: 'Chapter 12: Supply Chain' })).toHaveAttribute('href', '/book/chapter-12');
    await expect(page.getByRole('link', { name: 'Read the Book' })).toHaveAttribute('href', '/book');
    await expect(page.getByRole('link', { name: 'Generate Another Idea' })).toHaveAttribute('href', '/generator');
    await expect(page.getByRole('main').getByRole('link', { name: /Back to Ideas/ })).toHaveAttribute('href', '/ideas');
  });

  test.describe('Copy link', () => {
    test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
    test("copies the idea's address from its page and from its card, and says so", async ({ page, baseURL }) => {
      await gotoHydrated(page, `/idea/${rich.id}`);
      await page
        .getByRole('main')
        .getByRole('button', { name: `Copy link to ${rich.businessName}` })
        .click();
      await expect(page.getByRole('status').filter({ hasText: 'copied' })).toHaveText(`Link to ${rich.businessName} copied`);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/idea/${rich.id}`);
      await gotoHydrated(page, '/ideas');
      const card = cardOf(page, rich.businessName);
      await card.getByRole('button', { name: `Copy link to ${rich.businessName}` }).click();
      await expect(card.getByRole('button', { name: `Copy link to ${rich.businessName}` })).toHaveText('Link copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/idea/${rich.id}`);
    });
  });

  test('Share to X opens the tweet intent for this idea', async ({ page, baseURL }) => {
    await gotoHydrated(page, `/idea/${rich.id}`);
    const popup = await sharePopup(page, () => page.getByRole('button', { name: 'Share to X' }).click());
    const text = new URL(popup.url()).searchParams.get('text') ?? '';
    expect(text).toContain(rich.businessName);
    expect(text).toContain(`${baseURL}/idea/${rich.id}`);
  });

  test('an older record: JSON strings, defaults, revenue model and implementation steps', async ({ page }) => {
    await gotoHydrated(page, `/idea/${legacy.id}`);
    await expect(page.getByRole('heading', { level: 1, name: legacyIdea.title })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Revenue Model', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Business Model', exact: true })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Pain Points Solved', exact: true })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Implementation Roadmap' })).toContainText('Build one kiosk');
    const details = page.getByRole('region', { name: 'Key Details' });
    for (const value of ['Global', 'Machine Learning', 'Micropayments', '5/10']) await expect(details).toContainText(value);
    await expect(page.getByText('Innovation', { exact: true })).toBeVisible();
  });

  test('the served HTML carries the share preview before any JavaScript', async ({ request, baseURL }) => {
    const res = await request.get(`/idea/${rich.id}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<title>${rich.businessName} | `);
    expect(html).toContain(`<meta property="og:title" content="${rich.businessName}">`);
    expect(html).toContain(`<meta name="twitter:title" content="${rich.businessName}">`);
    expect(html).toMatch(/<meta property="og:description" content="Harvest Ledger [^"]* lets farm cooperatives/);
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/idea/${rich.id}">`);
  });

  test.describe('in a time zone far from UTC', () => {
    // 20:30 UTC on 1 January is already 2 January in Kiritimati (UTC+14).
    const late = sampleRecord({ id: `e2e-late-${run}`, createdAt: '2026-01-01T20:30:00.000Z' }, `Late Ledger ${run}`);
    test.use({ timezoneId: 'Pacific/Kiritimati' });
    test.beforeAll(async () => {
      await withServedStore((store) => store.save(late));
    });

    test('the server renders the UTC date, the page then shows the local one without a hydration error', async ({ page, request }) => {
      const html = await (await request.get(`/idea/${late.id}`)).text();
      expect(html).toContain('Generated <!-- -->January 1, 2026');
      await gotoHydrated(page, `/idea/${late.id}`);
      await expect(page.getByText('Generated January 2, 2026')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Share to X' })).toBeVisible();
    });
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the idea is in the served page, rendered on the server', async ({ page }) => {
      await page.goto(`/idea/${rich.id}`);
      await expect(page.getByRole('heading', { level: 1, name: rich.businessName })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Business Overview', exact: true })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Implementation Roadmap' })).toContainText('Ship sensor kits');
      await expect(page.getByText('Loading business idea...')).toHaveCount(0);
    });
  });

  test.describe('not found', () => {
    test.use({ allowConsoleErrors: [/status of 404 \(Not Found\)/] });

    test('an unknown id answers 404 with "Idea Not Found"', async ({ page }) => {
      const response = await page.goto('/idea/no-such-idea-123');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Idea Not Found' })).toBeVisible();
      await expect(page.getByText("The business idea you're looking for doesn't exist or has been removed.")).toBeVisible();
      await expect(page.getByRole('link', { name: 'Browse All Ideas' })).toHaveAttribute('href', '/ideas');
      await expect(page.getByRole('button', { name: 'Share to X' })).toHaveCount(0);
    });
  });
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(() => {
    test.use({ allowConsoleErrors: [/status of 404 \(Not Found\)/] });

    test(`no axe violations on /ideas and /idea/{id} (${theme})`, async ({ page, context, baseURL }) => {
      await useTheme(page, theme);
      await gotoHydrated(page, '/ideas');
      await expect(page.locator('[data-idea-card]').first()).toBeVisible();
      await expectNoA11yViolations(page);
      await logIn(context, baseURL ?? '', ownerId);
      await gotoHydrated(page, '/ideas');
      await expect(page.getByRole('region', { name: 'Your Ideas' }).locator('[data-idea-card]')).toHaveCount(1);
      await expectNoA11yViolations(page);
      await gotoHydrated(page, `/idea/${rich.id}`);
      await expect(page.getByRole('heading', { name: 'Key Details' })).toBeVisible();
      await expectNoA11yViolations(page);
      await gotoHydrated(page, '/idea/no-such-idea-123');
      await expect(page.getByRole('heading', { name: 'Idea Not Found' })).toBeVisible();
      await expectNoA11yViolations(page);
    });
  });
}
