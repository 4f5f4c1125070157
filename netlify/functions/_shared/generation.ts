import path from 'node:path';
import { ModelIdeaEngine } from '../../../src/domain/ideas/model-engine.ts';
import { loadBook } from '../../../src/domain/book/load.ts';
import { GenerationError } from '../../../src/domain/ideas/engine.ts';
import { toGroundingChapter, type GroundingChapter } from '../../../src/domain/ideas/grounding.ts';
import type { GenerateDeps } from '../../../src/domain/ideas/generate.ts';
import { DEFAULT_ANTHROPIC_MODEL, DEFAULT_OPENAI_MODEL } from '../../../src/domain/ideas/models.ts';
import { LibraryEngine } from '../../../src/domain/ideas/library/engine.ts';
import { loadLibrary } from '../../../src/domain/ideas/library/load.ts';
import type { LibraryIdea } from '../../../src/domain/ideas/library/schema.ts';
import { WindowRateLimiter } from '../../../src/domain/rate-limit.ts';
import { clientAddress } from './client.ts';
import { isDeployed, type ServerEnv } from '../../../src/lib/server-env.ts';
import { error } from './http.ts';

/** Generation budget per client: the same numbers as the function's Netlify `rateLimit` config. */
export const GENERATE_WINDOW_LIMIT = 20;
export const GENERATE_WINDOW_SECONDS = 60;

/** The local equivalent of Netlify's rate limit (one per process: `npm start`, tests). */
const generateRateLimiter = new WindowRateLimiter(GENERATE_WINDOW_LIMIT, GENERATE_WINDOW_SECONDS * 1000);

/**
 * The generation limit where the site is not deployed (`npm start`, tests): a 429 with
 * Retry-After, or null to go on. A deployed site is limited by the function's Netlify
 * `config.rateLimit` instead: an in-memory counter there would only count one instance's share.
 * GENERATE_RATE_LIMIT=off lifts the local limit for benchmarks and end-to-end runs.
 */
export async function localRateLimit(req: Request, context: { ip?: string } | undefined, env: ServerEnv): Promise<Response | null> {
  if (isDeployed(env) || env.GENERATE_RATE_LIMIT === 'off') return null;
  const limit = await generateRateLimiter.take(clientAddress(req, context));
  if (limit.allowed) return null;
  return error(429, `Too many ideas requested; at most ${GENERATE_WINDOW_LIMIT} a minute. Try again in ${limit.retryAfterSeconds} s.`, {
    'retry-after': String(limit.retryAfterSeconds),
  });
}

let chapters: Promise<GroundingChapter[]> | undefined;
/** The book's chapters as grounding material, loaded once per process. */
export function groundingChapters(): Promise<GroundingChapter[]> {
  chapters ??= loadBook().then((book) => book.chapters.map((c) => toGroundingChapter(c)));
  chapters.catch(() => (chapters = undefined));
  return chapters;
}

let library: Promise<LibraryIdea[]> | undefined;
/**
 * The offline library (content/ideas, shipped with the function), loaded once per process. A file
 * that does not parse is left out and logged (the content tests keep that from being deployed).
 */
function offlineLibrary(): Promise<LibraryIdea[]> {
  library ??= loadLibrary(path.resolve('content')).then(({ ideas, errors }) => {
    for (const e of errors) console.error(`offline library: ${e.key} left out: ${e.problems.join('; ')}`);
    if (ideas.length === 0) throw new Error('the offline idea library (content/ideas) is empty');
    return ideas;
  });
  library.catch(() => (library = undefined));
  return library;
}

/**
 * The engines the environment configures: a provider without an API key is left out. The SDKs
 * are imported only when their key is set: loading them costs seconds on a cold function, and the
 * offline engine needs neither.
 */
export async function enginesFromEnv(env: ServerEnv): Promise<GenerateDeps['engines']> {
  const anthropic = env.ANTHROPIC_API_KEY
    ? new ModelIdeaEngine(
        new (await import('../../../src/domain/llm/anthropic.ts')).AnthropicModel({
          apiKey: env.ANTHROPIC_API_KEY,
          model: env.ANTHROPIC_MODEL ?? DEFAULT_ANTHROPIC_MODEL,
          baseURL: env.ANTHROPIC_BASE_URL,
        }),
      )
    : undefined;
  const openai = env.OPENAI_API_KEY
    ? new ModelIdeaEngine(
        new (await import('../../../src/domain/llm/openai.ts')).OpenAIModel({
          apiKey: env.OPENAI_API_KEY,
          model: env.OPENAI_MODEL ?? DEFAULT_OPENAI_MODEL,
          baseURL: env.OPENAI_BASE_URL,
        }),
      )
    : undefined;
  return { anthropic, openai, offline: new LibraryEngine(offlineLibrary) };
}

/** The status and message a failed generation answers with; unexpected failures are logged, not shown. */
export function describeFailure(e: unknown): { status: number; message: string } {
  if (e instanceof GenerationError) {
    if (e.kind === 'storage') console.error('generate-idea: storing failed', e.cause);
    return { status: e.status, message: e.message };
  }
  console.error('generate-idea: unexpected failure', e);
  return { status: 502, message: 'The idea could not be generated; please try again' };
}
