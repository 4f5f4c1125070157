import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setEnvironmentContext, getStore } from '@netlify/blobs';
import type { BlobsServer } from '@netlify/blobs/server';
import { atomicBlobsServer } from '../../scripts/local-blobs.ts';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import handler, { config } from '../../netlify/functions/generate-idea.mts';
import enginesHandler from '../../netlify/functions/engines.mts';
import { BlobsIdeaStore } from '../../netlify/functions/_shared/blobs-idea-store.ts';
import { GENERATE_WINDOW_LIMIT, GENERATE_WINDOW_SECONDS } from '../../netlify/functions/_shared/generation.ts';
import { serverEnv } from '../../src/lib/server-env.ts';
import { createSessionCookie } from '../../netlify/functions/_shared/session.ts';
import { IDEA_SECTIONS } from '../../src/domain/ideas/engine.ts';
import { DEFAULT_SETTINGS, generatedIdeaSchema, type GenerateResponse } from '../../src/domain/ideas/schema.ts';
import { FakeLlmServer } from '../support/fake-llm-server.ts';

let server: BlobsServer;
let directory: string;
let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};
const ORIGIN = 'http://localhost:9904';

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'blobs-generate-'));
  server = atomicBlobsServer({ directory, token: 'test-token', port: 0 });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  setEnvironmentContext({ edgeURL: url, uncachedEdgeURL: url, token: 'test-token', siteID: 'generate-test-site' });
  for (const key of ['ANTHROPIC_API_KEY', 'OPENAI_API_KEY', 'ANTHROPIC_MODEL', 'OPENAI_MODEL']) delete process.env[key];
});
afterAll(async () => {
  await server.stop();
  await rm(directory, { recursive: true, force: true });
});
afterEach(() => {
  for (const key of ['ANTHROPIC_API_KEY', 'OPENAI_API_KEY', 'ANTHROPIC_MODEL', 'OPENAI_MODEL', 'ANTHROPIC_BASE_URL', 'SESSION_SECRET']) delete process.env[key];
});

function post(body: unknown, init: { headers?: Record<string, string>; ip?: string; raw?: boolean; method?: string } = {}) {
  const req = new Request(`${ORIGIN}/api/generate-idea`, {
    method: init.method ?? 'POST',
    headers: { 'content-type': 'application/json', ...init.headers },
    ...(init.method && ['GET', 'HEAD'].includes(init.method) ? {} : { body: init.raw ? (body as string) : JSON.stringify(body) }),
  });
  return handler(req, { ip: init.ip ?? nextIp() } as never);
}

const store = () => new BlobsIdeaStore(getStore({ name: 'ideas', consistency: 'strong' }));

describe('POST /api/generate-idea', () => {
  it('answers a complete offline idea as plain JSON and stores it', async () => {
    const res = await post({ ...DEFAULT_SETTINGS, businessCategory: 'healthcare' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await res.json()) as GenerateResponse;
    const { id, engine, model, inspiredBy, notice, seed, resolvedSettings, ...idea } = body;
    expect(generatedIdeaSchema.safeParse(idea).success).toBe(true);
    expect(engine).toBe('offline');
    expect(Object.values(resolvedSettings)).not.toContain('all');
    expect(model).toBe('idea-library');
    expect(notice).toMatch(/offline library/);
    // The offline library's idea names the chapters (and sections) it draws on.
    expect(inspiredBy.length).toBeGreaterThan(0);
    for (const link of inspiredBy) expect(link).toMatchObject({ id: expect.stringMatching(/^chapter-\d\d$/), section: expect.stringMatching(/^[a-z0-9-]+$/) });
    expect(body.implementationRoadmap.length).toBeGreaterThanOrEqual(3);
    const record = await store().get(id);
    expect(record).toMatchObject({ id, businessName: body.businessName, engine: 'offline', model: 'idea-library' });
    expect(record?.parameters).toEqual({
      businessCategory: 'healthcare',
      targetMarket: 'all',
      aiFocus: 'all',
      revenueModel: 'all',
      bsvFeature: 'all',
      innovationLevel: 5,
      seed,
    });
    expect(seed).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(record?.generatedIdea).toMatchObject({ businessName: body.businessName, inspiredBy });
    expect(record?.userId).toBeUndefined();
  });

  it('records the signed-in user and adds the idea to their index', async () => {
    process.env['SESSION_SECRET'] = 'x'.repeat(40);
    const cookie =
      (await createSessionCookie(new Request(ORIGIN), { id: 'reader-42', email: 'r@example.com', firstName: 'Rea', profileImageUrl: null }, serverEnv())).split(
        ';',
      )[0] ?? '';
    const res = await post(DEFAULT_SETTINGS, { headers: { cookie } });
    const body = (await res.json()) as GenerateResponse;
    expect((await store().get(body.id))?.userId).toBe('reader-42');
    expect((await store().byUser('reader-42')).map((r) => r.id)).toEqual([body.id]);
  });

  it('streams progress events, then the idea, with Accept: text/event-stream', async () => {
    const res = await post({ ...DEFAULT_SETTINGS, bsvFeature: 'identity' }, { headers: { accept: 'text/event-stream' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const events = parseSse(await res.text());
    const progress = events.filter((e) => e.event === 'progress').map((e) => e.data as { stage: string; section?: string });
    expect(progress[0]?.stage).toBe('context');
    expect(progress.filter((p) => p.stage === 'section').map((p) => p.section)).toEqual([...IDEA_SECTIONS]);
    const last = events.at(-1);
    expect(last?.event).toBe('idea');
    const idea = last?.data as GenerateResponse;
    expect(await store().get(idea.id)).not.toBeNull();
  });

  it('falls back to the offline engine with a notice when the provider fails, streamed or not', async () => {
    const fake = new FakeLlmServer();
    await fake.start();
    try {
      fake.scenario = { anthropic: 'http500', openai: 'valid' };
      process.env['ANTHROPIC_API_KEY'] = 'test-key';
      process.env['ANTHROPIC_BASE_URL'] = fake.origin;
      const res = await post(DEFAULT_SETTINGS, { headers: { accept: 'text/event-stream' } });
      const events = parseSse(await res.text());
      expect(events.some((e) => e.event === 'progress' && (e.data as { stage: string }).stage === 'fallback')).toBe(true);
      const streamed = events.at(-1)?.data as GenerateResponse;
      expect(events.at(-1)?.event).toBe('idea');
      expect(streamed).toMatchObject({ engine: 'offline', fallbackFrom: 'anthropic' });
      expect(streamed.notice).toMatch(
        /^Claude answered with HTTP 500, so this idea comes from the offline library: ideas written whole by people from the book\./,
      );
      const plain = await post(DEFAULT_SETTINGS);
      expect(plain.status).toBe(200);
      const body = (await plain.json()) as GenerateResponse;
      expect(body.engine).toBe('offline');
      expect(await store().get(body.id)).not.toBeNull();
      expect(fake.count('anthropic')).toBe(4);
    } finally {
      await fake.stop();
    }
  });

  it('reproduces an offline idea from its seed, and refuses a malformed seed', async () => {
    const first = (await (await post({ ...DEFAULT_SETTINGS, businessCategory: 'energy' })).json()) as GenerateResponse;
    expect(first.seed).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    const again = (await (await post({ ...DEFAULT_SETTINGS, businessCategory: 'energy', seed: first.seed })).json()) as GenerateResponse;
    expect(again.seed).toBe(first.seed);
    expect(again.businessName).toBe(first.businessName);
    expect(again.executiveSummary).toBe(first.executiveSummary);
    expect(again.id).not.toBe(first.id);
    for (const seed of ['', 'x'.repeat(65), 'has space', 'dot.ted', 42, '\u00e9t\u00e9']) {
      const res = await post({ ...DEFAULT_SETTINGS, seed });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/seed/);
    }
  });

  it.each([
    ['an unknown option value', { ...DEFAULT_SETTINGS, businessCategory: 'space-mining' }, 400, /businessCategory/],
    ['a level above 10', { ...DEFAULT_SETTINGS, innovationLevel: 11 }, 400, /innovationLevel/],
    ['a fractional level', { ...DEFAULT_SETTINGS, innovationLevel: 4.5 }, 400, /innovationLevel must be an integer/],
    ['a string level', { ...DEFAULT_SETTINGS, innovationLevel: '5' }, 400, /innovationLevel/],
    ['a missing field', { ...DEFAULT_SETTINGS, useAnthropic: undefined }, 400, /useAnthropic/],
    ['an unknown field', { ...DEFAULT_SETTINGS, admin: true }, 400, /admin/],
    ['an array body', [1, 2], 400, /expected object, received array/],
  ])('refuses %s with a clear 4xx', async (_name, body, status, message) => {
    const res = await post(body);
    expect(res.status).toBe(status);
    expect(((await res.json()) as { error: string }).error).toMatch(message);
  });

  it('refuses non-JSON, oversized bodies, wrong content types, cross-site posts and other methods', async () => {
    expect((await post('{not json', { raw: true })).status).toBe(400);
    expect((await post('', { raw: true })).status).toBe(400);
    const big = await post({ ...DEFAULT_SETTINGS, pad: 'x'.repeat(17 * 1024) });
    expect(big.status).toBe(413);
    expect((await post(DEFAULT_SETTINGS, { headers: { 'content-type': 'text/plain' } })).status).toBe(415);
    expect((await post(DEFAULT_SETTINGS, { headers: { origin: 'https://evil.example' } })).status).toBe(403);
    const get = await post(undefined, { method: 'GET' });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(await get.json()).toEqual({ error: 'Method not allowed; use POST' });
  });

  it('rate-limits a client with 429, a JSON error and Retry-After', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < GENERATE_WINDOW_LIMIT; i += 1) statuses.push((await post(DEFAULT_SETTINGS, { ip })).status);
    expect(new Set(statuses)).toEqual(new Set([200]));
    const limited = await post(DEFAULT_SETTINGS, { ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: string }).error).toMatch(/Too many ideas/);
    expect((await post(DEFAULT_SETTINGS)).status).toBe(200);
  });

  it("lifts the local limit with GENERATE_RATE_LIMIT=off, and leaves a deployed site to Netlify's rateLimit", async () => {
    const ip = nextIp();
    const saved = { limit: process.env['GENERATE_RATE_LIMIT'], context: process.env['CONTEXT'] };
    try {
      process.env['GENERATE_RATE_LIMIT'] = 'off';
      for (let i = 0; i < GENERATE_WINDOW_LIMIT + 3; i += 1) expect((await post(DEFAULT_SETTINGS, { ip })).status).toBe(200);
      delete process.env['GENERATE_RATE_LIMIT'];
      process.env['CONTEXT'] = 'deploy-preview';
      // One instance's in-memory counter would count only its share: a deployed site relies on config.rateLimit.
      const statuses: number[] = [];
      for (let i = 0; i < GENERATE_WINDOW_LIMIT + 3; i += 1) statuses.push((await post(DEFAULT_SETTINGS, { ip })).status);
      expect(new Set(statuses)).toEqual(new Set([200]));
    } finally {
      for (const [k, v] of [
        ['GENERATE_RATE_LIMIT', saved.limit],
        ['CONTEXT', saved.context],
      ] as const) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  });

  it('declares the same limit to Netlify as the local guard', () => {
    expect(config.rateLimit).toEqual({ windowLimit: GENERATE_WINDOW_LIMIT, windowSize: GENERATE_WINDOW_SECONDS, aggregateBy: ['ip', 'domain'] });
    expect(config.path).toBe('/api/generate-idea');
  });

  it('never answers 500 to random bodies, headers and methods (property)', async () => {
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constantFrom('all', 'fintech', 'healthcare', 'b2b', 'nlp', 'identity', 'micropayments'),
    );
    const body = fc.oneof(
      fc.anything(),
      fc.record(
        {
          businessCategory: value,
          targetMarket: value,
          aiFocus: value,
          revenueModel: value,
          bsvFeature: value,
          innovationLevel: fc.oneof(fc.integer({ min: -5, max: 15 }), fc.double(), fc.string()),
          useAnthropic: fc.oneof(fc.boolean(), value),
          extra: value,
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        body,
        fc.constantFrom('application/json', 'text/plain', 'application/json; charset=utf-8', ''),
        fc.constantFrom('POST', 'POST', 'POST', 'PUT', 'DELETE', 'GET'),
        fc.option(fc.nat(), { nil: undefined }),
        async (payload, contentType, method, cut) => {
          // With `cut`, the body is the JSON text truncated: usually not valid JSON any more.
          const text = cut === undefined ? undefined : (JSON.stringify(payload) ?? '').slice(0, cut);
          const res = await post(text ?? payload, { method, raw: text !== undefined, headers: contentType ? { 'content-type': contentType } : {} });
          expect(res.status).toBeLessThan(500);
          const answer = await res.text();
          if (res.status >= 400) expect(JSON.parse(answer)).toHaveProperty('error');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps every idea under 200 parallel generations, each once in the gallery, and the recent ideas are its newest 20', async () => {
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => post({ ...DEFAULT_SETTINGS, innovationLevel: (i % 10) + 1 })));
    expect(results.map((r) => r.status)).toEqual(Array(200).fill(200));
    const ideas = (await Promise.all(results.map((r) => r.json()))) as GenerateResponse[];
    const s = store();
    const records = await Promise.all(ideas.map((i) => s.get(i.id)));
    expect(records.filter(Boolean)).toHaveLength(200);
    const listed: string[] = [];
    let page = await s.gallery('all', 50, null);
    for (;;) {
      listed.push(...page.entries.map((e) => e.id));
      if (!page.next) break;
      page = await s.gallery('all', 50, page.next);
    }
    const made = new Set(ideas.map((i) => i.id));
    expect(listed.filter((id) => made.has(id)).toSorted()).toEqual([...made].toSorted());
    // The recent ideas are exactly the 20 newest by creation time.
    const newest = (records as { id: string; createdAt: string }[])
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1))
      .slice(0, 20)
      .map((r) => r.id);
    expect((await s.recent(20)).map((r) => r.id)).toEqual(newest);
  });
});

describe('GET /api/engines', () => {
  it('names the configured models and which have keys', async () => {
    process.env['ANTHROPIC_MODEL'] = 'claude-opus-4-6';
    process.env['OPENAI_API_KEY'] = 'k';
    const res = await enginesHandler(new Request(`${ORIGIN}/api/engines`));
    expect(await res.json()).toEqual({
      anthropic: { model: 'claude-opus-4-6', label: 'Claude Opus 4.6', configured: false },
      openai: { model: 'gpt-5.5', label: 'GPT-5.5', configured: true },
    });
  });
});

function parseSse(text: string): { event: string; data: unknown }[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? 'null';
      return { event, data: JSON.parse(data) as unknown };
    });
}
