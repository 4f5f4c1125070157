/**
 * `npm run bench:ideas`: the offline library's figures.
 * - coverage: ideas per category, per innovation band, and how many ideas honour each option of
 *   each control in each category (0 is a gap: a visitor who picks it gets another idea, named in
 *   the notice);
 * - distinct ideas in 12 clicks of one visit, per category;
 * - over 60 varied settings: settings not honoured and named in the notice, six-word phrases
 *   (numbers masked) shared by more than 20% of the ideas shown, a/an slips;
 * - offline generation time (the whole service: chapter matching, selection, validation, an
 *   in-memory store): p50 and p95.
 * Usage: npm run bench:ideas [-- runs] (default 500 timed generations).
 */
import path from 'node:path';
import { loadBook } from '../src/domain/book/load.ts';
import { generateIdea } from '../src/domain/ideas/generate.ts';
import { toGroundingChapter } from '../src/domain/ideas/grounding.ts';
import { LibraryEngine } from '../src/domain/ideas/library/engine.ts';
import { loadLibrary } from '../src/domain/ideas/library/load.ts';
import { articleSlips, sixWordPhrases, textsOf } from '../src/domain/ideas/library/prose.ts';
import { selectIdea } from '../src/domain/ideas/library/select.ts';
import { DEFAULT_SETTINGS, type GenerateRequest } from '../src/domain/ideas/schema.ts';
import { MemoryIdeaStore } from '../src/domain/ideas/store.ts';
import { OPTION_LABELS } from '../src/domain/option-labels.ts';

const runs = Number(process.argv[2] ?? 500);
const { ideas: library, errors } = await loadLibrary(path.resolve('content'));
if (errors.length > 0) console.log(`${errors.length} files do not parse: ${errors.map((e) => e.key).join(', ')}`);
const categories = Object.keys(OPTION_LABELS.businessCategory).filter((c) => c !== 'all');
const controls = { targetMarket: 'targetMarkets', aiFocus: 'aiFocuses', revenueModel: 'revenueModels', bsvFeature: 'bsvFeatures' } as const;

const ramps = library.map((i) => i.economics.rampMonths).filter((r) => r > 1);
const median = ramps.toSorted((x, y) => x - y)[Math.floor(ramps.length / 2)] ?? 1;
console.log(`offline library: ${library.length} ideas; ${ramps.length} ramp each new customer up to full volume (median ${median} months)\n`);
console.log('coverage (ideas; levels 1-3/4-7/8-10; options honoured by no idea):');
for (const category of categories) {
  const own = library.filter((i) => i.fits.category === category);
  const bands = [
    [1, 3],
    [4, 7],
    [8, 10],
  ].map(([lo, hi]) => own.filter((i) => i.fits.innovationLevel >= (lo ?? 0) && i.fits.innovationLevel <= (hi ?? 0)).length);
  const gaps = Object.entries(controls).flatMap(([control, key]) =>
    Object.keys(OPTION_LABELS[control as keyof typeof controls])
      .filter((v) => v !== 'all' && !own.some((i) => (i.fits[key] as string[]).includes(v)))
      .map((v) => `${control}=${v}`),
  );
  const missing = own.length === 0 ? 'every option (no ideas yet)' : gaps.length === 0 ? 'none' : gaps.join(', ');
  console.log(`  ${category.padEnd(36)} ${String(own.length).padStart(3)}  ${bands.join('/').padEnd(8)}  ${missing}`);
}

console.log('\ndistinct ideas in 12 clicks of one visit (category set, other controls "all"):');
const distinct = categories.map((category) => {
  const shown = new Set(
    Array.from({ length: 12 }, (_, n) => selectIdea(library, { ...DEFAULT_SETTINGS, businessCategory: category } as GenerateRequest, `visit--${n}`).item.key),
  );
  return `${category} ${shown.size}`;
});
console.log(`  ${distinct.join(', ')}`);

/** A deterministic stream for the bench's settings, so two runs compare the same ones. */
function benchRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = benchRandom(17);
const pick = (field: keyof typeof OPTION_LABELS): string => {
  const values = Object.keys(OPTION_LABELS[field]);
  return values[Math.floor(random() * values.length)] ?? 'all';
};
function variedRequest(): GenerateRequest {
  return {
    ...DEFAULT_SETTINGS,
    businessCategory: pick('businessCategory'),
    targetMarket: pick('targetMarket'),
    aiFocus: pick('aiFocus'),
    revenueModel: pick('revenueModel'),
    bsvFeature: pick('bsvFeature'),
    innovationLevel: 1 + Math.floor(random() * 10),
  } as GenerateRequest;
}

const settings = Array.from({ length: 60 }, variedRequest);
const shown = settings.map((request, i) => selectIdea(library, request, `bench-${i}`));
const unmet = shown.reduce((n, s) => n + s.unmet.length, 0);
const phraseIdeas = new Map<string, number>();
for (const s of shown) for (const phrase of sixWordPhrases(textsOf(s.item.idea).join('\n'))) phraseIdeas.set(phrase, (phraseIdeas.get(phrase) ?? 0) + 1);
const common = [...phraseIdeas].filter(([, n]) => n > shown.length * 0.2);
const slips = shown.flatMap((s) => textsOf(s.item.idea).flatMap(articleSlips));
console.log(`\n60 varied settings: ${new Set(shown.map((s) => s.item.key)).size} distinct ideas; ${unmet} settings not honoured, each named in the notice`);
console.log(
  `  six-word phrases in more than 20% of them: ${common.length}${common.length ? ` (${common.map(([p]) => p).join('; ')})` : ''}; a/an slips: ${slips.length}`,
);
console.log(`  a one-control change honoured: ${oneControlChanges()}`);
console.log(`\nevery setting of the four controls asked at once (level aside): settings the best idea misses, mean per category`);
console.log(`  ${categories.map((c) => `${c} ${fullSettingMisses(c).toFixed(2)}`).join(', ')}`);

/**
 * Over every combination of one target market, AI focus, revenue model and BSV feature (none 'all'),
 * how many of the four the idea of the category that misses fewest does not honour, on average: how
 * far the library is from honouring a founder who sets every control.
 */
function fullSettingMisses(category: string): number {
  const own = library.filter((i) => i.fits.category === category);
  const options = Object.keys(controls).map((c) => Object.keys(OPTION_LABELS[c as keyof typeof controls]).filter((v) => v !== 'all'));
  const keys = Object.values(controls);
  let combos: string[][] = [[]];
  for (const values of options) combos = combos.flatMap((combo) => values.map((v) => [...combo, v]));
  const misses = (idea: (typeof own)[number], combo: string[]) => keys.filter((key, k) => !(idea.fits[key] as string[]).includes(combo[k] ?? '')).length;
  return combos.reduce((sum, combo) => sum + Math.min(...own.map((idea) => misses(idea, combo))), 0) / combos.length;
}

/** From each category's default settings, every single option of every control: how often the chosen idea honours both. */
function oneControlChanges(): string {
  let asked = 0;
  let kept = 0;
  for (const category of categories)
    for (const [control, key] of Object.entries(controls) as [keyof typeof controls, (typeof controls)[keyof typeof controls]][])
      for (const value of Object.keys(OPTION_LABELS[control]).filter((v) => v !== 'all')) {
        const { item } = selectIdea(library, { ...DEFAULT_SETTINGS, businessCategory: category, [control]: value } as GenerateRequest, 'one-change');
        asked += 1;
        if (item.fits.category === category && (item.fits[key] as string[]).includes(value)) kept += 1;
      }
  return `${kept}/${asked}`;
}

const chapters = (await loadBook()).chapters.map((c) => toGroundingChapter(c));
const engine = new LibraryEngine(async () => library);
const store = new MemoryIdeaStore();
const times: number[] = [];
for (let i = 0; i < runs; i += 1) {
  const t = performance.now();
  await generateIdea({ ...variedRequest(), seed: `timing--${i}` }, null, { store, chapters, engines: { offline: engine } });
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
console.log(`\noffline generation, service (${runs} runs): p50 ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms`);
