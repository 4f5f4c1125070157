import { OPTION_LABELS, optionLabel, type OptionField } from '../option-labels.ts';

/**
 * One view model for every stored idea record, whatever its age or shape (docs/spec.md section 3):
 * the list card and the detail page both read ideas through `normalizeIdea`, never the raw record.
 */

/** A label/value pair shown in a definition list (key metrics, technical architecture...). */
interface LabelledValue {
  label: string;
  value: string;
}

/** A titled paragraph (a core feature). */
interface LabelledText {
  title: string;
  description: string;
}

/** One phase of the implementation roadmap. */
interface RoadmapPhase {
  phase: string;
  timeline: string;
  tasks: string[];
}

/** A chapter the idea was inspired by; `href` points into the reader. */
interface ChapterLink {
  id: string;
  title: string;
  href: string;
}

/** Everything the card and the detail page show. A section is null (or empty) when it has no data. */
export interface IdeaView {
  id: string;
  /** title, else businessName, else 'Untitled Idea'. */
  title: string;
  /** businessSummary, else executiveSummary, else summary, else ''. */
  summary: string;
  /** ISO date of creation, or null when missing. */
  createdAt: string | null;
  /** The category badge: the businessCategory label, 'Innovation' by default. */
  category: string;
  painPoints: string[];
  /** The product's main features (coreFeatures). */
  coreFeatures: LabelledText[];
  synergies: { internet: string | null; ai: string | null; bsv: string | null } | null;
  /** Market analysis as text and/or label/value facts (older records keep an object). */
  marketAnalysis: { text: string | null; facts: LabelledValue[] } | null;
  businessModel: { revenueStreams: string[]; costStructure: string[]; keyMetrics: LabelledValue[] } | null;
  /** The revenue model text; only set when there is no business model (docs/spec.md). */
  revenueModel: string | null;
  /** implementationSteps, else implementationRoadmap. */
  roadmap: RoadmapPhase[];
  advantages: { differentiators: string[]; architecture: LabelledValue[] } | null;
  details: { targetMarket: string; aiFocus: string; bsvFeature: string; innovationLevel: number };
  inspiredBy: ChapterLink[];
  /** How the idea was made, in words ("From the book's offline idea library, written by people"), or null when unknown. */
  madeBy: string | null;
}

/** The fields a record may carry; anything else is ignored. */
export interface IdeaRecordLike {
  id: string;
  businessName?: unknown;
  generatedIdea?: unknown;
  parameters?: unknown;
  /** The settings as the engine resolved them; read before `parameters` for the details. */
  resolvedSettings?: unknown;
  createdAt?: unknown;
  /** Which engine wrote it ('anthropic', 'openai', 'offline') and its model. */
  engine?: unknown;
  model?: unknown;
}

/** The model name of ideas from the offline library (src/domain/ideas/library/engine.ts). */
export const LIBRARY_MODEL = 'idea-library';

/** How an idea was made, for every place that shows it (the page, the generator, the share card). */
function madeByText(engine: unknown, model: unknown): string | null {
  const name = typeof model === 'string' && /^[\w.:-]{1,80}$/.test(model) ? model : null;
  if (engine === 'anthropic') return name ? `Written by Claude (${name})` : 'Written by Claude';
  if (engine === 'openai') return name ? `Written by OpenAI (${name})` : 'Written by OpenAI';
  if (engine === 'offline')
    return name === LIBRARY_MODEL ? "From the book's offline idea library, written by people" : 'Composed by the offline engine from the book';
  return null;
}

export const UNTITLED = 'Untitled Idea';
export const DEFAULT_CATEGORY = 'Innovation';
const DEFAULT_DETAILS = { targetMarket: 'Global', aiFocus: 'Machine Learning', bsvFeature: 'Micropayments', innovationLevel: 5 } as const;

type Obj = Record<string, unknown>;

/**
 * An object from a value that is an object or a JSON string of one; anything else (unparsable
 * JSON, arrays, null) is `{}` so defaults apply (docs/spec.md section 5).
 */
export function toObject(value: unknown): Obj {
  if (typeof value === 'string') {
    try {
      return toObject(JSON.parse(value) as unknown);
    } catch {
      return {};
    }
  }
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : {};
}

function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() ? value.trim() : null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function firstText(obj: Obj, keys: string[]): string | null {
  for (const key of keys) {
    const value = text(obj[key]);
    if (value) return value;
  }
  return null;
}

/** A list of texts from an array of strings (or objects with a text-like field), or one string. */
function textList(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() ? [value.trim()] : [];
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const direct = text(item);
    if (direct) return [direct];
    const obj = toObject(item);
    const nested = firstText(obj, ['title', 'name', 'text', 'description']);
    return nested ? [nested] : [];
  });
}

/** Label/value pairs from a map; labels are camel-case keys split into words. */
function pairs(value: unknown): LabelledValue[] {
  return Object.entries(toObject(value)).flatMap(([key, raw]) => {
    const v = text(raw) ?? (Array.isArray(raw) ? textList(raw).join(', ') || null : null);
    return v ? [{ label: splitCamelCase(key), value: v }] : [];
  });
}

const ACRONYMS = new Set(['ai', 'api', 'bsv', 'nft', 'spv', 'tps', 'ui', 'ux', 'url', 'id', 'roi', 'kpi', 'b2b', 'b2c', 'p2p', 'ml', 'nlp', 'llm']);

/**
 * Splits a camel-case key into capitalised words: `targetTPS` -> 'Target TPS', `minPayment` ->
 * 'Min Payment', `aiEngine` -> 'AI Engine'. Known acronyms are written in capitals; snake and kebab
 * case are split too.
 */
export function splitCamelCase(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return words.map((w) => (ACRONYMS.has(w.toLowerCase()) ? w.toUpperCase() : w.charAt(0).toUpperCase() + w.slice(1))).join(' ');
}

function features(value: unknown): LabelledText[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const direct = text(item);
    if (direct) return [{ title: direct, description: '' }];
    const obj = toObject(item);
    const title = firstText(obj, ['title', 'name']);
    const description = firstText(obj, ['description', 'text']) ?? '';
    return title ? [{ title, description }] : description ? [{ title: description, description: '' }] : [];
  });
}

function roadmap(value: unknown): RoadmapPhase[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item, i) => {
    const direct = text(item);
    if (direct) return [{ phase: direct, timeline: '', tasks: [] }];
    const obj = toObject(item);
    const named = firstText(obj, ['phase', 'title', 'name']);
    const timeline = firstText(obj, ['timeline', 'duration']) ?? '';
    const tasks = textList(obj['tasks'] ?? obj['steps']);
    if (!named && !timeline && tasks.length === 0) return [];
    return [{ phase: named ?? `Phase ${i + 1}`, timeline, tasks }];
  });
}

/** The readable label of a stored option value, or `fallback` when missing. */
function optionText(field: OptionField, value: unknown, fallback: string): string {
  const raw = text(value);
  if (!raw) return fallback;
  // hasOwn, not `in`: a stored '__proto__' or 'constructor' must not read the prototype.
  return Object.hasOwn(OPTION_LABELS[field], raw) ? optionLabel(field, raw) : raw;
}

/** 1..10 from a number or numeric string, else the default 5. */
function innovationLevel(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  if (!Number.isFinite(n)) return DEFAULT_DETAILS.innovationLevel;
  return Math.min(10, Math.max(1, Math.round(n)));
}

const CHAPTER_ID = /^chapter-\d{2}$/;

function chapterLinks(value: unknown): ChapterLink[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  return value.flatMap((item) => {
    const obj = toObject(item);
    const id = text(obj['id']);
    // Only real chapter ids become links: the href is built from stored data.
    if (!id || !CHAPTER_ID.test(id) || seen.has(id)) return [];
    seen.add(id);
    const section = text(obj['section']);
    // Only an anchor-shaped section joins the link (stored data never writes the URL freely).
    const anchor = section && /^[a-z0-9-]{1,120}$/.test(section) ? `#${section}` : '';
    return [{ id, title: text(obj['title']) ?? id, href: `/book/${id}${anchor}` }];
  });
}

/**
 * Maps any stored idea record to the view model (docs/architecture.md: one normaliser for list and detail).
 * Accepts `generatedIdea` and `parameters` as objects or JSON strings; unparsable JSON reads as `{}`
 * and every field falls back to the spec's default.
 */
export function normalizeIdea(record: IdeaRecordLike): IdeaView {
  const idea = toObject(record.generatedIdea);
  // What the idea was written for: the engine's resolved choices over the request ('all' there).
  const params = { ...toObject(record.parameters), ...toObject(record.resolvedSettings) };

  const title = firstText(idea, ['title', 'businessName']) ?? text(record.businessName) ?? UNTITLED;
  const summary = firstText(idea, ['businessSummary', 'executiveSummary', 'summary']) ?? '';

  const syn = toObject(idea['technologySynergies']);
  const synergies = { internet: text(syn['internet']), ai: text(syn['ai']), bsv: text(syn['bsv']) };

  const marketText = text(idea['marketAnalysis']);
  const marketFacts = marketText ? [] : pairs(idea['marketAnalysis']);

  const bm = toObject(idea['businessModel']);
  const businessModel = {
    revenueStreams: textList(bm['revenueStreams']),
    costStructure: textList(bm['costStructure']),
    keyMetrics: pairs(bm['quickStats']),
  };
  const hasBusinessModel = businessModel.revenueStreams.length + businessModel.costStructure.length + businessModel.keyMetrics.length > 0;

  const md = toObject(idea['marketDifferentiation']);
  const advantages = { differentiators: textList(md['competitiveAdvantages']), architecture: pairs(md['technicalArchitecture']) };

  const steps = roadmap(idea['implementationSteps']);
  const category = text(params['businessCategory']);

  return {
    id: record.id,
    title,
    summary,
    createdAt: text(record.createdAt),
    // 'all' means no category was chosen: the badge then reads like a missing one.
    category: !category || category === 'all' ? DEFAULT_CATEGORY : optionText('businessCategory', category, DEFAULT_CATEGORY),
    painPoints: textList(idea['painPointsSolved']),
    coreFeatures: features(idea['coreFeatures']),
    synergies: synergies.internet || synergies.ai || synergies.bsv ? synergies : null,
    marketAnalysis: marketText || marketFacts.length ? { text: marketText, facts: marketFacts } : null,
    businessModel: hasBusinessModel ? businessModel : null,
    revenueModel: hasBusinessModel ? null : text(idea['revenueModel']),
    roadmap: steps.length ? steps : roadmap(idea['implementationRoadmap']),
    advantages: advantages.differentiators.length || advantages.architecture.length ? advantages : null,
    details: {
      targetMarket: optionText('targetMarket', params['targetMarket'], DEFAULT_DETAILS.targetMarket),
      aiFocus: optionText('aiFocus', params['aiFocus'], DEFAULT_DETAILS.aiFocus),
      bsvFeature: optionText('bsvFeature', params['bsvFeature'], DEFAULT_DETAILS.bsvFeature),
      innovationLevel: innovationLevel(params['innovationLevel']),
    },
    inspiredBy: chapterLinks(idea['inspiredBy']),
    madeBy: madeByText(record.engine, record.model),
  };
}

/**
 * A long text as paragraphs for reading: its own blank-line breaks when it has them, otherwise
 * groups of three sentences (an eight-sentence summary is no longer one block).
 */
export function toParagraphs(value: string, sentencesPerParagraph = 3): string[] {
  const blocks = value
    .split(/\n\s*\n/)
    .map((b) => b.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  if (blocks.length !== 1) return blocks;
  // A sentence ends at . ! or ? followed by a space and a capital (so "$0.001" or "e.g. a" stay whole).
  const sentences = (blocks[0] ?? '').split(/(?<=[.!?]["')\]]?)\s+(?=["'(]?[A-Z])/);
  if (sentences.length <= sentencesPerParagraph) return blocks;
  const out: string[] = [];
  for (let i = 0; i < sentences.length; i += sentencesPerParagraph) out.push(sentences.slice(i, i + sentencesPerParagraph).join(' '));
  return out;
}

/** Card date: en-US short form ('Nov 21, 2026'), or 'Unknown date'. */
export function formatShortDate(iso: string | null, timeZone?: string): string {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return 'Unknown date';
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', ...(timeZone ? { timeZone } : {}) });
}

/** Detail page date: en-US long form ('November 21, 2026'), or 'Unknown date'. */
export function formatLongDate(iso: string | null, timeZone?: string): string {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return 'Unknown date';
  return date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', ...(timeZone ? { timeZone } : {}) });
}
