import type { Config, Context } from '@netlify/functions';
import { GenerationError } from '../../src/domain/ideas/engine.ts';
import { generateIdea, newIdeaId, type GenerateDeps, type ProgressEvent } from '../../src/domain/ideas/generate.ts';
import { generateRequestSchema } from '../../src/domain/ideas/schema.ts';
import { BlobsIdeaStore } from './_shared/blobs-idea-store.ts';
import { isDeployed, serverEnv } from './_shared/env.ts';
import { clientKey, enginesFromEnv, generateRateLimiter, GENERATE_WINDOW_LIMIT, groundingChapters } from './_shared/generation.ts';
import { readJsonBody, rejectCrossSite, requireJson } from './_shared/guard.ts';
import { addClaimCookie } from './_shared/idea-claims.ts';
import { error, json, methodNotAllowed } from './_shared/http.ts';
import { readSession } from './_shared/session.ts';
import { eventStream, wantsEventStream } from './_shared/sse.ts';

/**
 * POST /api/generate-idea: validates the six controls and the engine switch, generates an idea
 * grounded in the book, stores it and answers the idea. With `Accept: text/event-stream` it
 * streams progress events, then the idea (event `idea`) or the failure (event `error`).
 */
export default async (req: Request, context?: Context): Promise<Response> => {
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  const refused = rejectCrossSite(req) ?? requireJson(req);
  if (refused) return refused;
  const body = await readJsonBody(req);
  if (!body.ok) return body.response;
  const parsed = generateRequestSchema.safeParse(body.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    return error(400, `Invalid request: ${where}${issue?.message ?? 'unexpected body'}`);
  }
  const env = serverEnv();
  // GENERATE_RATE_LIMIT=off lifts the local guard for benchmarks and end-to-end runs; never on a
  // deployed site (where Netlify's rateLimit config applies as well).
  const limitOff = env.GENERATE_RATE_LIMIT === 'off' && !isDeployed(env);
  const limit = limitOff ? ({ allowed: true } as const) : await generateRateLimiter.take(clientKey(req, context));
  if (!limit.allowed) {
    return error(429, `Too many ideas requested; at most ${GENERATE_WINDOW_LIMIT} a minute. Try again in ${limit.retryAfterSeconds} s.`, {
      'retry-after': String(limit.retryAfterSeconds),
    });
  }

  const user = await readSession(req, env);
  let deps: GenerateDeps;
  try {
    deps = { store: new BlobsIdeaStore(), chapters: await groundingChapters(), engines: await enginesFromEnv(env), signal: req.signal };
  } catch (e) {
    console.error('generate-idea: setup failed', e);
    return error(503, 'The generator is not available right now; please try again later');
  }

  // An anonymous idea's id is chosen now, so the claim cookie (only this browser may claim it after
  // signing in) goes out with the response headers, before the stream starts. Without a session
  // secret nobody can sign in, so there is nothing to claim with.
  const claim = user || !env.SESSION_SECRET ? null : newIdeaId();
  if (claim) deps.newId = () => claim;
  const claimCookie = claim ? { 'set-cookie': await addClaimCookie(req, claim, env) } : undefined;

  if (!wantsEventStream(req)) {
    try {
      return json(await generateIdea(parsed.data, user?.id ?? null, deps), 200, claimCookie);
    } catch (e) {
      return failure(e);
    }
  }
  const stream = eventStream(async (send) => {
    try {
      send('idea', await generateIdea(parsed.data, user?.id ?? null, { ...deps, onProgress: (p: ProgressEvent) => send('progress', p) }));
    } catch (e) {
      const { status, message } = describe(e);
      send('error', { status, error: message });
    }
  });
  if (claimCookie) stream.headers.append('set-cookie', claimCookie['set-cookie']);
  return stream;
};

function describe(e: unknown): { status: number; message: string } {
  if (e instanceof GenerationError) {
    if (e.kind === 'storage') console.error('generate-idea: storing failed', e.cause);
    return { status: e.status, message: e.message };
  }
  console.error('generate-idea: unexpected failure', e);
  return { status: 502, message: 'The idea could not be generated; please try again' };
}

function failure(e: unknown): Response {
  const { status, message } = describe(e);
  return error(status, message);
}

// No `method` filter: other methods reach the handler and get a JSON 405. Netlify reads this
// config statically, so the rate limit is written as literals (a test checks they match the
// local guard's GENERATE_WINDOW_LIMIT / GENERATE_WINDOW_SECONDS).
export const config: Config = {
  path: '/api/generate-idea',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
