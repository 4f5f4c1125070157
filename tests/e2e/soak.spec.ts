import type { IdeaRecord } from '../../src/domain/ideas/schema.ts';
import { expect, test } from './fixtures.ts';

/**
 * Reliability under load, at the small size `npm test` can afford (`npm run bench` runs 2,000
 * generations from 50 clients): concurrent generations against the served site end in no 5xx, no
 * lost idea, and a recent index that lists exactly the newest ideas.
 */
const GENERATIONS = 60;
const CLIENTS = 10;
const BODY = {
  businessCategory: 'supply-chain',
  targetMarket: 'b2b',
  aiFocus: 'computer-vision',
  revenueModel: 'usage-based',
  bsvFeature: 'timestamping',
  innovationLevel: 6,
  useAnthropic: false,
};

test('concurrent generations: zero 5xx, zero lost ideas, exact recent index', async ({ request }) => {
  test.setTimeout(180_000);
  const statuses: number[] = [];
  const ids: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < GENERATIONS) {
        next += 1;
        const res = await request.post('/api/generate-idea', { data: BODY, headers: { 'content-type': 'application/json' } });
        statuses.push(res.status());
        if (res.ok()) ids.push(((await res.json()) as { id: string }).id);
      }
    }),
  );
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
  expect(statuses.every((s) => s === 200)).toBe(true);
  expect(new Set(ids).size).toBe(GENERATIONS);

  const stored: IdeaRecord[] = [];
  for (const id of ids) {
    const res = await request.get(`/api/idea/${id}`);
    expect(res.status(), `idea ${id}`).toBe(200);
    stored.push((await res.json()) as IdeaRecord);
  }
  const recent = (await (await request.get('/api/recent-ideas?limit=50')).json()) as IdeaRecord[];
  // Other tests may generate ideas at the same time: every listed entry must exist, be in order,
  // and every one of ours newer than the 50th entry must be listed.
  for (const entry of recent) expect((await request.get(`/api/idea/${entry.id}`)).status()).toBe(200);
  const dates = recent.map((r) => r.createdAt);
  expect([...dates].sort().reverse()).toEqual(dates);
  const oldestListed = dates.at(-1) ?? '';
  const listed = new Set(recent.map((r) => r.id));
  for (const idea of stored) if (idea.createdAt > oldestListed) expect(listed.has(idea.id), `${idea.id} missing from the recent index`).toBe(true);
});
