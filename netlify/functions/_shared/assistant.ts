import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AnswerEngine } from '../../../src/domain/assistant/engine.ts';
import { OfflineAnswerEngine } from '../../../src/domain/assistant/offline.ts';
import { BookIndex, buildIndexFile } from '../../../src/domain/assistant/search.ts';
import { loadBook } from '../../../src/domain/book/load.ts';
import { GenerationError } from '../../../src/domain/ideas/engine.ts';
import { DEFAULT_ANTHROPIC_MODEL, DEFAULT_OPENAI_MODEL } from '../../../src/domain/ideas/models.ts';
import { WindowRateLimiter } from '../../../src/domain/rate-limit.ts';
import { book } from '../../../src/lib/site.ts';
import { clientAddress } from './client.ts';
import { isDeployed, type ServerEnv } from '../../../src/lib/server-env.ts';
import { error } from './http.ts';

/** Questions per client: the same numbers as the `ask` function's Netlify `rateLimit` config. */
export const ASK_WINDOW_LIMIT = 30;
export const ASK_WINDOW_SECONDS = 60;

/** The local equivalent of Netlify's rate limit (one per process: `npm start`, tests). */
const askRateLimiter = new WindowRateLimiter(ASK_WINDOW_LIMIT, ASK_WINDOW_SECONDS * 1000);

/**
 * The local question limit: a 429 with Retry-After, or null to go on. GENERATE_RATE_LIMIT=off
 * lifts it (and the generation limit) for benchmarks and end-to-end runs; never on a deployed
 * site, where Netlify's rateLimit config applies as well.
 */
export async function askRateLimit(req: Request, context: { ip?: string } | undefined, env: ServerEnv): Promise<Response | null> {
  if (env.GENERATE_RATE_LIMIT === 'off' && !isDeployed(env)) return null;
  const limit = await askRateLimiter.take(clientAddress(req, context));
  if (limit.allowed) return null;
  return error(429, `Too many questions; at most ${ASK_WINDOW_LIMIT} a minute. Try again in ${limit.retryAfterSeconds} s.`, {
    'retry-after': String(limit.retryAfterSeconds),
  });
}

/** The status and message a failed question answers with; unexpected failures are logged, not shown. */
export function describeAskFailure(e: unknown): { status: number; message: string } {
  if (e instanceof GenerationError) return { status: e.status, message: e.message };
  console.error('ask: unexpected failure', e);
  return { status: 502, message: 'The question could not be answered; please try again' };
}

/** Where the build writes the assistant's index (relative to the project root, as on Netlify). */
export const ASSISTANT_INDEX_FILE = path.join('generated', 'assistant-index.json');

let index: Promise<BookIndex> | undefined;

/**
 * The book's passage index, loaded once per process from the file the build wrote. Locally a
 * missing or outdated file is rebuilt from `content/` (with a warning); a deployed function
 * must ship it, so there the error stands.
 */
export function assistantIndex(env: ServerEnv): Promise<BookIndex> {
  index ??= readFile(path.resolve(ASSISTANT_INDEX_FILE), 'utf8')
    .then((json) => BookIndex.fromJson(json))
    .catch(async (error: unknown) => {
      if (isDeployed(env)) throw error;
      console.warn('ask: no current generated/assistant-index.json (run npm run build); indexing the book in-process');
      return new BookIndex(buildIndexFile(await loadBook()));
    });
  index.catch(() => (index = undefined));
  return index;
}

/**
 * The engine that answers: Claude when its key is set, else OpenAI, else the offline engine.
 * The SDKs are imported only when a key is set (seconds on a cold start).
 */
export async function assistantEngineFromEnv(env: ServerEnv): Promise<AnswerEngine> {
  if (env.ANTHROPIC_API_KEY) {
    const [{ ModelAnswerEngine }, { AnthropicModel }] = await Promise.all([
      import('../../../src/domain/assistant/providers.ts'),
      import('../../../src/domain/llm/anthropic.ts'),
    ]);
    const llm = new AnthropicModel({ apiKey: env.ANTHROPIC_API_KEY, model: env.ANTHROPIC_MODEL ?? DEFAULT_ANTHROPIC_MODEL, baseURL: env.ANTHROPIC_BASE_URL });
    return new ModelAnswerEngine(llm, book.title);
  }
  if (env.OPENAI_API_KEY) {
    const [{ ModelAnswerEngine }, { OpenAIModel }] = await Promise.all([
      import('../../../src/domain/assistant/providers.ts'),
      import('../../../src/domain/llm/openai.ts'),
    ]);
    const llm = new OpenAIModel({ apiKey: env.OPENAI_API_KEY, model: env.OPENAI_MODEL ?? DEFAULT_OPENAI_MODEL, baseURL: env.OPENAI_BASE_URL });
    return new ModelAnswerEngine(llm, book.title);
  }
  return new OfflineAnswerEngine();
}
