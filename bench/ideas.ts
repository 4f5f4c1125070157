/**
 * `npm run bench:ideas`: the offline engine's quality figures (issue 17). Generates a few hundred
 * ideas across all settings through the generation service (chapter matching, the offline engine,
 * validation, an in-memory store) and prints:
 * - distinct concepts in 100 generations with the same settings (a name with a suffix added is the
 *   same concept), for a few fixed settings;
 * - category fit: the share of ideas whose features and pain points both use their category's
 *   vocabulary (the word lists below are the bench's own, not the engine's);
 * - the most repeated sentence across ideas and the share of ideas it appears in, and the number
 *   of ideas that repeat a sentence inside themselves;
 * - every percentage above 100;
 * - level 1 vs level 10 for the same seed and settings: shared sentences, concept changes, roadmap
 *   length.
 * Usage: npm run bench:ideas [-- ideas-per-setting] (default 2, i.e. 16 categories x 10 levels x 2).
 */
import { loadBook } from '../src/domain/book/load.ts';
import { generateIdea } from '../src/domain/ideas/generate.ts';
import { toGroundingChapter } from '../src/domain/ideas/grounding.ts';
import { OfflineEngine } from '../src/domain/ideas/offline-engine.ts';
import { DEFAULT_SETTINGS, type GenerateRequest, type GenerateResponse } from '../src/domain/ideas/schema.ts';
import { MemoryIdeaStore } from '../src/domain/ideas/store.ts';
import { OPTION_FIELDS, OPTION_LABELS } from '../src/domain/option-labels.ts';
import { VARIETY_SETTINGS } from '../tests/support/idea-settings.ts';
import { ideaTells } from '../tests/support/idea-tells.ts';

const perSetting = Number(process.argv[2] ?? 2);
const chapters = (await loadBook()).chapters.map((c) => toGroundingChapter(c));
const store = new MemoryIdeaStore();
let counter = 0;

/** A deterministic stream for the bench's own choices, so two runs compare the same settings. */
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
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

async function generate(request: GenerateRequest): Promise<GenerateResponse> {
  counter += 1;
  return generateIdea(request, null, { store, chapters, engines: { offline: new OfflineEngine() } });
}

/** Every text of an idea, as one list of strings. */
function texts(idea: GenerateResponse): string[] {
  const out: string[] = [];
  const walk = (value: unknown, key = ''): void => {
    if (['id', 'engine', 'model', 'inspiredBy', 'notice', 'seed', 'fallbackFrom'].includes(key)) return;
    if (typeof value === 'string') out.push(value);
    else if (Array.isArray(value)) value.forEach((v) => walk(v));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k);
  };
  walk(idea);
  return out;
}

function sentences(idea: GenerateResponse): string[] {
  return texts(idea)
    .flatMap((t) => t.split(/(?<=[.!?])\s+(?=[A-Z0-9])/))
    .map((s) => s.trim())
    .filter((s) => s.split(/\s+/).length >= 4);
}

const SUFFIXES = /\s+(cloud|platform|pro|app|plus|go|civic|public|network|circle|direct|connect|embedded|exchange|market|hq|labs?|works|one|ai)$/i;
function conceptKey(name: string): string {
  let key = name.trim().toLowerCase();
  for (let previous = ''; previous !== key;) {
    previous = key;
    key = key.replace(SUFFIXES, '');
  }
  return key;
}

const CATEGORY_WORDS: Record<string, RegExp> = {
  fintech: /payment|pay|bank|merchant|remittance|loan|credit|invoice|settle|lender|wallet|cash|fee|transfer|treasury|payroll|card/i,
  healthcare: /patient|clinic|health|hospital|diagnos|medical|consent|care|nurse|doctor|prescription|trial|pharma/i,
  gaming: /game|player|studio|tournament|match|item|esports|level|quest|mod|stream/i,
  'supply-chain': /supplier|supply|shipment|lot|batch|recall|provenance|origin|warehouse|inventory|procure|brand/i,
  'social-media': /post|creator|community|audience|feed|moderat|follower|comment|social|forum|thread/i,
  education: /learner|student|course|teacher|school|credential|skill|exam|tutor|lesson|training|certificate/i,
  energy: /energy|grid|meter|kwh|solar|battery|carbon|utility|power|charging|emission|renewable/i,
  'real-estate': /property|tenant|landlord|lease|deed|title|rent|broker|building|mortgage|escrow|listing/i,
  agriculture: /farm|grower|crop|harvest|cooperative|livestock|seed|soil|field|food|organic|irrigation/i,
  manufacturing: /factory|plant|machine|part|component|production|line|quality|tooling|supplier|maintenance|defect/i,
  'identity-attribution-authentication': /identity|credential|certificate|sign-in|login|attribut|authenticat|verify|verification|age|kyc|key/i,
  'it-networking-security': /server|api|network|security|endpoint|incident|log|vulnerab|access|patch|firewall|device|soc/i,
  'transportation-logistics': /fleet|carrier|shipment|delivery|driver|route|freight|truck|dock|parcel|vehicle|logistic/i,
  governance: /vote|ballot|member|council|proposal|mandate|decision|board|citizen|election|budget|deliberat/i,
  'intellectual-property-legal': /patent|copyright|licen|contract|legal|lawyer|evidence|rights|trademark|court|claim|prior art/i,
};

function fits(idea: GenerateResponse, category: string): boolean {
  const words = CATEGORY_WORDS[category];
  if (!words) return true;
  const features = idea.coreFeatures.map((f) => `${f.title} ${f.description}`).join(' ');
  return words.test(features) && words.test(idea.painPointsSolved.join(' '));
}

const categories = Object.keys(OPTION_LABELS.businessCategory);
const ideas: { request: GenerateRequest; idea: GenerateResponse }[] = [];
const started = performance.now();
for (const businessCategory of categories) {
  for (let level = 1; level <= 10; level += 1) {
    for (let i = 0; i < perSetting; i += 1) {
      const request: Record<string, unknown> = { ...DEFAULT_SETTINGS, businessCategory, innovationLevel: level };
      for (const field of OPTION_FIELDS) if (field !== 'businessCategory') request[field] = pick(Object.keys(OPTION_LABELS[field]));
      const r = request as GenerateRequest;
      ideas.push({ request: r, idea: await generate(r) });
    }
  }
}

// Sentences across ideas.
const seenIn = new Map<string, number>();
let repeatsInside = 0;
let worstInside = '';
for (const { idea } of ideas) {
  const list = sentences(idea);
  const unique = new Set(list);
  if (unique.size < list.length) {
    repeatsInside += 1;
    worstInside ||= list.find((s, i) => list.indexOf(s) !== i) ?? '';
  }
  for (const s of unique) seenIn.set(s, (seenIn.get(s) ?? 0) + 1);
}
const [topSentence = '', topCount = 0] = [...seenIn.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
const over10 = [...seenIn.values()].filter((n) => n > ideas.length * 0.1).length;

// Percentages.
const percentages = ideas.flatMap(({ idea }) =>
  texts(idea).flatMap((t) => [...t.matchAll(/(\d[\d,]*(?:\.\d+)?)\s?%/g)].map((m) => Number((m[1] ?? '').replace(/,/g, '')))),
);
const above100 = percentages.filter((p) => p > 100);

// Category fit.
const concrete = ideas.filter(({ request }) => request.businessCategory !== 'all');
const fitting = concrete.filter(({ request, idea }) => fits(idea, request.businessCategory));
const misfits = concrete.filter(({ request, idea }) => !fits(idea, request.businessCategory)).slice(0, Number(process.env['BENCH_MISFITS'] ?? 3));

// Distinct concepts in 100 generations with the same settings.
const fixed: GenerateRequest[] = [...VARIETY_SETTINGS, { ...DEFAULT_SETTINGS, businessCategory: 'real-estate', innovationLevel: 5 }];
const variety: string[] = [];
for (const request of fixed) {
  const names = new Set<string>();
  const products = new Set<string>();
  for (let i = 0; i < 100; i += 1) {
    const idea = await generate(request);
    names.add(conceptKey(idea.businessName));
    products.add(idea.coreFeatures[0]?.description ?? '');
  }
  const label = OPTION_FIELDS.map((f) => request[f]).join('/') + `/L${request.innovationLevel}`;
  variety.push(`  ${label}: ${names.size} distinct concepts (names), ${products.size} distinct first features, in 100`);
}

// Level 1 vs level 10, same seed and settings.
let sharedTotal = 0;
let conceptChanged = 0;
const months: Record<1 | 10, number[]> = { 1: [], 10: [] };
const phases: Record<1 | 10, number[]> = { 1: [], 10: [] };
const PAIRS = 40;
const lastMonth = (idea: GenerateResponse) =>
  Math.max(...idea.implementationRoadmap.map((p) => Number(/(\d+)\s*$/.exec(p.timeline.replace(/[^\d]+$/, ''))?.[1] ?? 0)));
for (let i = 0; i < PAIRS; i += 1) {
  const base = { ...DEFAULT_SETTINGS, businessCategory: pick(categories.slice(1)) as GenerateRequest['businessCategory'], seed: `pair${i}` };
  const low = await generate({ ...base, innovationLevel: 1 });
  const high = await generate({ ...base, innovationLevel: 10 });
  const a = new Set(sentences(low));
  const b = new Set(sentences(high));
  sharedTotal += [...a].filter((s) => b.has(s)).length / Math.max(1, Math.min(a.size, b.size));
  if (conceptKey(low.businessName) !== conceptKey(high.businessName)) conceptChanged += 1;
  months[1].push(lastMonth(low));
  months[10].push(lastMonth(high));
  phases[1].push(low.implementationRoadmap.length);
  phases[10].push(high.implementationRoadmap.length);
}
const mean = (xs: number[]) => (xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length)).toFixed(1);

const pct = (n: number, d: number) => `${((100 * n) / Math.max(1, d)).toFixed(1)}%`;
console.log(`offline engine quality (${counter} generations in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
console.log(`- distinct concepts, 100 generations with the same settings:`);
for (const line of variety) console.log(line);
console.log(`- distinct concepts across all ${ideas.length} ideas: ${new Set(ideas.map(({ idea }) => conceptKey(idea.businessName))).size}`);
console.log(
  `- category fit (features and pain points use the category's words): ${fitting.length}/${concrete.length} (${pct(fitting.length, concrete.length)})`,
);
for (const { request, idea } of misfits) console.log(`    misfit: ${request.businessCategory} -> "${idea.businessName}"`);
console.log(`- most repeated sentence: in ${topCount}/${ideas.length} ideas (${pct(topCount, ideas.length)}): "${topSentence}"`);
console.log(`- sentences in more than 10% of ideas: ${over10}`);
console.log(`- ideas repeating a sentence inside themselves: ${repeatsInside}/${ideas.length}${worstInside ? ` (e.g. "${worstInside.slice(0, 120)}")` : ''}`);
console.log(`- percentages above 100: ${above100.length} of ${percentages.length}${above100.length ? ` (max ${Math.max(...above100)}%)` : ''}`);
console.log(
  `- level 1 vs level 10 (${PAIRS} pairs, same seed and settings): concept changed in ${conceptChanged}/${PAIRS}; sentences shared ${pct(sharedTotal, PAIRS)}; roadmap ${mean(phases[1])} vs ${mean(phases[10])} phases, ${mean(months[1])} vs ${mean(months[10])} months`,
);

// Issue 27's tells, over 60 ideas with varied settings (all six controls drawn at random).
const varied: GenerateResponse[] = [];
const variedRequests: GenerateRequest[] = [];
for (let i = 0; i < 60; i += 1) {
  const request: Record<string, unknown> = { ...DEFAULT_SETTINGS, innovationLevel: 1 + Math.floor(random() * 10) };
  for (const field of OPTION_FIELDS) request[field] = pick(Object.keys(OPTION_LABELS[field]));
  variedRequests.push(request as GenerateRequest);
  varied.push(await generate(request as GenerateRequest));
}

// Fit by control (issue 27, item 3): does the idea take up each control it was given? The word
// lists are the bench's own, not the engine's; a control set to 'all' is not judged.
const CONTROL_WORDS: Record<'aiFocus' | 'revenueModel' | 'bsvFeature' | 'targetMarket', Record<string, RegExp>> = {
  aiFocus: {
    'machine-learning': /model|learn|train|predict|classif|score/i,
    nlp: /language|text|document|summar|translat|speech|question/i,
    'computer-vision': /vision|image|camera|photo|video|visual|detect/i,
    'predictive-analytics': /predict|forecast|risk|trend|anomal/i,
    'recommendation-engines': /recommend|rank|suggest|personal/i,
    'autonomous-agents': /agent|autonom|negotiat|on (?:their|its) behalf/i,
    'generative-ai': /generat|draft|creat|synthes/i,
    'reinforcement-learning': /reinforcement|reward|polic|learn/i,
  },
  revenueModel: {
    micropayments: /micropayment|satoshis per|per .* in satoshis/i,
    subscription: /plan|monthly|subscription|annual/i,
    'transaction-fees': /fee on each|per transaction|fee/i,
    'data-monetization': /data|quer|feed/i,
    'marketplace-commission': /commission|marketplace|listing/i,
    freemium: /free|upgrade|allowance/i,
    'usage-based': /usage|metered|per use|committed-use/i,
  },
  bsvFeature: {
    microtransactions: /payment|pay|satoshi/i,
    'data-storage': /data|stor|record|OP_RETURN/i,
    'smart-contracts': /script|contract|escrow|condition/i,
    timestamping: /timestamp|anchor|time/i,
    identity: /identity|certificate|key|sign/i,
    scalability: /scale|throughput|per second|volume|batch/i,
    regulatory: /regulat|complian|audit|supervisor|report/i,
    tokenisation: /token/i,
  },
  targetMarket: {
    b2b: /business|firm|compan|operator|team|provider|vendor|institution|organi/i,
    b2c: /people|consumer|household|member|patient|user|reader|buyer|customer|driver|student|traveller|owner/i,
    b2g: /government|public|council|authorit|agenc|department|ministr|municipal|regulator|court|office/i,
    p2p: /person to person|peer|each other|one another|people|household|member|user/i,
    b2b2c: /partner|brand|white-label|their (?:customers|households|patients|members|users)/i,
    marketplace: /marketplace|listing|buyers|sellers|commission/i,
  },
};
const controlFit: Record<string, [number, number]> = {};
variedRequests.forEach((request, i) => {
  const idea = varied[i];
  if (!idea) return;
  const text = {
    aiFocus: `${idea.technologySynergies.ai} ${idea.marketDifferentiation.technicalArchitecture.aiEngine}`,
    revenueModel: idea.businessModel.revenueStreams.join(' '),
    bsvFeature: `${idea.technologySynergies.bsv} ${idea.marketDifferentiation.technicalArchitecture.blockchain}`,
    targetMarket: `${idea.marketAnalysis} ${idea.executiveSummary}`,
  };
  for (const control of ['aiFocus', 'revenueModel', 'bsvFeature', 'targetMarket'] as const) {
    const value = request[control];
    const words = CONTROL_WORDS[control][value];
    if (value === 'all' || !words) continue;
    const [ok = 0, n = 0] = controlFit[control] ?? [];
    controlFit[control] = [ok + (words.test(text[control]) ? 1 : 0), n + 1];
  }
});
const tells = ideaTells(varied);
const fees = tells.feesPerTransaction;
console.log(`- tells in 60 ideas with varied settings (issue 27):`);
for (const [label, list] of [
  ['sentence frames', tells.topFrames],
  ['nine-word phrases', tells.topPhrases],
] as const) {
  console.log(`  top ${label} (numbers masked): ${list.map((f) => `${f.ideas}/60 "${f.text.slice(0, 90)}"`).join('; ')}`);
}
console.log(
  `  slips: ${tells.slips.length}${tells.slips.length ? ` (${[...new Set(tells.slips)].slice(0, 5).join('; ')})` : ''}; doubled words: ${tells.doubled.length}${tells.doubled.length ? ` (${[...new Set(tells.doubled)].slice(0, 5).join('; ')})` : ''}`,
);
console.log(
  `  miner fee per transaction: ${fees.length ? `${Math.min(...fees)}-${Math.max(...fees)} satoshis` : 'none stated'}; below 20: ${fees.filter((f) => f < 20).length}; fee lines without a per-transaction fee: ${tells.feesUnstated.length}`,
);
const fiveByFive: number[] = [];
for (const request of [
  ...VARIETY_SETTINGS,
  { ...DEFAULT_SETTINGS, businessCategory: 'energy', targetMarket: 'b2g', innovationLevel: 2 },
  { ...DEFAULT_SETTINGS, businessCategory: 'fintech', targetMarket: 'p2p', innovationLevel: 7 },
] as GenerateRequest[]) {
  const names = new Set<string>();
  const base = `bench${fiveByFive.length}`;
  for (let i = 1; i <= 5; i += 1) names.add(conceptKey((await generate({ ...request, seed: `${base}--${i}` })).businessName));
  fiveByFive.push(names.size);
}
console.log(
  `  fit by control (ideas whose section takes up the control set): ${Object.entries(controlFit)
    .map(([control, [ok, n]]) => `${control} ${ok}/${n}`)
    .join(', ')}`,
);
console.log(`  5 fixed settings clicked 5 times (one visit, as the generator page sends them): ${fiveByFive.join(', ')} distinct concepts`);
