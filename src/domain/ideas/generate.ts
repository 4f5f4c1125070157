import { GenerationError, SECTION_LABELS, type IdeaEngine, type IdeaSection } from './engine.ts';
import { inspiredByOf, matchChapters, type GroundingChapter, type Random } from './grounding.ts';
import type { Engine, GenerateRequest, GenerateResponse, IdeaRecord } from './schema.ts';
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
  /** A fallback is only tried when at least this much time is left. */
  minFallbackMs?: number;
  /** Aborts the generation (the client went away). */
  signal?: AbortSignal;
  onProgress?: (event: ProgressEvent) => void;
}

export const DEFAULT_DEADLINE_MS = 45_000;
const PROVIDER_NAMES: Record<Engine, string> = { anthropic: 'Claude', openai: 'OpenAI', offline: 'The offline engine' };

/** A random, URL-safe idea id (16 characters, 96 bits). */
export function newIdeaId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

/**
 * Generates one idea: matches the book's chapters to the controls, asks the chosen engine (falling
 * back to the other provider when it fails and one is configured), validates the answer and stores
 * it. A failed generation stores nothing and throws a GenerationError.
 */
export async function generateIdea(request: GenerateRequest, userId: string | null, deps: GenerateDeps): Promise<GenerateResponse> {
  const { store, engines, onProgress } = deps;
  const random = deps.random ?? Math.random;
  const matched = matchChapters(deps.chapters, request, random).map((m) => m.chapter);
  const inspiredBy = inspiredByOf(matched);
  onProgress?.({ stage: 'context', message: `Reading ${inspiredBy.map((c) => c.title).join(', ')}`, chapters: matched.map((c) => c.id) });

  const preferred: Engine = request.useAnthropic ? 'anthropic' : 'openai';
  const other: Engine = request.useAnthropic ? 'openai' : 'anthropic';
  const chosen = engines[preferred];
  const primary = chosen ?? engines.offline;
  const fallback = chosen ? engines[other] : undefined;

  const deadlineMs = deps.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const started = Date.now();
  const signals = [AbortSignal.timeout(deadlineMs), ...(deps.signal ? [deps.signal] : [])];
  const signal = AbortSignal.any(signals);
  const input = { request, chapters: matched };
  const run = (engine: IdeaEngine) =>
    engine.generate(input, { signal, onSection: (section) => onProgress?.({ stage: 'section', message: SECTION_LABELS[section], section }) });

  onProgress?.({ stage: 'engine', message: `${capitalise(engine(primary))} is writing your idea`, engine: primary.name, model: primary.model });
  let used = primary;
  let idea;
  let notice: string | undefined = chosen
    ? undefined
    : `No ${PROVIDER_NAMES[preferred]} API key is configured, so the offline engine composed this idea from the book's chapters.`;
  let fallbackFrom: Engine | undefined;
  try {
    idea = await run(primary);
  } catch (error) {
    const failure = error instanceof GenerationError ? error : new GenerationError('upstream', `${PROVIDER_NAMES[primary.name]} failed`, { cause: error });
    const left = deadlineMs - (Date.now() - started);
    if (!fallback || deps.signal?.aborted || left < (deps.minFallbackMs ?? 5_000)) throw failure;
    onProgress?.({ stage: 'fallback', message: `${failure.message}; ${engine(fallback)} is taking over`, engine: fallback.name, model: fallback.model });
    try {
      idea = await run(fallback);
    } catch (second) {
      const secondFailure =
        second instanceof GenerationError ? second : new GenerationError('upstream', `${PROVIDER_NAMES[fallback.name]} failed`, { cause: second });
      throw new GenerationError(secondFailure.kind, `${failure.message}, and the fallback failed too: ${secondFailure.message}`, { cause: second });
    }
    used = fallback;
    fallbackFrom = primary.name;
    notice = `${failure.message}, so ${engine(fallback)} wrote this idea instead.`;
  }

  const id = (deps.newId ?? newIdeaId)();
  const createdAt = (deps.now?.() ?? new Date()).toISOString();
  const { useAnthropic: _engineSwitch, listed, ...parameters } = request;
  const record: IdeaRecord = {
    id,
    businessName: idea.businessName,
    generatedIdea: { ...idea, inspiredBy },
    parameters,
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
  return { ...idea, id, engine: used.name, model: used.model, inspiredBy, ...(fallbackFrom ? { fallbackFrom } : {}), ...(notice ? { notice } : {}) };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function engine(e: IdeaEngine): string {
  return e.name === 'offline' ? 'the offline engine' : `${PROVIDER_NAMES[e.name]} (${e.model})`;
}
