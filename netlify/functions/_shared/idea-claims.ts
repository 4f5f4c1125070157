import { ideaIdSchema } from '../../../src/domain/ideas/schema.ts';
import type { ServerEnv } from '../../../src/lib/server-env.ts';
import { readCookie, setCookie } from './cookies.ts';
import { signToken, verifyToken } from './session.ts';

/**
 * The claim token of anonymous ideas ("save after login"): an HttpOnly cookie holding a
 * signed list of the ideas this browser generated while signed out, so that only this browser can
 * claim them after signing in (the public id alone is not enough). Short-lived and API-only.
 */
export const CLAIM_COOKIE = 'idea_claims';
const CLAIM_AUDIENCE = 'idea-claim';
/** Long enough to sign in (an OpenID Connect round trip included), short enough to go stale. */
export const CLAIM_TTL_SECONDS = 60 * 60;
/** The newest ids a browser can claim. */
const MAX_CLAIMS = 20;

/** The idea ids this request's claim cookie names (none when missing, expired or forged). */
export async function claimableIds(req: Request, env: ServerEnv): Promise<string[]> {
  const token = readCookie(req, CLAIM_COOKIE);
  if (!token) return [];
  const payload = await verifyToken(token, CLAIM_AUDIENCE, CLAIM_TTL_SECONDS, env);
  const ids = payload?.['ids'];
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string' && ideaIdSchema.safeParse(id).success) : [];
}

/** A Set-Cookie value adding `id` to the browser's claimable ideas. */
export async function addClaimCookie(req: Request, id: string, env: ServerEnv): Promise<string> {
  const ids = [...(await claimableIds(req, env)).filter((i) => i !== id), id].slice(-MAX_CLAIMS);
  const token = await signToken({ ids }, CLAIM_AUDIENCE, CLAIM_TTL_SECONDS, env);
  return setCookie(req, CLAIM_COOKIE, token, { maxAge: CLAIM_TTL_SECONDS, path: '/api/' });
}
