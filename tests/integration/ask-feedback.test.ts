import { getStore } from '@netlify/blobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import feedbackHandler from '../../netlify/functions/ask-feedback.mts';
import { BlobsFeedbackStore } from '../../netlify/functions/_shared/blobs-feedback-store.ts';
import { DAILY_FEEDBACK_LIMIT, summariseFeedback } from '../../src/domain/assistant/feedback.ts';
import { startLocalBlobs } from '../helpers/blobs.ts';

/** POST /api/ask/feedback against the local Blobs server: votes are kept, bad ones get 4xx JSON. */
const ORIGIN = 'http://localhost:8911';
let stop: () => Promise<void> = async () => {};
beforeAll(async () => {
  ({ stop } = await startLocalBlobs());
  process.env['GENERATE_RATE_LIMIT'] = 'off';
});
afterAll(async () => {
  delete process.env['GENERATE_RATE_LIMIT'];
  await stop();
});

const vote = (body: unknown, headers: Record<string, string> = {}) =>
  feedbackHandler(
    new Request(`${ORIGIN}/api/ask/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
const good = { question: 'What is BEEF?', citations: ['/book/chapter-06#beef-a-transaction-that-carries-its-own-evidence'], helpful: true, engine: 'offline' };

describe('POST /api/ask/feedback', () => {
  it('keeps a vote with its question and citations, and nothing about who voted', async () => {
    const res = await vote(good, { 'x-forwarded-for': '203.0.113.9', cookie: 'session=abc' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ stored: true });
    const kept = await new BlobsFeedbackStore(getStore({ name: 'assistant-feedback', consistency: 'strong' })).list();
    expect(kept).toHaveLength(1);
    expect(Object.keys(kept[0] ?? {}).sort()).toEqual(['at', 'citations', 'engine', 'helpful', 'question']);
    expect(JSON.stringify(kept)).not.toMatch(/203\.0\.113\.9|abc/);
    expect(summariseFeedback(kept)).toMatch(/^1 votes, 1 said the answer helped \(100%\)\./);
  });

  it.each([
    ['not JSON', '{nope', 400],
    ['an empty question', { ...good, question: '  ' }, 400],
    ['a question over 1,000 characters', { ...good, question: 'x'.repeat(1001) }, 400],
    ['a citation outside the book', { ...good, citations: ['https://evil.example/'] }, 400],
    ['eleven citations', { ...good, citations: Array.from({ length: 11 }, () => '/book/chapter-01') }, 400],
    ['helpful as a string', { ...good, helpful: 'yes' }, 400],
    ['an unknown engine', { ...good, engine: 'gpt' }, 400],
    ['an extra field', { ...good, email: 'a@b.example' }, 400],
  ])('answers %s with a 4xx JSON error and keeps nothing', async (_name, body, status) => {
    const res = await vote(body);
    expect(res.status).toBe(status);
    expect(typeof ((await res.json()) as { error: string }).error).toBe('string');
  });

  it('refuses a cross-site vote, another method, and a body that is not JSON', async () => {
    expect((await vote(good, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await vote(good, { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await feedbackHandler(new Request(`${ORIGIN}/api/ask/feedback`))).status).toBe(405);
  });

  it(`keeps at most ${DAILY_FEEDBACK_LIMIT} votes a day (a counter, compare-and-swap)`, async () => {
    const store = getStore({ name: 'assistant-feedback', consistency: 'strong' });
    const today = new Date().toISOString().slice(0, 10);
    await store.setJSON(`count/${today}`, DAILY_FEEDBACK_LIMIT);
    const res = await vote(good);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: string }).error).toMatch(/all the feedback it can keep today/);
  });
});
