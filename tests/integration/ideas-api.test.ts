import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Context } from '@netlify/functions';
import { getStore, setEnvironmentContext } from '@netlify/blobs';
import type { BlobsServer } from '@netlify/blobs/server';
import { atomicBlobsServer } from '../../scripts/local-blobs.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobsIdeaStore } from '../../netlify/functions/_shared/blobs-idea-store.ts';
import { serverEnv } from '../../src/lib/server-env.ts';
import { createSessionCookie } from '../../netlify/functions/_shared/session.ts';
import ideaHandler from '../../netlify/functions/idea.mts';
import ideaPageHandler from '../../netlify/functions/idea-page.mts';
import shareCardHandler from '../../netlify/functions/share-card.mts';
import recentHandler from '../../netlify/functions/recent-ideas.mts';
import savedHandler from '../../netlify/functions/saved-ideas.mts';
import type { PublicIdeaRecord } from '../../src/domain/ideas/schema.ts';
import { bulkSeed } from '../support/bulk-seed.ts';
import { sampleRecord } from '../support/ideas.ts';

const ORIGIN = 'http://localhost:8888';
const TOTAL = 1000;
const BASE_TIME = Date.parse('2026-01-01T00:00:00.000Z');
const ops: { type: string; url: string }[] = [];
let server: BlobsServer;
let dir: string;
let cwd: string;

const idOf = (i: number) => `seeded-${String(i).padStart(5, '0')}`;
const ownerOf = (i: number) => (i % 10 === 0 ? 'user-a' : i % 25 === 1 ? 'user-b' : undefined);
const ctx = (params: Record<string, string> = {}) => ({ params }) as unknown as Context;

async function cookieFor(id: string): Promise<string> {
  const setCookie = await createSessionCookie(new Request(ORIGIN), { id, email: `${id}@example.org`, firstName: null, profileImageUrl: null }, serverEnv());
  return setCookie.split(';')[0] ?? '';
}

/** The blob operations a call makes. */
async function counted<T>(fn: () => Promise<T>): Promise<{ result: T; calls: typeof ops }> {
  const start = ops.length;
  const result = await fn();
  return { result, calls: ops.slice(start) };
}

beforeAll(async () => {
  process.env['SESSION_SECRET'] = 'integration-test-secret-with-at-least-32-bytes';
  dir = await mkdtemp(path.join(tmpdir(), 'ideas-api-'));
  server = atomicBlobsServer({ directory: path.join(dir, 'blobs'), token: 'test-token', onRequest: (op) => ops.push(op) });
  const { port } = await server.start();
  const url = `http://localhost:${port}`;
  setEnvironmentContext({ edgeURL: url, uncachedEdgeURL: url, token: 'test-token', siteID: 'test-site' });

  // 1,000 ideas: the first 950 written in bulk (records plus the indexes the store would keep),
  // the newest 50 through BlobsIdeaStore.save, so its compare-and-swap index updates run on top.
  const records = Array.from({ length: TOTAL }, (_, i) => {
    const owner = ownerOf(i);
    return sampleRecord({ id: idOf(i), createdAt: new Date(BASE_TIME + i * 60_000).toISOString(), ...(owner ? { userId: owner } : {}) }, `Idea ${i}`);
  });
  await bulkSeed(getStore({ name: 'ideas', consistency: 'strong' }), records.slice(0, TOTAL - 50));
  const store = new BlobsIdeaStore();
  await Promise.all(records.slice(TOTAL - 50).map((r) => store.save(r)));

  // /idea/{id} pages are built from the pre-rendered shell, read relative to the working directory.
  cwd = process.cwd();
  await mkdir(path.join(dir, 'site', 'dist', 'idea'), { recursive: true });
  await writeFile(
    path.join(dir, 'site', 'dist', 'idea', 'shell.html'),
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Business Idea | Book</title><meta name="description" content="shell"><link rel="canonical" href="http://localhost:8888/ideas"><meta property="og:site_name" content="Book"><meta property="og:type" content="article"><meta property="og:title" content="Business Idea"><meta property="og:description" content="shell"><meta property="og:url" content="http://localhost:8888/ideas"><meta name="twitter:card" content="summary"><meta name="twitter:title" content="Business Idea"><meta name="twitter:description" content="shell"><meta name="robots" content="noindex"><script>document.documentElement.dataset.x="1"</script></head><body><main><astro-island uid="Z1" prefix="r7" component-url="/_astro/IdeaDetail.CHa3kWjc.js" component-export="default" props="{}" ssr client="load" await-children><p role="status">Loading business idea...</p><!--astro:end--></astro-island></main><script type="module" src="/_astro/x.js"></script></body></html>',
  );
  process.chdir(path.join(dir, 'site'));
}, 120_000);

afterAll(async () => {
  process.chdir(cwd);
  await server.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('GET /api/recent-ideas with 1,000 stored ideas', () => {
  it('answers the newest 20 by default, newest first, from the gallery head and the list of listing changes in flight', async () => {
    const { result: res, calls } = await counted(() => recentHandler(new Request(`${ORIGIN}/api/recent-ideas`)));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await res.json()) as PublicIdeaRecord[];
    expect(body.map((r) => r.id)).toEqual(Array.from({ length: 20 }, (_, k) => idOf(TOTAL - 1 - k)));
    // The head, and the pending listing changes (none: no record is read).
    expect(calls.map((c) => c.type)).toEqual(['get', 'get']);
    const first = body[0];
    expect(first?.generatedIdea).toEqual({ businessName: 'Idea 999', executiveSummary: expect.stringMatching(/^Idea 999 lets/) });
    expect(first?.parameters).toMatchObject({ businessCategory: 'agriculture' });
    expect(body.every((r) => !('userId' in r))).toBe(true);
  });

  it.each([1, 7, 50])('honours limit=%i', async (limit) => {
    const res = await recentHandler(new Request(`${ORIGIN}/api/recent-ideas?limit=${limit}`));
    const body = (await res.json()) as PublicIdeaRecord[];
    expect(body).toHaveLength(limit);
    const times = body.map((r) => Date.parse(r.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it.each(['0', '51', '-1', '1.5', 'abc', '', '20abc', '1e1'])('answers 400 with a JSON error for limit=%j', async (limit) => {
    const res = await recentHandler(new Request(`${ORIGIN}/api/recent-ideas?limit=${encodeURIComponent(limit)}`));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'limit must be a whole number from 1 to 50' });
  });

  it('answers 400 when limit is given twice, 405 for other methods', async () => {
    expect((await recentHandler(new Request(`${ORIGIN}/api/recent-ideas?limit=2&limit=3`))).status).toBe(400);
    const post = await recentHandler(new Request(`${ORIGIN}/api/recent-ideas`, { method: 'POST' }));
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
  });
});

describe('GET /api/saved-ideas', () => {
  it('answers 401 with a JSON error when anonymous', async () => {
    const res = await savedHandler(new Request(`${ORIGIN}/api/saved-ideas`));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Log in to see your saved ideas' });
  });

  it("lists only the owner's ideas, newest first", async () => {
    const expectedA = Array.from({ length: TOTAL }, (_, i) => i)
      .filter((i) => ownerOf(i) === 'user-a')
      .reverse()
      .map(idOf);
    const resA = await savedHandler(new Request(`${ORIGIN}/api/saved-ideas`, { headers: { cookie: await cookieFor('user-a') } }));
    expect(resA.status).toBe(200);
    const bodyA = (await resA.json()) as PublicIdeaRecord[];
    expect(bodyA.map((r) => r.id)).toEqual(expectedA);
    expect(bodyA).toHaveLength(100);

    const bodyB = (await (
      await savedHandler(new Request(`${ORIGIN}/api/saved-ideas`, { headers: { cookie: await cookieFor('user-b') } }))
    ).json()) as PublicIdeaRecord[];
    expect(bodyB.length).toBeGreaterThan(0);
    expect(bodyB.every((r) => ownerOf(Number(r.id.slice(-5))) === 'user-b')).toBe(true);

    const bodyC = await (await savedHandler(new Request(`${ORIGIN}/api/saved-ideas`, { headers: { cookie: await cookieFor('user-c') } }))).json();
    expect(bodyC).toEqual([]);
  });

  it('treats a tampered session cookie as anonymous', async () => {
    const cookie = `${await cookieFor('user-a')}x`;
    expect((await savedHandler(new Request(`${ORIGIN}/api/saved-ideas`, { headers: { cookie } }))).status).toBe(401);
  });
});

describe('GET /api/idea/{id}', () => {
  it('answers the full record, with objects', async () => {
    const res = await ideaHandler(new Request(`${ORIGIN}/api/idea/${idOf(5)}`), ctx({ id: idOf(5) }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as PublicIdeaRecord;
    expect(body.id).toBe(idOf(5));
    expect(body.generatedIdea).toMatchObject({ businessName: 'Idea 5', painPointsSolved: expect.any(Array), implementationRoadmap: expect.any(Array) });
    expect(body.parameters).toMatchObject({ innovationLevel: 7 });
  });

  it('parses records stored with JSON strings, and unparsable ones as {}', async () => {
    const store = new BlobsIdeaStore();
    const record = sampleRecord({ id: 'string-json-01' });
    await store.save({ ...record, generatedIdea: JSON.stringify(record.generatedIdea), parameters: '{broken' });
    const body = (await (await ideaHandler(new Request(`${ORIGIN}/api/idea/string-json-01`), ctx({ id: 'string-json-01' }))).json()) as PublicIdeaRecord;
    expect(body.generatedIdea).toEqual(record.generatedIdea);
    expect(body.parameters).toEqual({});
  });

  it('serves a record whose parameters are not what the code expects (an object, prototype names)', async () => {
    const store = new BlobsIdeaStore();
    const odd = sampleRecord({
      id: 'odd-params-01',
      parameters: { targetMarket: { name: 'B2B', size: 3 }, businessCategory: '__proto__', aiFocus: 'constructor', innovationLevel: { n: 1 } },
    });
    await store.save(odd);
    const page = await ideaPageHandler(new Request(`${ORIGIN}/idea/odd-params-01`), ctx({ id: 'odd-params-01' }));
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<h1[^>]*>Verifiable Harvest Ledger<\/h1>/);
    const recent = (await (await recentHandler(new Request(`${ORIGIN}/api/recent-ideas?limit=1`))).json()) as PublicIdeaRecord[];
    expect(recent[0]?.id).toBe('odd-params-01');
  });

  it.each(['unknown-id-123', 'short', 'has space!', '../../index%2Frecent', 'x'.repeat(65)])('answers 404 with a JSON error for %j', async (id) => {
    const res = await ideaHandler(new Request(`${ORIGIN}/api/idea/${encodeURIComponent(id)}`), ctx({ id }));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Idea not found' });
  });
});

describe('GET /idea/{id} (served page)', () => {
  it('carries the title, summary, Open Graph / Twitter tags and canonical link in the HTML', async () => {
    process.env['URL'] = 'https://book.example.org';
    try {
      const res = await ideaPageHandler(new Request(`${ORIGIN}/idea/${idOf(3)}`), ctx({ id: idOf(3) }));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      const html = await res.text();
      expect(html).toContain('<title>Idea 3 | Infrastructure Renaissance</title>');
      expect(html).toContain('<meta property="og:title" content="Idea 3">');
      expect(html).toContain('<meta name="twitter:title" content="Idea 3">');
      expect(html).toMatch(/<meta name="description" content="Idea 3 lets farm cooperatives/);
      expect(html).toMatch(/<meta property="og:description" content="Idea 3 lets farm cooperatives/);
      expect(html).toContain(`<link rel="canonical" href="https://book.example.org/idea/${idOf(3)}">`);
      expect(html).toContain(`<meta property="og:url" content="https://book.example.org/idea/${idOf(3)}">`);
      // The share card: a large image card on X and in chat apps.
      expect(html).toContain(`<meta property="og:image" content="https://book.example.org/api/idea/${idOf(3)}/share-card.png">`);
      expect(html).toContain(`<meta name="twitter:image" content="https://book.example.org/api/idea/${idOf(3)}/share-card.png">`);
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
      expect(html).toContain('<meta property="og:image:width" content="1200">');
      expect(html.match(/twitter:card/g)).toHaveLength(1);
      expect(html).not.toContain('noindex');
      expect(html).not.toContain('content="shell"');
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html).toMatch(/<script type="application\/json" id="idea-data">\{"idea":\{"id":"seeded-00003"/);
      // The detail is in the HTML (rendered on the server into the island), not left to the browser.
      expect(html).not.toContain('Loading business idea...');
      expect(html).toMatch(/<astro-island [^>]*>[\s\S]*<h1[^>]*>Idea 3<\/h1>[\s\S]*Business Overview[\s\S]*<!--astro:end--><\/astro-island>/);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/script-src 'self' ('wasm-unsafe-eval' )?'sha256-[A-Za-z0-9+/=]+'/);
      expect(csp.split(';').find((d) => d.trim().startsWith('script-src'))).not.toContain('unsafe-inline');
      expect(csp).toContain("frame-ancestors 'none'");
    } finally {
      delete process.env['URL'];
    }
  });

  it('tells search engines not to index an unlisted idea (meta and header), names no share card, and its card is a 404 nobody caches', async () => {
    const store = new BlobsIdeaStore();
    await store.save(sampleRecord({ id: 'unlisted-page-01', listed: false }));
    const res = await ideaPageHandler(new Request(`${ORIGIN}/idea/unlisted-page-01`), ctx({ id: 'unlisted-page-01' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = await res.text();
    expect(html.match(/<meta name="robots" content="noindex">/g)).toHaveLength(1);
    expect(html).not.toContain('share-card.png');
    const card = await shareCardHandler(new Request(`${ORIGIN}/api/idea/unlisted-page-01/share-card.png`), ctx({ id: 'unlisted-page-01' }));
    expect(card.status).toBe(404);
    expect(card.headers.get('cache-control')).toBe('no-store');
    // Listed again: indexable, with its card.
    await store.setListed('unlisted-page-01', true);
    const listed = await ideaPageHandler(new Request(`${ORIGIN}/idea/unlisted-page-01`), ctx({ id: 'unlisted-page-01' }));
    expect(listed.headers.get('x-robots-tag')).toBeNull();
    expect(await listed.text()).not.toContain('noindex');
  });

  it('escapes stored text in the tags and the embedded data', async () => {
    const store = new BlobsIdeaStore();
    const evil = '</script><script>alert(1)</script> "quoted" & $& <b>';
    await store.save(sampleRecord({ id: 'evil-title-01', businessName: evil }, evil));
    const html = await (await ideaPageHandler(new Request(`${ORIGIN}/idea/evil-title-01`), ctx({ id: 'evil-title-01' }))).text();
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot; &amp; $&amp; &lt;b&gt;');
    expect(html).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)');
  });

  it('answers 404 with the not-found page for an unknown or malformed id', async () => {
    for (const id of ['unknown-id-123', 'shell']) {
      const res = await ideaPageHandler(new Request(`${ORIGIN}/idea/${id}`), ctx({ id }));
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain('<title>Idea Not Found | Infrastructure Renaissance</title>');
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).toContain('{"notFound":true}');
      expect(html).toMatch(/<astro-island [^>]*><div[^>]*><h1[^>]*>Idea Not Found<\/h1>/);
      expect(html).not.toContain('rel="canonical"');
    }
  });
});
