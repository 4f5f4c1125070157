import { GenerationError, SECTION_LABELS, type EngineAnswer, type IdeaEngine, type IdeaSection } from './engine.ts';
import { inspiredByOf, matchChapters, type GroundingChapter, type Random } from './grounding.ts';
import type { Engine, GenerateRequest, GenerateResponse, IdeaRecord } from './schema.ts';
import { seededRandom } from './seeded-random.ts';
import type { IdeaStore } from './store.ts';

/** A progress event while an idea is generated (streamed to the page as server-sent events). */
export type ProgressEvent =
  | { stage: 'context'; message: string; chapters: string[] }
  | { stage: 'engine'; message: string; engine: Engine; model: string }
  | { stage: 'section'; message: string; section: IdeaSection }
  | { stage: 'fallback'; message: string; engine: Engine; model: string }
  | { stage: 'storing'; message: string };

export interface GenerateDeps {
  store: IdeaStore;
  /** Every chapter of the book, as grounding material. */
  chapters: GroundingChapter[];
  /** The configured engines; a provider without an API key is absent. */
  engines: { anthropic?: IdeaEngine | undefined; openai?: IdeaEngine | undefined; offline: IdeaEngine };
  now?: () => Date;
  newId?: () => string;
  random?: Random;
  /** Overall deadline for the whole generation, well under Netlify's 60 s function limit. */
  deadlineMs?: number;
  /** The other provider is only tried when at least this much of the deadline is left (else the offline engine answers). */
  minFallbackMs?: number;
  /** Makes a seed for the offline engine when the request carries none. */
  newSeed?: () => string;
  /** Aborts the generation (the client went away). */
  signal?: AbortSignal;
  onProgress?: (event: ProgressEvent) => void;
}

const DEFAULT_DEADLINE_MS = 45_000;
/** Enough for a provider to stream a short idea; less than that left goes straight to the offline engine. */
const DEFAULT_MIN_FALLBACK_MS = 15_000;
const PROVIDER_NAMES: Record<Engine, string> = { anthropic: 'Claude', openai: 'OpenAI', offline: 'The offline engine' };

/** A random, URL-safe idea id (16 characters, 96 bits). */
export function newIdeaId(): string {
  return randomToken(12);
}

/** A random offline-engine seed (8 URL-safe characters, 48 bits: short enough for a link). */
function newIdeaSeed(): string {
  return randomToken(6);
}

function randomToken(bytes: number): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(bytes))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

/**
 * Generates one idea: matches the book's chapters to the controls, asks the chosen provider, then
 * on any failure the other configured provider (when enough of the deadline is left), then the
 * offline engine, with a notice naming each failure; validates the answer and stores it. Throws a
 * GenerationError only when the caller went away or storing failed (and then stores nothing).
 */
export async function generateIdea(request: GenerateRequest, userId: string | null, deps: GenerateDeps): Promise<GenerateResponse> {
  const { store, engines, onProgress } = deps;
  // One seed per generation: it picks the chapters and, when the offline engine writes, the idea,
  // so sending it back reproduces that idea exactly.
  const seed = request.seed ?? (deps.newSeed ?? newIdeaSeed)();
  const random = deps.random ?? seededRandom(seed, 'chapters');
  const matched = matchChapters(deps.chapters, request, random).map((m) => m.chapter);
  onProgress?.({
    stage: 'context',
    message: `Reading ${inspiredByOf(matched)
      .map((c) => c.title)
      .join(', ')}`,
    chapters: matched.map((c) => c.id),
  });

  const preferred: Engine = request.useAnthropic ? 'anthropic' : 'openai';
  const other: Engine = request.useAnthropic ? 'openai' : 'anthropic';
  // The chain: the chosen provider, the other configured one, then the offline engine, which
  // always answers (in milliseconds, so it still fits after a provider used the whole deadline).
  // A chosen provider without a key goes straight to the offline engine (the switch shows it as not configured).
  const chain = engines[preferred] ? [engines[preferred], engines[other]].filter((e): e is IdeaEngine => e !== undefined) : [];

  const deadlineMs = deps.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const minFallbackMs = deps.minFallbackMs ?? DEFAULT_MIN_FALLBACK_MS;
  const started = Date.now();
  const deadline = AbortSignal.any([AbortSignal.timeout(deadlineMs), ...(deps.signal ? [deps.signal] : [])]);
  // A model is shown the idea people wrote for the closest settings, as the standard to meet.
  const example = chain.length > 0 ? await engines.offline.exampleFor?.(request).catch(() => undefined) : undefined;
  const input = { request, chapters: matched, book: deps.chapters, ...(example ? { example } : {}) };
  const onSection = (section: IdeaSection) => onProgress?.({ stage: 'section', message: SECTION_LABELS[section], section });

  const failures: string[] = [];
  let used: IdeaEngine | undefined;
  let answer: EngineAnswer | undefined;
  for (const [i, provider] of chain.entries()) {
    if (i > 0 && deadlineMs - (Date.now() - started) < minFallbackMs) break;
    if (i === 0)
      onProgress?.({ stage: 'engine', message: `${capitalise(provider.description)} is writing your idea`, engine: provider.name, model: provider.model });
    else
      onProgress?.({
        stage: 'fallback',
        message: `${failures.at(-1) ?? ''}; ${provider.description} is taking over`,
        engine: provider.name,
        model: provider.model,
      });
    try {
      answer = await provider.generate(input, { signal: deadline, onSection });
      used = provider;
      break;
    } catch (error) {
      if (deps.signal?.aborted) throw new GenerationError('timeout', 'The request was cancelled', { cause: error });
      failures.push(error instanceof GenerationError ? error.message : `${PROVIDER_NAMES[provider.name]} failed`);
      if (!(error instanceof GenerationError)) console.error(`generate: ${provider.name} failed unexpectedly`, error);
    }
  }
  let notice: string | undefined;
  if (!used || !answer) {
    used = engines.offline;
    if (chain.length === 0) onProgress?.({ stage: 'engine', message: 'The offline engine is writing your idea', engine: used.name, model: used.model });
    else onProgress?.({ stage: 'fallback', message: `${failures.at(-1) ?? ''}; the offline engine is taking over`, engine: used.name, model: used.model });
    answer = await used.generate({ ...input, seed }, { signal: deps.signal ?? new AbortController().signal, onSection });
    const reasons = chain.length === 0 ? [`No ${PROVIDER_NAMES[preferred]} API key is configured`] : failures;
    notice = [`${reasons.join(', and ')}, so this idea comes from the offline library: ideas written whole by people from the book.`, answer.notice]
      .filter(Boolean)
      .join(' ');
  } else if (used.name !== preferred) {
    notice = `${failures.join(', and ')}, so ${used.description} wrote this idea instead.`;
  }
  const { idea } = answer;
  // The offline engine picks its concept's own chapters; providers write from the matched ones.
  const drewOn = answer.chapterIds?.map((id) => deps.chapters.find((c) => c.id === id)).filter((c): c is GroundingChapter => c !== undefined);
  const inspiredBy = inspiredByOf(drewOn?.length ? drewOn : matched).map((link) => {
    const section = answer.sections?.find((s) => s.chapter === link.id)?.section;
    return section ? { ...link, section } : link;
  });
  const fallbackFrom = failures.length > 0 && engines[preferred] ? preferred : undefined;

  const id = (deps.newId ?? newIdeaId)();
  const createdAt = (deps.now?.() ?? new Date()).toISOString();
  const { useAnthropic: _engineSwitch, seed: _requestedSeed, listed, ...settings } = request;
  // The seed is kept with an offline idea, so its page can offer the same idea again.
  const parameters = used.seeded ? { ...settings, seed } : settings;
  const resolvedSettings: Record<string, unknown> = { ...settings, ...answer.resolved };
  const record: IdeaRecord = {
    id,
    businessName: idea.businessName,
    generatedIdea: { ...idea, inspiredBy },
    parameters,
    resolvedSettings,
    createdAt,
    ...(userId ? { userId } : {}),
    engine: used.name,
    model: used.model,
    ...(listed === false ? { listed: false } : {}),
  };
  onProgress?.({ stage: 'storing', message: 'Saving your idea' });
  try {
    await store.save(record);
  } catch (cause) {
    throw new GenerationError('storage', 'The idea was written but could not be stored; please try again', { cause });
  }
  return {
    ...idea,
    id,
    engine: used.name,
    model: used.model,
    inspiredBy,
    resolvedSettings,
    ...(fallbackFrom ? { fallbackFrom } : {}),
    ...(notice ? { notice } : {}),
    ...(used.seeded ? { seed } : {}),
  };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
