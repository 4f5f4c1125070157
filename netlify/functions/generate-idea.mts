import type { Config, Context } from '@netlify/functions';
import { generateIdea, newIdeaId, type GenerateDeps, type ProgressEvent } from '../../src/domain/ideas/generate.ts';
import { generateRequestSchema } from '../../src/domain/ideas/schema.ts';
import { BlobsIdeaStore } from './_shared/blobs-idea-store.ts';
import { serverEnv } from './_shared/env.ts';
import { describeFailure, enginesFromEnv, groundingChapters, localRateLimit } from './_shared/generation.ts';
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
  const limited = await localRateLimit(req, context, env);
  if (limited) return limited;

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
      const { status, message } = describeFailure(e);
      return error(status, message);
    }
  }
  const stream = eventStream(async (send) => {
    try {
      send('idea', await generateIdea(parsed.data, user?.id ?? null, { ...deps, onProgress: (p: ProgressEvent) => send('progress', p) }));
    } catch (e) {
      const { status, message } = describeFailure(e);
      send('error', { status, error: message });
    }
  });
  if (claimCookie) stream.headers.append('set-cookie', claimCookie['set-cookie']);
  return stream;
};

// No `method` filter: other methods reach the handler and get a JSON 405. Netlify reads this
// config statically, so the rate limit is written as literals (a test checks they match the
// local guard's GENERATE_WINDOW_LIMIT / GENERATE_WINDOW_SECONDS).
export const config: Config = {
  path: '/api/generate-idea',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
