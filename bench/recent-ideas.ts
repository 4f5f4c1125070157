/**
 * Times GET /api/recent-ideas with 10,000 stored ideas: the real handler against a local Netlify
 * Blobs server (the same client code as production), after seeding the records and the indexes
 * the store keeps. Run: `node bench/recent-ideas.ts [ideas] [requests]`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getStore, setEnvironmentContext } from '@netlify/blobs';
import { atomicBlobsServer } from '../scripts/local-blobs.ts';
import recentIdeas from '../netlify/functions/recent-ideas.mts';
import { bulkSeed } from '../tests/support/bulk-seed.ts';
import { sampleRecord } from '../tests/support/ideas.ts';

const total = Number(process.argv[2] ?? 10_000);
const requests = Number(process.argv[3] ?? 200);

const dir = await mkdtemp(path.join(tmpdir(), 'bench-recent-'));
const ops: string[] = [];
const server = atomicBlobsServer({ directory: dir, token: 'bench', onRequest: ({ type }) => ops.push(type) });
const { port } = await server.start();
const url = `http://localhost:${port}`;
setEnvironmentContext({ edgeURL: url, uncachedEdgeURL: url, token: 'bench', siteID: 'bench' });

try {
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  const records = Array.from({ length: total }, (_, i) =>
    sampleRecord(
      { id: `bench-${String(i).padStart(6, '0')}`, createdAt: new Date(start + i * 1000).toISOString(), ...(i % 7 === 0 ? { userId: `user-${i % 50}` } : {}) },
      `Idea ${i}`,
    ),
  );
  const seedStart = performance.now();
  await bulkSeed(getStore({ name: 'ideas', consistency: 'strong' }), records);
  console.log(`seeded ${total} ideas in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  const times: number[] = [];
  let blobOps = 0;
  for (let i = 0; i < requests + 10; i += 1) {
    const before = ops.length;
    const t0 = performance.now();
    const res = await recentIdeas(new Request('http://localhost/api/recent-ideas?limit=20'));
    const body = (await res.json()) as { id: string }[];
    const elapsed = performance.now() - t0;
    if (res.status !== 200 || body.length !== 20 || body[0]?.id !== records.at(-1)?.id) throw new Error('unexpected answer');
    if (i >= 10) {
      times.push(elapsed); // the first 10 warm up
      blobOps += ops.length - before;
    }
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]?.toFixed(2);
  console.log(
    `GET /api/recent-ideas?limit=20 with ${total} ideas, ${requests} requests: p50 ${pct(50)} ms, p95 ${pct(95)} ms, max ${pct(100)} ms; ${blobOps / requests} blob read(s) per request`,
  );
} finally {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}
