import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Context } from '@netlify/functions';
import { getStore, setEnvironmentContext } from '@netlify/blobs';
import type { BlobsServer } from '@netlify/blobs/server';
import { atomicBlobsServer } from '../../scripts/local-blobs.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import generateHandler from '../../netlify/functions/generate-idea.mts';
import claimHandler from '../../netlify/functions/idea-claim.mts';
import ideaHandler from '../../netlify/functions/idea.mts';
import ideasHandler from '../../netlify/functions/ideas.mts';
import recentHandler from '../../netlify/functions/recent-ideas.mts';
import savedHandler from '../../netlify/functions/saved-ideas.mts';
import shareCardHandler from '../../netlify/functions/share-card.mts';
import { BlobsIdeaStore, galleryHeadKey } from '../../netlify/functions/_shared/blobs-idea-store.ts';
import { createSessionCookie } from '../../netlify/functions/_shared/session.ts';
import { serverEnv } from '../../src/lib/server-env.ts';
import { GALLERY_PAGE_SIZE } from '../../src/domain/ideas/gallery.ts';
import { DEFAULT_SETTINGS, type GenerateResponse, type PublicIdeaRecord } from '../../src/domain/ideas/schema.ts';
import { sampleRecord } from '../support/ideas.ts';

const ORIGIN = 'http://localhost:8913';
const ops: { type: string; url: string }[] = [];
let server: BlobsServer;
let dir: string;
let ip = 0;
const ctx = (params: Record<string, string> = {}) => ({ params, ip: `10.9.0.${(ip += 1) % 250}` }) as unknown as Context;
const same = { 'sec-fetch-site': 'same-origin' };

async function sessionCookie(id: string): Promise<string> {
  const setCookie = await createSessionCookie(new Request(ORIGIN), { id, email: `${id}@example.org`, firstName: null, profileImageUrl: null }, serverEnv());
  return setCookie.split(';')[0] ?? '';
}

/** POST /api/generate-idea as a browser with `cookie`; the idea and the claim cookie it set. */
async function generate(body: Record<string, unknown>, cookie = ''): Promise<{ idea: GenerateResponse; claim: string }> {
  const res = await generateHandler(
    new Request(`${ORIGIN}/api/generate-idea`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...same, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    }),
    ctx(),
  );
  expect(res.status).toBe(200);
  const claim = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return { idea: (await res.json()) as GenerateResponse, claim };
}

const claim = (id: string, cookie: string, headers: Record<string, string> = same) =>
  claimHandler(new Request(`${ORIGIN}/api/idea/${id}/claim`, { method: 'POST', headers: { ...headers, cookie } }), ctx({ id }));
const del = (id: string, cookie: string) =>
  ideaHandler(new Request(`${ORIGIN}/api/idea/${id}`, { method: 'DELETE', headers: { ...same, cookie } }), ctx({ id }));
const saved = async (cookie: string) =>
  ((await (await savedHandler(new Request(`${ORIGIN}/api/saved-ideas`, { headers: { cookie } }))).json()) as PublicIdeaRecord[]).map((r) => r.id);
const recent = async () => ((await (await recentHandler(new Request(`${ORIGIN}/api/recent-ideas?limit=50`))).json()) as PublicIdeaRecord[]).map((r) => r.id);
const gallery = async (query = '') =>
  (await (await ideasHandler(new Request(`${ORIGIN}/api/ideas${query}`))).json()) as { ideas: PublicIdeaRecord[]; nextCursor: string | null };

beforeAll(async () => {
  process.env['SESSION_SECRET'] = 'integration-test-secret-with-at-least-32-bytes';
  dir = await mkdtemp(path.join(tmpdir(), 'idea-ownership-'));
  server = atomicBlobsServer({ directory: dir, token: 'test-token', onRequest: (op) => ops.push(op) });
  const { port } = await server.start();
  setEnvironmentContext({ edgeURL: `http://localhost:${port}`, uncachedEdgeURL: `http://localhost:${port}`, token: 'test-token', siteID: 'ownership-site' });
});

afterAll(async () => {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('consent to publish (listed)', () => {
  it('an unlisted idea is stored and reachable by its link, never in recent ideas or the gallery', async () => {
    const { idea } = await generate({ ...DEFAULT_SETTINGS, businessCategory: 'energy', useAnthropic: false, listed: false });
    const listed = await generate({ ...DEFAULT_SETTINGS, businessCategory: 'energy', useAnthropic: false });
    expect((await ideaHandler(new Request(`${ORIGIN}/api/idea/${idea.id}`), ctx({ id: idea.id }))).status).toBe(200);
    expect(await recent()).not.toContain(idea.id);
    expect(await recent()).toContain(listed.idea.id);
    const energy = await gallery('?category=energy&limit=50');
    expect(energy.ideas.map((i) => i.id)).toEqual([listed.idea.id]);
  });

  it('refuses a listed value that is not a boolean', async () => {
    const res = await generateHandler(
      new Request(`${ORIGIN}/api/generate-idea`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...same },
        body: JSON.stringify({ ...DEFAULT_SETTINGS, useAnthropic: false, listed: 'no' }),
      }),
      ctx(),
    );
    expect(res.status).toBe(400);
  });
});

describe('save after login (claim)', () => {
  it('only the generating browser claims an anonymous idea, once, idempotently; indexes stay exact', async () => {
    const { idea, claim: claimCookie } = await generate({ ...DEFAULT_SETTINGS, useAnthropic: false });
    expect(claimCookie).toMatch(/^idea_claims=/);
    const setCookie = (
      await generateHandler(
        new Request(`${ORIGIN}/api/generate-idea`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...same },
          body: JSON.stringify({ ...DEFAULT_SETTINGS, useAnthropic: false }),
        }),
        ctx(),
      )
    ).headers.get('set-cookie');
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Path=\/api\//);

    const ada = await sessionCookie('user-ada');
    const bob = await sessionCookie('user-bob');
    // Anonymous: 401. Another browser (no claim cookie), knowing the public id: 403.
    expect((await claim(idea.id, claimCookie)).status).toBe(401);
    expect((await claim(idea.id, bob)).status).toBe(403);
    // A forged claim cookie is no claim.
    expect((await claim(idea.id, `${bob}; idea_claims=eyJhbGciOiJIUzI1NiJ9.e30.x`)).status).toBe(403);
    // Cross-site: refused before anything else.
    expect((await claim(idea.id, `${ada}; ${claimCookie}`, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);

    // Two tabs claim at once: one write wins, both answer 200, the idea is Ada's once.
    const [a, b] = await Promise.all([claim(idea.id, `${ada}; ${claimCookie}`), claim(idea.id, `${ada}; ${claimCookie}`)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await saved(ada)).toEqual([idea.id]);
    expect((await new BlobsIdeaStore().get(idea.id))?.userId).toBe('user-ada');
    // Idempotent, and already owned cannot be claimed by the same browser signed in as someone else.
    expect((await claim(idea.id, `${ada}; ${claimCookie}`)).status).toBe(200);
    const taken = await claim(idea.id, `${bob}; ${claimCookie}`);
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ error: 'This idea already belongs to someone else' });
    expect(await saved(ada)).toEqual([idea.id]);
    expect(await saved(bob)).toEqual([]);
    expect((await recent()).filter((id) => id === idea.id)).toHaveLength(1);
  });

  it('a signed-in generation sets no claim cookie', async () => {
    const { claim: cookie } = await generate({ ...DEFAULT_SETTINGS, useAnthropic: false }, await sessionCookie('user-cy'));
    expect(cookie).toBe('');
  });

  it('404 for an unknown id', async () => {
    expect((await claim('unknown-idea-1', await sessionCookie('user-ada'))).status).toBe(404);
  });
});

describe('delete (DELETE /api/idea/{id})', () => {
  it('the owner deletes: record, index entries and share card go; 404 after; nobody else can', async () => {
    const ada = await sessionCookie('user-del-ada');
    const bob = await sessionCookie('user-del-bob');
    const { idea } = await generate({ ...DEFAULT_SETTINGS, businessCategory: 'governance', useAnthropic: false }, ada);
    const { idea: anonymous } = await generate({ ...DEFAULT_SETTINGS, useAnthropic: false });
    const card = await shareCardHandler(new Request(`${ORIGIN}/api/idea/${idea.id}/share-card.png`), ctx({ id: idea.id }));
    expect(card.status).toBe(200);
    expect(await getStore({ name: 'share-cards', consistency: 'strong' }).get(idea.id)).not.toBeNull();

    expect((await ideaHandler(new Request(`${ORIGIN}/api/idea/${idea.id}`, { method: 'DELETE', headers: same }), ctx({ id: idea.id }))).status).toBe(401);
    expect((await del(idea.id, bob)).status).toBe(403);
    expect((await del(anonymous.id, bob)).status).toBe(403);
    expect((await del('unknown-idea-2', bob)).status).toBe(404);
    expect(await saved(ada)).toEqual([idea.id]);

    const res = await del(idea.id, ada);
    expect(res.status).toBe(200);
    expect((await ideaHandler(new Request(`${ORIGIN}/api/idea/${idea.id}`), ctx({ id: idea.id }))).status).toBe(404);
    expect((await del(idea.id, ada)).status).toBe(404);
    expect(await saved(ada)).toEqual([]);
    expect(await recent()).not.toContain(idea.id);
    expect((await gallery('?limit=50')).ideas.map((i) => i.id)).not.toContain(idea.id);
    expect((await gallery('?category=governance')).ideas).toEqual([]);
    expect(await getStore({ name: 'share-cards', consistency: 'strong' }).get(idea.id)).toBeNull();
    expect((await shareCardHandler(new Request(`${ORIGIN}/api/idea/${idea.id}/share-card.png`), ctx({ id: idea.id }))).status).toBe(404);
    // The anonymous idea is untouched.
    expect((await ideaHandler(new Request(`${ORIGIN}/api/idea/${anonymous.id}`), ctx({ id: anonymous.id }))).status).toBe(200);
  });
});

const patch = (id: string, cookie: string, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  ideaHandler(
    new Request(`${ORIGIN}/api/idea/${id}`, {
      method: 'PATCH',
      headers: { ...same, ...headers, cookie },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
    ctx({ id }),
  );
const view = async (id: string, cookie = '') =>
  (await (await ideaHandler(new Request(`${ORIGIN}/api/idea/${id}`, { headers: cookie ? { cookie } : {} }), ctx({ id }))).json()) as PublicIdeaRecord & {
    canManage: boolean;
  };

describe('owners control visibility (PATCH /api/idea/{id})', () => {
  it('the owner unlists and relists: the gallery, its category and the recent ideas follow at once; relisted it returns at their head with its creation date', async () => {
    const ada = await sessionCookie('user-vis-ada');
    const { idea } = await generate({ ...DEFAULT_SETTINGS, businessCategory: 'real-estate', useAnthropic: false }, ada);
    const { idea: newer } = await generate({ ...DEFAULT_SETTINGS, businessCategory: 'real-estate', useAnthropic: false });
    const createdAt = (await view(idea.id)).createdAt;
    expect((await view(idea.id, ada)).listed).toBe(true);
    expect((await view(idea.id, ada)).canManage).toBe(true);
    expect((await view(idea.id)).canManage).toBe(false);
    expect((await view(idea.id)).listed).toBeUndefined();

    const off = await patch(idea.id, ada, { listed: false });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ id: idea.id, listed: false });
    expect(await recent()).not.toContain(idea.id);
    expect((await gallery('?category=real-estate&limit=50')).ideas.map((i) => i.id)).toEqual([newer.id]);
    expect((await gallery('?limit=50')).ideas.map((i) => i.id)).not.toContain(idea.id);
    expect((await view(idea.id, ada)).listed).toBe(false);
    const mine = (await (await savedHandler(new Request(`${ORIGIN}/api/saved-ideas`, { headers: { cookie: ada } }))).json()) as PublicIdeaRecord[];
    expect(mine.map((r) => [r.id, r.listed])).toEqual([[idea.id, false]]);
    // Reachable by its link all the while.
    expect((await view(idea.id)).id).toBe(idea.id);
    // Unlisting again changes nothing.
    expect((await patch(idea.id, ada, { listed: false })).status).toBe(200);

    expect((await patch(idea.id, ada, { listed: true })).status).toBe(200);
    expect((await recent())[0]).toBe(idea.id);
    expect((await gallery('?category=real-estate&limit=50')).ideas.map((i) => i.id)).toEqual([idea.id, newer.id]);
    const all = (await gallery('?limit=50')).ideas;
    expect(all[0]?.id).toBe(idea.id);
    expect(all.filter((i) => i.id === idea.id)).toHaveLength(1);
    expect(all[0]?.createdAt).toBe(createdAt);
    expect((await view(idea.id, ada)).listed).toBe(true);

    // Deleted after a relisting: gone from every list.
    expect((await del(idea.id, ada)).status).toBe(200);
    expect(await recent()).not.toContain(idea.id);
    expect((await gallery('?category=real-estate&limit=50')).ideas.map((i) => i.id)).toEqual([newer.id]);
  });

  it('the anonymous maker manages an idea made in this browser; a stranger cannot; statuses and bad bodies', async () => {
    const { idea, claim: maker } = await generate({ ...DEFAULT_SETTINGS, useAnthropic: false });
    const { claim: otherBrowser } = await generate({ ...DEFAULT_SETTINGS, useAnthropic: false });
    const bob = await sessionCookie('user-vis-bob');
    expect((await view(idea.id, maker)).canManage).toBe(true);
    expect((await view(idea.id, otherBrowser)).canManage).toBe(false);

    expect((await patch(idea.id, '', { listed: false })).status).toBe(401);
    expect((await patch(idea.id, otherBrowser, { listed: false })).status).toBe(403);
    expect((await patch(idea.id, bob, { listed: false })).status).toBe(403);
    expect((await patch(idea.id, `${maker.replace(/=.*/, '=')}forged`, { listed: false })).status).toBe(401);
    expect((await patch('unknown-idea-3', maker, { listed: false })).status).toBe(404);
    // Who is asking is checked first: a stranger learns nothing of the body.
    expect((await patch(idea.id, bob, 'not json')).status).toBe(403);
    for (const bad of ['{"listed":', { listed: 'no' }, { listed: false, extra: 1 }, {}, [], { listed: null }]) {
      const res = await patch(idea.id, maker, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/listed|not valid JSON/);
    }
    expect((await patch(idea.id, maker, { listed: false }, { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await patch(idea.id, maker, { listed: false, pad: 'x'.repeat(5000) })).status).toBe(413);
    const cross = await ideaHandler(
      new Request(`${ORIGIN}/api/idea/${idea.id}`, {
        method: 'PATCH',
        headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json', cookie: maker },
        body: '{"listed":false}',
      }),
      ctx({ id: idea.id }),
    );
    expect(cross.status).toBe(403);
    expect(await recent()).toContain(idea.id);

    expect((await patch(idea.id, maker, { listed: false })).status).toBe(200);
    expect(await recent()).not.toContain(idea.id);
    expect((await del(idea.id, otherBrowser)).status).toBe(403);
    expect((await del(idea.id, '')).status).toBe(401);
    expect((await del(idea.id, maker)).status).toBe(200);
    expect((await view(idea.id)).id).toBeUndefined();
  });

  it('once kept by an account, only that account manages it (the old claim asks to log in)', async () => {
    const { idea, claim: maker } = await generate({ ...DEFAULT_SETTINGS, useAnthropic: false });
    const ada = await sessionCookie('user-vis-keeper');
    expect((await claim(idea.id, `${ada}; ${maker}`)).status).toBe(200);
    expect((await patch(idea.id, maker, { listed: false })).status).toBe(401);
    expect((await patch(idea.id, ada, { listed: false })).status).toBe(200);
    expect((await view(idea.id, ada)).listed).toBe(false);
  });

  it('20 toggles racing from two tabs end where the last one left the record, and the lists agree with it', async () => {
    const ada = await sessionCookie('user-vis-race');
    const { idea } = await generate({ ...DEFAULT_SETTINGS, businessCategory: 'agriculture', useAnthropic: false }, ada);
    for (let round = 0; round < 3; round += 1) {
      await Promise.all(Array.from({ length: 20 }, (_, i) => patch(idea.id, ada, { listed: i % 2 === 0 })));
      const listed = (await view(idea.id, ada)).listed;
      const inCategory = (await gallery('?category=agriculture&limit=50')).ideas.filter((i) => i.id === idea.id).length;
      const inAll = (await gallery('?limit=50')).ideas.filter((i) => i.id === idea.id).length;
      const inRecent = (await recent()).filter((id) => id === idea.id).length;
      expect([inCategory, inAll, inRecent], `round ${round}, listed ${String(listed)}`).toEqual(listed ? [1, 1, 1] : [0, 0, 0]);
    }
  });
});

describe('the recent index after a delete', () => {
  it('still holds the 50 newest listed ideas (topped up from the gallery)', async () => {
    const store = new BlobsIdeaStore();
    const stamp = Date.parse('2031-01-01T00:00:00.000Z');
    const owner = 'user-recent-owner';
    const records = Array.from({ length: 52 }, (_, i) =>
      sampleRecord({ id: `recent-top-${String(i).padStart(3, '0')}`, createdAt: new Date(stamp + i * 1000).toISOString(), userId: owner }),
    );
    for (const r of records) await store.save(r);
    expect((await recent()).slice(0, 50)).toEqual(
      records
        .slice(2)
        .reverse()
        .map((r) => r.id),
    );
    await Promise.all([del(records[51]!.id, await sessionCookie(owner)), del(records[40]!.id, await sessionCookie(owner))]);
    const expected = records
      .filter((_, i) => i !== 51 && i !== 40)
      .slice(-50)
      .reverse()
      .map((r) => r.id);
    expect(await recent()).toEqual(expected);
  });
});

describe('share cards', () => {
  it('a 1200x630 PNG, rendered once and then served from Blobs', async () => {
    const record = sampleRecord({ id: 'share-card-01' });
    await new BlobsIdeaStore().save(record);
    const first = await shareCardHandler(new Request(`${ORIGIN}/api/idea/${record.id}/share-card.png`), ctx({ id: record.id }));
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    const png = new Uint8Array(await first.arrayBuffer());
    const view = new DataView(png.buffer);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 630]);
    const start = ops.length;
    const second = await shareCardHandler(new Request(`${ORIGIN}/api/idea/${record.id}/share-card.png`), ctx({ id: record.id }));
    expect(new Uint8Array(await second.arrayBuffer())).toEqual(png);
    // The record (it must still exist) and the cached card: no write.
    expect(ops.slice(start).map((o) => o.type)).toEqual(['get', 'get']);
  });
});

describe('the gallery (GET /api/ideas) on the Blobs store', () => {
  it('pages without overlaps or gaps while ideas arrive in parallel, at a constant number of blob reads a page', async () => {
    const store = new BlobsIdeaStore();
    const total = GALLERY_PAGE_SIZE * 2 + 30;
    const stamp = Date.parse('2030-01-01T00:00:00.000Z');
    const records = Array.from({ length: total }, (_, i) =>
      sampleRecord({
        id: `gal-${String(i).padStart(5, '0')}`,
        createdAt: new Date(stamp + i).toISOString(),
        parameters: { businessCategory: 'manufacturing' },
      }),
    );
    // Saved in parallel batches: the head's compare-and-swap orders them; sealing happens twice.
    for (let i = 0; i < total; i += 25) await Promise.all(records.slice(i, i + 25).map((r) => store.save(r)));
    const stored = await gallery(`?category=manufacturing&limit=50`);
    const seen = stored.ideas.map((i) => i.id);
    let cursor = stored.nextCursor;
    let arriving = 0;
    while (cursor) {
      const createdAt = new Date(stamp + total + arriving).toISOString();
      await store.save(sampleRecord({ id: `late-idea-${arriving}`, createdAt, parameters: { businessCategory: 'manufacturing' } }));
      arriving += 1;
      const start = ops.length;
      const page = await gallery(`?category=manufacturing&limit=50&cursor=${cursor}`);
      // At most 3 page reads, plus the list of listing changes in flight (none here: no entry is checked).
      expect(ops.slice(start).filter((o) => o.type === 'get').length).toBeLessThanOrEqual(4);
      seen.push(...page.ideas.map((i) => i.id));
      cursor = page.nextCursor;
    }
    expect(new Set(seen).size).toBe(total);
    expect(seen).toHaveLength(total);
    expect(new Set(seen)).toEqual(new Set(records.map((r) => r.id)));
    const start = ops.length;
    const first = await gallery('?category=manufacturing&limit=50');
    expect(ops.slice(start).filter((o) => o.type === 'get').length).toBeLessThanOrEqual(3);
    expect(first.ideas[0]?.id).toBe(`late-idea-${arriving - 1}`);
    const head = (await getStore({ name: 'ideas', consistency: 'strong' }).get(galleryHeadKey('manufacturing'), { type: 'json' })) as { page: number };
    expect(head.page).toBe(2);
  });

  it('answers 400 for an unknown category or a forged cursor, and keeps the recent-ideas shape', async () => {
    const bad = await ideasHandler(new Request(`${ORIGIN}/api/ideas?category=moon`));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/^category must be one of/);
    expect((await ideasHandler(new Request(`${ORIGIN}/api/ideas?cursor=999999.5`))).status).toBe(400);
    const recentBody = (await (await recentHandler(new Request(`${ORIGIN}/api/recent-ideas?limit=20`))).json()) as unknown[];
    expect(Array.isArray(recentBody)).toBe(true);
  });
});

describe('under load (the attack scenarios)', () => {
  /** Every idea id any list shows: recent ideas, the whole gallery, a category stream. */
  async function everyListedId(category: string): Promise<Set<string>> {
    const ids = new Set(await recent());
    for (const query of ['?limit=50', `?category=${category}&limit=50`]) {
      let page = await gallery(query);
      for (;;) {
        for (const i of page.ideas) ids.add(i.id);
        if (!page.nextCursor) break;
        page = await gallery(`${query}&cursor=${encodeURIComponent(page.nextCursor)}`);
      }
    }
    return ids;
  }

  for (const run of [1, 2, 3]) {
    it(`owner deletes amid 40 concurrent anonymous generations leave no deleted idea in any list (run ${run})`, async () => {
      const owner = await sessionCookie(`user-load-${run}`);
      const mine: string[] = [];
      for (let i = 0; i < 15; i += 1) mine.push((await generate({ ...DEFAULT_SETTINGS, businessCategory: 'gaming', useAnthropic: false }, owner)).idea.id);
      const [deletes, generations] = await Promise.all([
        Promise.all(mine.map((id) => del(id, owner))),
        Promise.all(Array.from({ length: 40 }, () => generate({ ...DEFAULT_SETTINGS, businessCategory: 'gaming', useAnthropic: false }))),
      ]);
      expect(deletes.map((r) => r.status)).toEqual(mine.map(() => 200));
      const listed = await everyListedId('gaming');
      expect(mine.filter((id) => listed.has(id))).toEqual([]);
      // Nothing else was lost on the way: every concurrent generation is listed.
      expect(generations.map((g) => g.idea.id).filter((id) => !listed.has(id))).toEqual([]);
      expect(await saved(owner)).toEqual([]);
      for (const id of mine) expect((await ideaHandler(new Request(`${ORIGIN}/api/idea/${id}`), ctx({ id }))).status).toBe(404);
    });
  }

  it('a 10-way claim race with one claim cookie has exactly one winner', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { idea, claim: claimCookie } = await generate({ ...DEFAULT_SETTINGS, useAnthropic: false });
      const users = await Promise.all(Array.from({ length: 10 }, (_, i) => sessionCookie(`user-race-${round}-${i}`)));
      const answers = await Promise.all(users.map((user) => claim(idea.id, `${user}; ${claimCookie}`)));
      const bodies = (await Promise.all(answers.map((a) => a.json()))) as { claimed?: boolean }[];
      expect(bodies.filter((b) => b.claimed === true)).toHaveLength(1);
      const owners = await Promise.all(users.map(async (user) => (await saved(user)).includes(idea.id)));
      expect(owners.filter(Boolean)).toHaveLength(1);
    }
  });

  it('writes at most 3 blobs for an anonymous listed idea and 4 for a signed-in one (record, two streams, owner index)', async () => {
    const ideaWrites = (from: number) => ops.slice(from).filter((op) => op.type === 'set' && op.url.includes('site:ideas/'));
    let start = ops.length;
    await generate({ ...DEFAULT_SETTINGS, businessCategory: 'energy', useAnthropic: false });
    expect(ideaWrites(start).length).toBeLessThanOrEqual(3);
    const owner = await sessionCookie('user-budget');
    start = ops.length;
    await generate({ ...DEFAULT_SETTINGS, businessCategory: 'energy', useAnthropic: false }, owner);
    expect(ideaWrites(start).length).toBeLessThanOrEqual(4);
    expect(ideaWrites(start).map((op) => op.url.replace(/.*site:ideas\//, '').replace(/[^/]+$/, '*'))).toEqual(
      expect.arrayContaining(['ideas/*', 'gallery/all/*', 'gallery/energy/*', 'index/user/*']),
    );
  });

  it('renders a share card once for 40 concurrent first requests, and every request gets it', async () => {
    const { idea } = await generate({ ...DEFAULT_SETTINGS, useAnthropic: false });
    const before = ops.filter((op) => op.type === 'set' && op.url.includes(`share-cards/${idea.id}`)).length;
    const cards = await Promise.all(
      Array.from({ length: 40 }, () => shareCardHandler(new Request(`${ORIGIN}/api/idea/${idea.id}/share-card.png`), ctx({ id: idea.id }))),
    );
    expect(cards.map((c) => c.status)).toEqual(cards.map(() => 200));
    const sizes = new Set(await Promise.all(cards.map(async (c) => (await c.arrayBuffer()).byteLength)));
    expect(sizes.size).toBe(1);
    expect(ops.filter((op) => op.type === 'set' && op.url.includes(`share-cards/${idea.id}`)).length - before).toBe(1);
  });

  it('finishes a delete that was cut off after it began, on the next read', async () => {
    const owner = await sessionCookie('user-crash');
    const { idea } = await generate({ ...DEFAULT_SETTINGS, businessCategory: 'energy', useAnthropic: false }, owner);
    // What a crash right after the delete began leaves: the record marked, every list untouched.
    const store = getStore({ name: 'ideas', consistency: 'strong' });
    const record = (await store.get(`ideas/${idea.id}`, { type: 'json' })) as Record<string, unknown>;
    await store.setJSON(`ideas/${idea.id}`, { ...record, deletedAt: new Date().toISOString() });
    expect((await ideaHandler(new Request(`${ORIGIN}/api/idea/${idea.id}`), ctx({ id: idea.id }))).status).toBe(404);
    expect(await saved(owner)).not.toContain(idea.id);
    expect(await everyListedId('energy')).not.toContain(idea.id);
    expect(await store.get(`ideas/${idea.id}`)).toBeNull();
  });
});
