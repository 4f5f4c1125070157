import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { z } from 'zod';
import { serverEnv, type ServerEnv } from './env.ts';

/** The signed-in user carried in the session cookie. */
export const sessionUserSchema = z.object({
  /** Stable, URL-safe user id: a hash of the provider's issuer and `sub`, or of the email for local sign-in. */
  id: z.string().min(1),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const SESSION_COOKIE = 'session';
export const SESSION_ISSUER = 'infrastructure-renaissance';
export const SESSION_AUDIENCE = 'site-session';
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

interface Key {
  kid: string;
  secret: Uint8Array;
}

/** Session signing keys: the current secret first, then a previous one still accepted on verify. */
export function sessionKeys(env: ServerEnv = serverEnv()): Key[] {
  const keys: Key[] = [];
  for (const value of [env.SESSION_SECRET, env.SESSION_SECRET_PREVIOUS]) {
    if (!value) continue;
    const secret = new TextEncoder().encode(value);
    if (secret.byteLength < 32) throw new Error('SESSION_SECRET must be at least 32 bytes');
    keys.push({ kid: kidOf(secret), secret });
  }
  if (keys.length === 0) throw new Error('SESSION_SECRET is not configured');
  return keys;
}

/** A short, non-secret key id derived from the secret (so rotation needs no extra variable). */
function kidOf(secret: Uint8Array): string {
  let h = 2166136261;
  for (const b of secret) h = Math.imul(h ^ b, 16777619) >>> 0;
  return `k${h.toString(36)}`;
}

/** Signs a JWT with the current key (HS256, iat, exp, issuer, audience, kid). */
export async function signToken(claims: Record<string, unknown>, audience: string, ttlSeconds: number, env: ServerEnv = serverEnv()): Promise<string> {
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
 * the key its `kid` names (current or previous secret), with the expected issuer and audience and
 * an unexpired `exp` and an `iat`. Returns the payload, or null on any failure: a bad cookie means
 * anonymous, never an error page.
 */
export async function verifyToken(token: string, audience: string, env: ServerEnv = serverEnv()): Promise<Record<string, unknown> | null> {
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
      { algorithms: ['HS256'], issuer: SESSION_ISSUER, audience, requiredClaims: ['exp', 'iat'] },
    );
    return payload as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** Reads one cookie from a request (undefined when absent or malformed). */
export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k !== name) continue;
    try {
      return decodeURIComponent(v.join('='));
    } catch {
      return undefined; // malformed percent-encoding: treated as no cookie
    }
  }
  return undefined;
}

/** Secure everywhere except plain-http localhost (local development and tests). */
export function cookieIsSecure(req: Request): boolean {
  const url = new URL(req.url);
  return !(url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname));
}

export interface CookieOptions {
  maxAge: number;
  sameSite?: 'Lax' | 'Strict';
  path?: string;
}

/** A Set-Cookie header value: HttpOnly always, Secure except on http localhost. */
export function buildCookie(req: Request, name: string, value: string, { maxAge, sameSite = 'Lax', path = '/' }: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${path}`, `Max-Age=${maxAge}`, 'HttpOnly', `SameSite=${sameSite}`];
  if (cookieIsSecure(req)) parts.push('Secure');
  return parts.join('; ');
}

/** The signed-in user of a request, or null (missing, tampered, expired or wrongly signed cookie). */
export async function readSession(req: Request, env: ServerEnv = serverEnv()): Promise<SessionUser | null> {
  const token = readCookie(req, SESSION_COOKIE);
  if (!token) return null;
  const payload = await verifyToken(token, SESSION_AUDIENCE, env);
  if (!payload) return null;
  const parsed = sessionUserSchema.safeParse({ ...payload, id: payload['sub'] });
  return parsed.success ? parsed.data : null;
}

/** A Set-Cookie value that starts a session for `user`. */
export async function createSessionCookie(req: Request, user: SessionUser, env: ServerEnv = serverEnv()): Promise<string> {
  const { id, ...rest } = user;
  const token = await signToken({ ...rest, sub: id }, SESSION_AUDIENCE, SESSION_TTL_SECONDS, env);
  return buildCookie(req, SESSION_COOKIE, token, { maxAge: SESSION_TTL_SECONDS });
}

/** A Set-Cookie value that ends the session. */
export function clearSessionCookie(req: Request): string {
  return buildCookie(req, SESSION_COOKIE, '', { maxAge: 0 });
}

/**
 * A readable, secret-free hint that a session cookie exists ("1"), set and cleared with it. The
 * nav asks GET /api/auth/user only when the hint is present, so anonymous visitors make no call
 * that would answer 401 (and log a console error) on every page. The session cookie stays the
 * only proof of identity: a forged hint just leads to that 401.
 */
export const SESSION_HINT_COOKIE = 'signed_in';

export function sessionHintCookie(req: Request, signedIn: boolean): string {
  const parts = [`${SESSION_HINT_COOKIE}=${signedIn ? '1' : ''}`, 'Path=/', `Max-Age=${signedIn ? SESSION_TTL_SECONDS : 0}`, 'SameSite=Lax'];
  if (cookieIsSecure(req)) parts.push('Secure');
  return parts.join('; ');
}

