/**
 * Offline generation timings: p50/p95 of the whole generation service (chapter matching, offline
 * composition, validation, storing in memory) and, with BENCH_URL set (a running `npm start`), of
 * POST /api/generate-idea over HTTP. Usage: node bench/generator-offline.ts [runs]
 */
import { loadBook } from '../src/domain/book/load.ts';
import { DEFAULT_SETTINGS, type GenerateRequest } from '../src/domain/ideas/schema.ts';
import { generateIdea } from '../src/domain/ideas/generate.ts';
import { toGroundingChapter } from '../src/domain/ideas/grounding.ts';
import { OfflineEngine } from '../src/domain/ideas/offline-engine.ts';
import { MemoryIdeaStore } from '../src/domain/ideas/store.ts';
import { OPTION_FIELDS, OPTION_LABELS } from '../src/domain/option-labels.ts';

const runs = Number(process.argv[2] ?? 500);
const chapters = (await loadBook()).chapters.map((c) => toGroundingChapter(c));
const store = new MemoryIdeaStore();

function randomRequest(i: number): GenerateRequest {
  const request: Record<string, unknown> = { ...DEFAULT_SETTINGS, innovationLevel: (i % 10) + 1 };
  for (const field of OPTION_FIELDS) {
    const values = Object.keys(OPTION_LABELS[field]);
    request[field] = values[Math.floor(Math.random() * values.length)];
  }
  return request as GenerateRequest;
}

function percentiles(samples: number[]): { p50: number; p95: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? NaN };
}

const fmt = (x: number) => `${x.toFixed(2)} ms`;
const domain: number[] = [];
for (let i = 0; i < runs; i += 1) {
  const t = performance.now();
  await generateIdea(randomRequest(i), null, { store, chapters, engines: { offline: new OfflineEngine() } });
  domain.push(performance.now() - t);
}
const d = percentiles(domain);
console.log(`offline generation, service (${runs} runs): p50 ${fmt(d.p50)}, p95 ${fmt(d.p95)}, max ${fmt(d.max)}`);

const url = process.env['BENCH_URL'];
if (url) {
  const http: number[] = [];
  // Stays under the per-client rate limit (20 a minute).
  const httpRuns = Math.min(runs, 15);
  for (let i = 0; i < httpRuns; i += 1) {
    const t = performance.now();
    const res = await fetch(`${url}/api/generate-idea`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${i >> 8}.${i & 255}` },
      body: JSON.stringify(randomRequest(i)),
    });
    await res.text();
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    http.push(performance.now() - t);
  }
  const h = percentiles(http);
  console.log(`offline generation, POST /api/generate-idea on ${url} (${httpRuns} runs): p50 ${fmt(h.p50)}, p95 ${fmt(h.p95)}, max ${fmt(h.max)}`);
}
