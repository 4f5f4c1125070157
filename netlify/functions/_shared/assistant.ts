import { loadBookIndex } from '../../../src/domain/assistant/index-file.ts';
import type { AnswerEngine } from '../../../src/domain/assistant/engine.ts';
import { OfflineAnswerEngine } from '../../../src/domain/assistant/offline.ts';
import type { BookIndex } from '../../../src/domain/assistant/search.ts';
import { loadBook } from '../../../src/domain/book/load.ts';
import { DEFAULT_ANTHROPIC_MODEL, DEFAULT_OPENAI_MODEL } from '../../../src/domain/ideas/models.ts';
import { WindowRateLimiter } from '../../../src/domain/rate-limit.ts';
import { book } from '../../../src/lib/site.ts';
import { isDeployed, type ServerEnv } from './env.ts';

/** Questions per client: the same numbers as the `ask` function's Netlify `rateLimit` config. */
export const ASK_WINDOW_LIMIT = 30;
export const ASK_WINDOW_SECONDS = 60;

/** The local equivalent of Netlify's rate limit (one per process: `npm start`, tests). */
export const askRateLimiter = new WindowRateLimiter(ASK_WINDOW_LIMIT, ASK_WINDOW_SECONDS * 1000);

let index: Promise<BookIndex> | undefined;

/**
 * The book's passage index, loaded once per process from the file the build wrote. Locally a
 * missing or outdated file is rebuilt from `content/` (with a warning); a deployed function
 * must ship it, so there the error stands.
 */
export function assistantIndex(env: ServerEnv): Promise<BookIndex> {
  const fallback = isDeployed(env)
    ? undefined
    : () => {
        console.warn('ask: no current generated/assistant-index.json (run npm run build); indexing the book in-process');
        return loadBook();
      };
  index ??= loadBookIndex(undefined, fallback);
  index.catch(() => (index = undefined));
  return index;
}

/**
 * The engine that answers: Claude when its key is set, else OpenAI, else the offline engine.
 * The SDKs are imported only when a key is set (seconds on a cold start).
 */
export async function assistantEngineFromEnv(env: ServerEnv): Promise<AnswerEngine> {
  if (env.ANTHROPIC_API_KEY) {
    const { AnthropicAnswerEngine } = await import('../../../src/domain/assistant/providers.ts');
    return new AnthropicAnswerEngine({
      apiKey: env.ANTHROPIC_API_KEY,
      model: env.ANTHROPIC_MODEL ?? DEFAULT_ANTHROPIC_MODEL,
      baseURL: env.ANTHROPIC_BASE_URL,
      bookTitle: book.title,
    });
  }
  if (env.OPENAI_API_KEY) {
    const { OpenAIAnswerEngine } = await import('../../../src/domain/assistant/providers.ts');
    return new OpenAIAnswerEngine({ apiKey: env.OPENAI_API_KEY, model: env.OPENAI_MODEL ?? DEFAULT_OPENAI_MODEL, baseURL: env.OPENAI_BASE_URL, bookTitle: book.title });
  }
  return new OfflineAnswerEngine();
}
