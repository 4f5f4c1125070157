import type { Config } from '@netlify/functions';
import { generateIdea, newIdeaId, type ProgressEvent } from '../../src/domain/ideas/generate.ts';
import { generateRequestSchema } from '../../src/domain/ideas/schema.ts';
import { BlobsIdeaStore } from './_shared/blobs-idea-store.ts';
import { describeFailure, enginesFromEnv, groundingChapters, localRateLimit } from './_shared/generation.ts';
import { handler } from './_shared/handler.ts';
import { addClaimCookie } from './_shared/idea-claims.ts';
import { readSession } from './_shared/session.ts';
import { answerOrStream } from './_shared/sse.ts';

/**
 * POST /api/generate-idea: validates the six controls and the engine switch, generates an idea
 * grounded in the book, stores it and answers the idea. With `Accept: text/event-stream` it
 * streams progress events, then the idea (event `idea`) or the failure (event `error`).
 */
export default handler(
  { methods: ['POST'], body: generateRequestSchema, unavailable: 'The generator is not available right now; please try again later' },
  async ({ req, context, env, body }) => {
    const limited = await localRateLimit(req, context, env);
    if (limited) return limited;
    const user = await readSession(req, env);
    const deps = { store: new BlobsIdeaStore(), chapters: await groundingChapters(), engines: await enginesFromEnv(env), signal: req.signal };
    // An anonymous idea's id is chosen now, so the claim cookie (only this browser may claim it after
    // signing in) goes out with the response headers, before the stream starts. Without a session
    // secret nobody can sign in, so there is nothing to claim with.
    const claim = user || !env.SESSION_SECRET ? null : newIdeaId();
    const headers: Record<string, string> = claim ? { 'set-cookie': await addClaimCookie(req, claim, env) } : {};
    const events = { progressEvent: 'progress', resultEvent: 'idea', describe: describeFailure, headers };
    return answerOrStream(req, events, (onProgress?: (p: ProgressEvent) => void) =>
      generateIdea(body, user?.id ?? null, { ...deps, ...(claim && { newId: () => claim }), ...(onProgress && { onProgress }) }),
    );
  },
);

// No `method` filter: other methods reach the handler and get a JSON 405. Netlify reads this
// config statically, so the rate limit is written as literals (a test checks they match the
// local guard's GENERATE_WINDOW_LIMIT / GENERATE_WINDOW_SECONDS).
export const config: Config = {
  path: '/api/generate-idea',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
