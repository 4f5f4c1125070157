import type { APIRequestContext, Browser } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * The attack scenarios , against the served site (scripts/serve.ts: every function in
 * one module graph over the local Blobs server), as a client would run them: deletes racing
 * generations leave no deleted idea in any list, a claim race has one winner, and overlapping
 * health probes all answer 200.
 */
const BODY = {
  businessCategory: 'gaming',
  targetMarket: 'all',
  aiFocus: 'all',
  revenueModel: 'all',
  bsvFeature: 'all',
  innovationLevel: 5,
  useAnthropic: false,
};

/** A browser context signed in with the local sign-in form; its `request` carries the session. */
async function signedIn(browser: Browser, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/api/login?returnTo=%2Fhelp');
  await page.getByLabel('First name').fill(name);
  await page.getByLabel('Email').fill(`${name.toLowerCase()}-${Date.now()}@example.org`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/help$/);
  await page.close();
  return context;
}

async function generate(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/generate-idea', { data: BODY });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

/** Every id that recent ideas, the gallery or the idea's category stream lists. */
async function everyListedId(request: APIRequestContext): Promise<Set<string>> {
  const ids = new Set(((await (await request.get('/api/recent-ideas?limit=50')).json()) as { id: string }[]).map((i) => i.id));
  for (const query of ['limit=50', 'category=gaming&limit=50']) {
    let cursor: string | null = null;
    do {
      const page = (await (await request.get(`/api/ideas?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)).json()) as {
        ideas: { id: string }[];
        nextCursor: string | null;
      };
      for (const idea of page.ideas) ids.add(idea.id);
      cursor = page.nextCursor;
    } while (cursor);
  }
  return ids;
}

test.describe.configure({ timeout: 180_000 });

test('owner deletes amid 40 concurrent anonymous generations leave no deleted idea in any list', async ({ browser, playwright, baseURL }) => {
  const owner = await signedIn(browser, 'Owner');
  const anonymous = await playwright.request.newContext({ baseURL: baseURL ?? '' });
  for (let run = 0; run < 2; run += 1) {
    const mine: string[] = [];
    for (let i = 0; i < 15; i += 1) mine.push(await generate(owner.request));
    const [deletes, made] = await Promise.all([
      Promise.all(mine.map((id) => owner.request.delete(`/api/idea/${id}`))),
      Promise.all(Array.from({ length: 40 }, () => generate(anonymous))),
    ]);
    expect(deletes.map((d) => d.status())).toEqual(mine.map(() => 200));
    const listed = await everyListedId(anonymous);
    expect(
      mine.filter((id) => listed.has(id)),
      'deleted ideas still listed',
    ).toEqual([]);
    expect(
      made.filter((id) => !listed.has(id)),
      'generated ideas missing',
    ).toEqual([]);
    const saved = (await (await owner.request.get('/api/saved-ideas')).json()) as { id: string }[];
    expect(saved.filter((s) => mine.includes(s.id))).toEqual([]);
  }
  await owner.close();
  await anonymous.dispose();
});

test('ten accounts claiming one idea with the same claim cookie: exactly one wins', async ({ browser, playwright, baseURL }) => {
  const maker = await playwright.request.newContext({ baseURL: baseURL ?? '' });
  const id = await generate(maker);
  const claimCookie = (await maker.storageState()).cookies.find((c) => c.name === 'idea_claims');
  expect(claimCookie).toBeDefined();
  const accounts = await Promise.all(Array.from({ length: 10 }, (_, i) => signedIn(browser, `Claimer${i}`)));
  for (const account of accounts) if (claimCookie) await account.addCookies([claimCookie]);
  const answers = await Promise.all(accounts.map((account) => account.request.post(`/api/idea/${id}/claim`)));
  const bodies = (await Promise.all(answers.map((a) => a.json()))) as { claimed?: boolean }[];
  expect(bodies.filter((b) => b.claimed === true)).toHaveLength(1);
  const owners = await Promise.all(
    accounts.map(async (account) => ((await (await account.request.get('/api/saved-ideas')).json()) as { id: string }[]).some((s) => s.id === id)),
  );
  expect(owners.filter(Boolean)).toHaveLength(1);
  await Promise.all(accounts.map((account) => account.close()));
  await maker.dispose();
});

test('60 concurrent health probes all answer 200', async ({ request }) => {
  const answers = await Promise.all(Array.from({ length: 60 }, () => request.get('/api/health')));
  expect(answers.map((a) => a.status())).toEqual(answers.map(() => 200));
});
