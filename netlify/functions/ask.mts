import type { Config } from '@netlify/functions';
import { askBook } from '../../src/domain/assistant/ask.ts';
import { askRequestSchema } from '../../src/domain/assistant/schema.ts';
import { askRateLimit, assistantEngineFromEnv, assistantIndex, describeAskFailure } from './_shared/assistant.ts';
import { handler } from './_shared/handler.ts';
import { answerOrStream } from './_shared/sse.ts';

/** A question, up to ten earlier turns of at most 6,000 characters each, and JSON's overhead. */
const BODY_LIMIT = 80 * 1024;

/**
 * POST /api/ask: answers a question about the book from its passages, with citations. With
 * `Accept: text/event-stream` it streams `text` events as the answer is written, then the answer
 * (event `answer`) or the failure (event `error`).
 */
export default handler(
  { methods: ['POST'], body: askRequestSchema, bodyLimit: BODY_LIMIT, unavailable: 'The assistant is not available right now; please try again later' },
  async ({ req, context, env, body }) => {
    const limited = await askRateLimit(req, context, env);
    if (limited) return limited;
    const deps = {
      search: await assistantIndex(env),
      engine: await assistantEngineFromEnv(env),
      signal: req.signal,
      onDroppedCitations: (n: number) => console.warn(`ask: removed ${n} citation(s) of passages the engine was not given`),
    };
    const events = { progressEvent: 'text', resultEvent: 'answer', describe: describeAskFailure };
    return answerOrStream(req, events, (progress?: (p: { text: string }) => void) =>
      askBook(body, { ...deps, ...(progress && { onText: (text: string) => progress({ text }) }) }),
    );
  },
);

// No `method` filter: other methods reach the handler and get a JSON 405. Netlify reads this
// config statically, so the rate limit is written as literals (a test checks they match
// ASK_WINDOW_LIMIT / ASK_WINDOW_SECONDS).
export const config: Config = {
  path: '/api/ask',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
