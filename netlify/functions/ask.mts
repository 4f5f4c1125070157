import type { Config, Context } from '@netlify/functions';
import { askBook, type AskDeps } from '../../src/domain/assistant/ask.ts';
import { askRequestSchema } from '../../src/domain/assistant/schema.ts';
import { GenerationError } from '../../src/domain/ideas/engine.ts';
import { askRateLimiter, ASK_WINDOW_LIMIT, assistantEngineFromEnv, assistantIndex } from './_shared/assistant.ts';
import { isDeployed, serverEnv } from './_shared/env.ts';
import { clientAddress } from './_shared/client.ts';
import { readJsonBody, rejectCrossSite, requireJson } from './_shared/guard.ts';
import { error, json, methodNotAllowed } from './_shared/http.ts';
import { eventStream, wantsEventStream } from './_shared/sse.ts';

/** A question, up to ten earlier turns of at most 6,000 characters each, and JSON's overhead. */
const BODY_LIMIT = 80 * 1024;

/**
 * POST /api/ask: answers a question about the book from its passages, with citations. With
 * `Accept: text/event-stream` it streams `text` events as the answer is written, then the answer
 * (event `answer`) or the failure (event `error`).
 */
export default async (req: Request, context?: Context): Promise<Response> => {
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  const refused = rejectCrossSite(req) ?? requireJson(req);
  if (refused) return refused;
  const body = await readJsonBody(req, BODY_LIMIT);
  if (!body.ok) return body.response;
  if (typeof body.value !== 'object' || body.value === null || Array.isArray(body.value)) return error(400, 'Invalid request: send a JSON object with a question');
  const parsed = askRequestSchema.safeParse(body.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    return error(400, `Invalid request: ${where}${issue?.message ?? 'unexpected body'}`);
  }
  const env = serverEnv();
  // GENERATE_RATE_LIMIT=off lifts the local guards (generation and questions) for benchmarks and
  // end-to-end runs; never on a deployed site, where Netlify's rateLimit config applies as well.
  const limitOff = env.GENERATE_RATE_LIMIT === 'off' && !isDeployed(env);
  const limit = limitOff ? ({ allowed: true } as const) : await askRateLimiter.take(clientAddress(req, context));
  if (!limit.allowed) {
    return error(429, `Too many questions; at most ${ASK_WINDOW_LIMIT} a minute. Try again in ${limit.retryAfterSeconds} s.`, {
      'retry-after': String(limit.retryAfterSeconds),
    });
  }

  let deps: AskDeps;
  try {
    deps = {
      search: await assistantIndex(env),
      engine: await assistantEngineFromEnv(env),
      signal: req.signal,
      onDroppedCitations: (n) => console.warn(`ask: removed ${n} citation(s) of passages the engine was not given`),
    };
  } catch (e) {
    console.error('ask: setup failed', e);
    return error(503, 'The assistant is not available right now; please try again later');
  }

  if (!wantsEventStream(req)) {
    try {
      return json(await askBook(parsed.data, deps));
    } catch (e) {
      const { status, message } = describe(e);
      return error(status, message);
    }
  }
  return eventStream(async (send) => {
    try {
      send('answer', await askBook(parsed.data, { ...deps, onText: (text) => send('text', { text }) }));
    } catch (e) {
      const { status, message } = describe(e);
      send('error', { status, error: message });
    }
  });
};

function describe(e: unknown): { status: number; message: string } {
  if (e instanceof GenerationError) return { status: e.status, message: e.message };
  console.error('ask: unexpected failure', e);
  return { status: 502, message: 'The question could not be answered; please try again' };
}

// No `method` filter: other methods reach the handler and get a JSON 405. Netlify reads this
// config statically, so the rate limit is written as literals (a test checks they match
// ASK_WINDOW_LIMIT / ASK_WINDOW_SECONDS).
export const config: Config = {
  path: '/api/ask',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
