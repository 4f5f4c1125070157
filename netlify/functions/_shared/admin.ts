import { getStore } from '@netlify/blobs';
import type { AdminAttemptPorts, AttemptOutcome } from '../../../src/domain/admin/attempt.ts';
import { checkDownloadSignature } from '../../../src/domain/admin/signed-url.ts';
import { incrementWindow, liveWindow, type CounterStore, type IncrementOptions, type WindowCount } from '../../../src/domain/admin/rate-limit.ts';
import { constantTimeEqual } from '../../../src/domain/security/constant-time.ts';
import { updateBlob } from './blob-update.ts';
import type { ServerEnv } from '../../../src/lib/server-env.ts';
import { error } from './http.ts';
import { clearCookie, readCookie, setCookie } from './cookies.ts';
import { BlobSessionVersions, sessionKeys, signSession, verifySession } from './session.ts';
import type { SessionVersions } from '../../../src/domain/auth/session-versions.ts';

/** The admin session: a separate, short-lived cookie, sent only to the admin API. */
export const ADMIN_COOKIE = 'admin_session';
export const ADMIN_AUDIENCE = 'admin-session';
export const ADMIN_TTL_SECONDS = 30 * 60;
const ADMIN_COOKIE_PATH = '/api/admin';

/** The message shown when ADMIN_PASSWORD is missing (production must set it; locally it is generated). */
export const CONSOLE_DISABLED = 'The export console is disabled: ADMIN_PASSWORD is not configured on the server';

/** The configured admin password, or null when the console is disabled. */
export function adminPassword(env: ServerEnv): string | null {
  const value = env.ADMIN_PASSWORD?.trim();
  return value ? (env.ADMIN_PASSWORD ?? null) : null;
}

const ADMIN_SUBJECT = 'admin';

/** True when the request carries a valid, unrevoked admin session cookie. */
export async function hasAdminSession(req: Request, env: ServerEnv, versions: SessionVersions = new BlobSessionVersions()): Promise<boolean> {
  const payload = await verifySession(readCookie(req, ADMIN_COOKIE), ADMIN_AUDIENCE, ADMIN_TTL_SECONDS, env, versions);
  return payload?.['role'] === 'admin';
}

export async function createAdminCookie(req: Request, env: ServerEnv, versions: SessionVersions = new BlobSessionVersions()): Promise<string> {
  const token = await signSession({ role: 'admin' }, ADMIN_SUBJECT, ADMIN_AUDIENCE, ADMIN_TTL_SECONDS, env, versions);
  return setCookie(req, ADMIN_COOKIE, token, { maxAge: ADMIN_TTL_SECONDS, sameSite: 'strict', path: ADMIN_COOKIE_PATH });
}

/** Ends the admin session (every admin session, on the server) when the request holds a valid one; returns the cookie deletion. */
export async function endAdminSession(req: Request, env: ServerEnv, versions: SessionVersions = new BlobSessionVersions()): Promise<string> {
  if (await hasAdminSession(req, env, versions)) await versions.revoke(ADMIN_SUBJECT);
  return clearCookie(req, ADMIN_COOKIE, { sameSite: 'strict', path: ADMIN_COOKIE_PATH });
}

/** Keys for download signatures: the session secrets (current first), so rotation works the same. */
export function downloadSecrets(env: ServerEnv): Uint8Array[] {
  return sessionKeys(env).map((k) => k.secret);
}

const COUNTERS = 'rate-limits';

/** Attempt counters in Netlify Blobs, shared by every function instance, updated atomically (blob-update.ts). */
export class BlobCounterStore implements CounterStore {
  private readonly store = getStore({ name: COUNTERS, consistency: 'strong' });
  increment(key: string, options: IncrementOptions): Promise<WindowCount> {
    return updateBlob(this.store, COUNTERS, key, (value) => incrementWindow(value, options));
  }
  async read(key: string, { now, windowMs }: { now: number; windowMs: number }): Promise<number> {
    return liveWindow(await this.store.get(key, { type: 'json' }), now, windowMs)?.count ?? 0;
  }
  async reset(key: string, now: number): Promise<void> {
    await updateBlob(this.store, COUNTERS, key, () => ({ next: { count: 0, windowStart: now }, result: undefined }));
  }
}

/** The ports of `attemptAdminPassword` against the configured password. */
export function adminAttemptPorts(expected: string): AdminAttemptPorts {
  return {
    counters: new BlobCounterStore(),
    matches: (submitted) => constantTimeEqual(submitted, expected),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    alert: (message) => console.warn(message),
    now: Date.now,
  };
}

/** The answer to a password attempt that was not accepted: 429 with Retry-After, or 401. */
export function attemptRefused(outcome: Exclude<AttemptOutcome, { kind: 'accepted' }>): Response {
  if (outcome.kind === 'refused') return error(401, 'Invalid password');
  const minutes = Math.ceil(outcome.retryAfterSeconds / 60);
  return error(429, `Too many failed attempts; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`, {
    'retry-after': String(outcome.retryAfterSeconds),
  });
}

/** Why a signed download path is refused (401/403), or null when its signature is valid and fresh. */
export function signatureRefused(id: string, expires: string | undefined, sig: string | undefined, env: ServerEnv): Response | null {
  if (expires === undefined || sig === undefined) return error(401, 'This download needs a signed link from the export console');
  const check = checkDownloadSignature(id, expires, sig, downloadSecrets(env), Date.now());
  if (check === 'expired') return error(403, 'This download link has expired; generate the EPUB again');
  if (check === 'invalid') return error(403, 'This download link is not valid');
  return null;
}

/** The store of generated EPUB files. */
export function exportStore() {
  return getStore({ name: 'epub-exports', consistency: 'strong' });
}

/** Metadata kept with each stored export. */
export interface ExportMetadata {
  filename: string;
  size: number;
  chaptersCount: number;
  createdAt: string;
}
