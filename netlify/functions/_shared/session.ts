import { getStore } from '@netlify/blobs';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { storedVersion, type SessionVersions } from '../../../src/domain/auth/session-versions.ts';
import { userSchema, type User } from '../../../src/domain/auth/user.ts';
import { updateBlob } from './blob-update.ts';
import { clearCookie, readCookie, setCookie } from './cookies.ts';
import { sessionSecretProblem, type ServerEnv } from '../../../src/lib/server-env.ts';

export const SESSION_COOKIE = 'session';
export const SESSION_ISSUER = 'infrastructure-renaissance';
export const SESSION_AUDIENCE = 'site-session';
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

interface Key {
  kid: string;
  secret: Uint8Array;
}

/** Session signing keys: the current secret first, then a previous one still accepted on verify. */
export function sessionKeys(env: ServerEnv): Key[] {
  const keys: Key[] = [];
  for (const value of [env.SESSION_SECRET, env.SESSION_SECRET_PREVIOUS]) {
    if (!value) continue;
    const problem = sessionSecretProblem(value);
    if (problem) throw new Error(problem);
    keys.push({ kid: kidOf(new TextEncoder().encode(value)), secret: new TextEncoder().encode(value) });
  }
  if (keys.length === 0) throw new Error(sessionSecretProblem(undefined));
  return keys;
}

/** A short, non-secret key id derived from the secret (so rotation needs no extra variable). */
function kidOf(secret: Uint8Array): string {
  let h = 2166136261;
  for (const b of secret) h = Math.imul(h ^ b, 16777619) >>> 0;
  return `k${h.toString(36)}`;
}

/** Signs a JWT with the current key (HS256, iat, exp, issuer, audience, kid). */
export async function signToken(claims: Record<string, unknown>, audience: string, ttlSeconds: number, env: ServerEnv): Promise<string> {
  const [key] = sessionKeys(env);
  if (!key) throw new Error('SESSION_SECRET is not configured');
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(SESSION_ISSUER)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key.secret);
}

/**
 * Verifies a JWT: HS256 only (so `alg: none` and asymmetric-key confusion are refused), signed with
 * the key its `kid` names (current or previous secret), with the expected issuer and audience, an
 * unexpired `exp`, and an `iat` at most `maxAgeSeconds` ago whatever `exp` says (a token minted
 * with a long `exp` by a leaked secret, or before a TTL was shortened, still dies). Returns the
 * payload, or null on any failure: a bad cookie means anonymous, never an error page.
 */
export async function verifyToken(token: string, audience: string, maxAgeSeconds: number, env: ServerEnv): Promise<Record<string, unknown> | null> {
  let keys: Key[];
  try {
    keys = sessionKeys(env);
  } catch {
    return null;
  }
  try {
    const { payload } = await jwtVerify(
      token,
      (header) => {
        const key = keys.find((k) => k.kid === header.kid);
        if (!key) throw new joseErrors.JWSSignatureVerificationFailed('unknown key id');
        return key.secret;
      },
      { algorithms: ['HS256'], issuer: SESSION_ISSUER, audience, requiredClaims: ['exp', 'iat'], maxTokenAge: maxAgeSeconds },
    );
    return payload as Record<string, unknown>;
  } catch {
    return null;
  }
}

const VERSIONS = 'sessions';

/** Session versions in Netlify Blobs: one small blob per subject that has logged out. */
export class BlobSessionVersions implements SessionVersions {
  // Made on first use, so a missing Blobs environment fails inside verifySession (closed), not here.
  private get store() {
    return getStore({ name: VERSIONS, consistency: 'strong' });
  }
  private key(subject: string): string {
    return `version/${encodeURIComponent(subject)}`;
  }
  async current(subject: string): Promise<number> {
    return storedVersion(await this.store.get(this.key(subject), { type: 'json' }));
  }
  async revoke(subject: string): Promise<void> {
    await updateBlob(this.store, VERSIONS, this.key(subject), (value) => ({ next: { version: storedVersion(value) + 1 }, result: undefined }));
  }
}

/** Signs a session token for `subject` carrying its current version (`sv`). */
export async function signSession(
  claims: Record<string, unknown>,
  subject: string,
  audience: string,
  ttlSeconds: number,
  env: ServerEnv,
  versions: SessionVersions,
): Promise<string> {
  return signToken({ ...claims, sub: subject, sv: await versions.current(subject) }, audience, ttlSeconds, env);
}

/**
 * Verifies a session token and checks it was not revoked: its `sv` must be its subject's current
 * version (one Blobs read per authenticated request). A store that cannot be read fails closed
 * (anonymous), logged.
 */
export async function verifySession(
  token: string | undefined,
  audience: string,
  maxAgeSeconds: number,
  env: ServerEnv,
  versions: SessionVersions,
): Promise<Record<string, unknown> | null> {
  if (!token) return null;
  const payload = await verifyToken(token, audience, maxAgeSeconds, env);
  const subject = payload?.['sub'];
  if (!payload || typeof subject !== 'string') return null;
  try {
    return (payload['sv'] ?? 0) === (await versions.current(subject)) ? payload : null;
  } catch (e) {
    console.error('session: the session store could not be read; treating the request as signed out', e);
    return null;
  }
}

/** The signed-in user of a request, or null (missing, tampered, expired, revoked or wrongly signed cookie). */
export async function readSession(req: Request, env: ServerEnv, versions: SessionVersions = new BlobSessionVersions()): Promise<User | null> {
  const payload = await verifySession(readCookie(req, SESSION_COOKIE), SESSION_AUDIENCE, SESSION_TTL_SECONDS, env, versions);
  if (!payload) return null;
  const parsed = userSchema.safeParse({ ...payload, id: payload['sub'] });
  return parsed.success ? parsed.data : null;
}

/**
 * A readable, secret-free hint that a session cookie exists ("1"), set and cleared with it. The
 * nav asks GET /api/auth/user only when the hint is present, so anonymous visitors make no call
 * that would answer 401 (and log a console error) on every page. The session cookie stays the
 * only proof of identity: a forged hint just leads to that 401.
 */
export const SESSION_HINT_COOKIE = 'signed_in';

/** A Set-Cookie value holding a session for `user` at session version `version` (tests sign cookies with it too). */
export async function createSessionCookie(req: Request, user: User, env: ServerEnv, version = 0): Promise<string> {
  const { id, ...profile } = user;
  const token = await signToken({ ...profile, sub: id, sv: version }, SESSION_AUDIENCE, SESSION_TTL_SECONDS, env);
  return setCookie(req, SESSION_COOKIE, token, { maxAge: SESSION_TTL_SECONDS });
}

/**
 * Starts a session for `user`: appends the hint and then the session cookie to `headers` (the
 * session last: a platform that keeps only one Set-Cookie header keeps it).
 */
export async function startSession(
  req: Request,
  headers: Headers,
  user: User,
  env: ServerEnv,
  versions: SessionVersions = new BlobSessionVersions(),
): Promise<void> {
  const cookie = await createSessionCookie(req, user, env, await versions.current(user.id));
  headers.append('set-cookie', setCookie(req, SESSION_HINT_COOKIE, '1', { maxAge: SESSION_TTL_SECONDS, httpOnly: false }));
  headers.append('set-cookie', cookie);
}

/**
 * Ends the session of the request: revokes it on the server (every session of that user, in
 * every browser, so a copied cookie dies too) and appends the cookies' deletion to `headers`.
 */
export async function endSession(req: Request, headers: Headers, env: ServerEnv, versions: SessionVersions = new BlobSessionVersions()): Promise<void> {
  const payload = await verifySession(readCookie(req, SESSION_COOKIE), SESSION_AUDIENCE, SESSION_TTL_SECONDS, env, versions);
  // The browser is signed out even when the store fails; only the server-side revocation is lost (logged).
  if (typeof payload?.['sub'] === 'string')
    await versions.revoke(payload['sub']).catch((e: unknown) => console.error('session: revoking the session failed', e));
  headers.append('set-cookie', clearCookie(req, SESSION_COOKIE));
  headers.append('set-cookie', clearCookie(req, SESSION_HINT_COOKIE, { httpOnly: false }));
}
