import { SignJWT, base64url } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { parseServerEnv, type ServerEnv } from '../../src/lib/server-env.ts';
import {
  SESSION_AUDIENCE,
  SESSION_ISSUER,
  createSessionCookie,
  endSession,
  startSession,
  readSession,
  sessionKeys,
  SESSION_TTL_SECONDS,
  signToken,
  verifyToken,
} from '../../netlify/functions/_shared/session.ts';
import { MemorySessionVersions } from '../../src/domain/auth/session-versions.ts';
import type { User } from '../../src/domain/auth/user.ts';

const SECRET_A = 'first-session-secret-of-at-least-32-bytes!';
const SECRET_B = 'second-session-secret-of-at-least-32-bytes';
const env: ServerEnv = parseServerEnv({ SESSION_SECRET: SECRET_A });
const versions = new MemorySessionVersions();
const user: User = { id: 'local-abc', email: 'ada@example.com', firstName: 'Ada', profileImageUrl: null };

const request = (token?: string, url = 'http://localhost:8888/api/auth/user') =>
  new Request(url, token === undefined ? {} : { headers: { cookie: `other=1; session=${token}` } });
const tokenOf = (setCookie: string) => decodeURIComponent(setCookie.split(';')[0]?.split('=')[1] ?? '');
const keyOf = (secret: string) => new TextEncoder().encode(secret);

describe('session tokens', () => {
  it('round-trips the user through a signed cookie with HS256, kid, iat, exp (7 days), issuer and audience', async () => {
    const cookie = await createSessionCookie(request(), user, env);
    expect(cookie).toMatch(/^session=[^;]+; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax$/);
    const token = tokenOf(cookie);
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(new TextDecoder().decode(base64url.decode(part ?? ''))) as Record<string, unknown>);
    expect(header).toEqual({ alg: 'HS256', kid: sessionKeys(env)[0]?.kid, typ: 'JWT' });
    expect(payload).toMatchObject({ sub: 'local-abc', email: 'ada@example.com', firstName: 'Ada', iss: SESSION_ISSUER, aud: SESSION_AUDIENCE });
    expect(Number(payload?.['exp']) - Number(payload?.['iat'])).toBe(7 * 24 * 60 * 60);
    expect(await readSession(request(token), env, versions)).toEqual(user);
  });

  it('marks the cookie Secure except on plain-http localhost', async () => {
    expect(await createSessionCookie(request(undefined, 'https://book.example.org/api/login'), user, env)).toMatch(/; Secure;/);
    expect(await createSessionCookie(request(undefined, 'http://book.example.org/api/login'), user, env)).toMatch(/; Secure;/);
    expect(await createSessionCookie(request(undefined, 'http://127.0.0.1:9000/api/login'), user, env)).not.toMatch(/Secure/);
  });

  it('treats a missing, malformed or tampered cookie as anonymous', async () => {
    const token = tokenOf(await createSessionCookie(request(), user, env));
    const [h, p, s = ''] = token.split('.');
    const forgedPayload = base64url.encode(JSON.stringify({ ...JSON.parse(new TextDecoder().decode(base64url.decode(p ?? ''))), sub: 'someone-else' }));
    expect(await readSession(request(), env, versions)).toBeNull();
    expect(await readSession(request('not-a-jwt'), env, versions)).toBeNull();
    expect(await readSession(request(`${h}.${forgedPayload}.${s}`), env, versions)).toBeNull();
    expect(await readSession(request(`${h}.${p}.${s.slice(0, -3)}xyz`), env, versions)).toBeNull();
  });

  it('refuses an expired token', async () => {
    const expired = await new SignJWT({ sub: 'local-abc', email: null, firstName: null, profileImageUrl: null })
      .setProtectedHeader({ alg: 'HS256', kid: sessionKeys(env)[0]?.kid ?? '' })
      .setIssuer(SESSION_ISSUER)
      .setAudience(SESSION_AUDIENCE)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 8 * 24 * 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(keyOf(SECRET_A));
    expect(await readSession(request(expired), env, versions)).toBeNull();
  });

  it('refuses alg "none" and other algorithms', async () => {
    const enc = (o: unknown) => base64url.encode(JSON.stringify(o));
    const claims = {
      sub: 'local-abc',
      email: null,
      firstName: 'Eve',
      profileImageUrl: null,
      iss: SESSION_ISSUER,
      aud: SESSION_AUDIENCE,
      iat: Math.floor(Date.now() / 1000),
      exp: Math.floor(Date.now() / 1000) + 3600,
    };
    const kid = sessionKeys(env)[0]?.kid;
    expect(await readSession(request(`${enc({ alg: 'none', typ: 'JWT', kid })}.${enc(claims)}.`), env, versions)).toBeNull();
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512', kid: kid ?? '' }).sign(keyOf(SECRET_A));
    expect(await readSession(request(hs512), env, versions)).toBeNull();
  });

  it('refuses a token signed with another secret, another audience or issuer, or without iat', async () => {
    const other = await signToken({ sub: 'local-abc' }, SESSION_AUDIENCE, 3600, parseServerEnv({ SESSION_SECRET: SECRET_B }));
    expect(await readSession(request(other), env, versions)).toBeNull();
    const flow = await signToken({ sub: 'local-abc' }, 'oidc-flow', 3600, env);
    expect(await readSession(request(flow), env, versions)).toBeNull();
    const kid = sessionKeys(env)[0]?.kid ?? '';
    const foreignIssuer = await new SignJWT({ sub: 'x' })
      .setProtectedHeader({ alg: 'HS256', kid })
      .setIssuer('elsewhere')
      .setAudience(SESSION_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(keyOf(SECRET_A));
    expect(await verifyToken(foreignIssuer, SESSION_AUDIENCE, SESSION_TTL_SECONDS, env)).toBeNull();
    const noIat = await new SignJWT({ sub: 'x' })
      .setProtectedHeader({ alg: 'HS256', kid })
      .setIssuer(SESSION_ISSUER)
      .setAudience(SESSION_AUDIENCE)
      .setExpirationTime('1h')
      .sign(keyOf(SECRET_A));
    expect(await verifyToken(noIat, SESSION_AUDIENCE, SESSION_TTL_SECONDS, env)).toBeNull();
  });

  it('rotates keys by kid: old cookies stay valid while SESSION_SECRET_PREVIOUS holds the old secret', async () => {
    const old = tokenOf(await createSessionCookie(request(), user, parseServerEnv({ SESSION_SECRET: SECRET_A })));
    const rotated: ServerEnv = parseServerEnv({ SESSION_SECRET: SECRET_B, SESSION_SECRET_PREVIOUS: SECRET_A });
    expect(await readSession(request(old), rotated, versions)).toEqual(user);
    // New cookies are signed with the new key, under its own kid.
    const fresh = tokenOf(await createSessionCookie(request(), user, rotated));
    const kid = (t: string) => (JSON.parse(new TextDecoder().decode(base64url.decode(t.split('.')[0] ?? ''))) as { kid: string }).kid;
    expect(kid(fresh)).not.toBe(kid(old));
    expect(await readSession(request(fresh), rotated, versions)).toEqual(user);
    // Once the previous secret is dropped, the old cookies end.
    expect(await readSession(request(old), parseServerEnv({ SESSION_SECRET: SECRET_B }), versions)).toBeNull();
    // A token whose kid names no configured key is refused even if its signature would verify.
    const relabelled = await new SignJWT({ sub: 'local-abc', email: null, firstName: null, profileImageUrl: null })
      .setProtectedHeader({ alg: 'HS256', kid: 'k-unknown' })
      .setIssuer(SESSION_ISSUER)
      .setAudience(SESSION_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(keyOf(SECRET_B));
    expect(await readSession(request(relabelled), rotated, versions)).toBeNull();
  });

  it('requires a secret of at least 32 bytes, and reads no session without one', async () => {
    expect(() => sessionKeys(parseServerEnv({}))).toThrow(/SESSION_SECRET is not set/);
    expect(() => sessionKeys(parseServerEnv({ SESSION_SECRET: 'short' }))).toThrow(/shorter than 32 bytes/);
    const token = tokenOf(await createSessionCookie(request(), user, env));
    expect(await readSession(request(token), parseServerEnv({}), versions)).toBeNull();
  });
});

describe('ending sessions', () => {
  it('refuses a token older than the session lifetime whatever its exp says (maxTokenAge)', async () => {
    vi.useFakeTimers();
    try {
      vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
      const longLived = await signToken({ sub: 'local-abc', email: null, firstName: null, profileImageUrl: null }, SESSION_AUDIENCE, 365 * 24 * 3600, env);
      vi.setSystemTime(new Date('2026-01-07T23:00:00Z'));
      expect(await readSession(request(longLived), env, versions)).not.toBeNull();
      vi.setSystemTime(new Date('2026-01-08T00:00:01Z'));
      expect(await readSession(request(longLived), env, versions)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('ends every session of a user on logout (server-side version), and a new sign-in works again', async () => {
    const own = new MemorySessionVersions();
    const headers = new Headers();
    await startSession(request(), headers, user, env, own);
    const token = tokenOf(headers.getSetCookie().at(-1) ?? '');
    const copied = token; // e.g. a second browser, or a stolen cookie
    expect(await readSession(request(token), env, own)).toEqual(user);

    const out = new Headers();
    await endSession(request(token), out, env, own);
    expect(out.getSetCookie()).toEqual(['session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax', 'signed_in=; Max-Age=0; Path=/; SameSite=Lax']);
    expect(await readSession(request(copied), env, own)).toBeNull();

    const again = new Headers();
    await startSession(request(), again, user, env, own);
    expect(await readSession(request(tokenOf(again.getSetCookie().at(-1) ?? '')), env, own)).toEqual(user);
    // Another user's sessions are untouched.
    const other = tokenOf(await createSessionCookie(request(), { ...user, id: 'local-other' }, env));
    expect(await readSession(request(other), env, own)).toEqual({ ...user, id: 'local-other' });
  });

  it('fails closed when the session store cannot be read', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = { current: () => Promise.reject(new Error('store down')), revoke: () => Promise.resolve() };
    const token = tokenOf(await createSessionCookie(request(), user, env));
    expect(await readSession(request(token), env, broken)).toBeNull();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('treating the request as signed out'), expect.any(Error));
  });
});
