import { getStore } from '@netlify/blobs';
import type { CounterStore, WindowCount } from '../../../src/domain/admin/rate-limit.ts';
import { FailureLimiter } from '../../../src/domain/admin/rate-limit.ts';
import { serverEnv, type ServerEnv } from './env.ts';
import { buildCookie, readCookie, sessionKeys, signToken, verifyToken } from './session.ts';

/** The admin session: a separate, short-lived cookie, sent only to the admin API. */
export const ADMIN_COOKIE = 'admin_session';
export const ADMIN_AUDIENCE = 'admin-session';
export const ADMIN_TTL_SECONDS = 30 * 60;
const ADMIN_COOKIE_PATH = '/api/admin';

/** The message shown when ADMIN_PASSWORD is missing (production must set it; locally it is generated). */
export const CONSOLE_DISABLED = 'The export console is disabled: ADMIN_PASSWORD is not configured on the server';

/** The configured admin password, or null when the console is disabled. */
export function adminPassword(env: ServerEnv = serverEnv()): string | null {
  const value = env.ADMIN_PASSWORD?.trim();
  return value ? (env.ADMIN_PASSWORD ?? null) : null;
}

/** True when the request carries a valid admin session cookie. */
export async function hasAdminSession(req: Request, env: ServerEnv = serverEnv()): Promise<boolean> {
  const token = readCookie(req, ADMIN_COOKIE);
  if (!token) return false;
  const payload = await verifyToken(token, ADMIN_AUDIENCE, env);
  return payload?.['role'] === 'admin';
}

export async function createAdminCookie(req: Request, env: ServerEnv = serverEnv()): Promise<string> {
  const token = await signToken({ role: 'admin' }, ADMIN_AUDIENCE, ADMIN_TTL_SECONDS, env);
  return buildCookie(req, ADMIN_COOKIE, token, { maxAge: ADMIN_TTL_SECONDS, sameSite: 'Strict', path: ADMIN_COOKIE_PATH });
}

export function clearAdminCookie(req: Request): string {
  return buildCookie(req, ADMIN_COOKIE, '', { maxAge: 0, sameSite: 'Strict', path: ADMIN_COOKIE_PATH });
}

/** Keys for download signatures: the session secrets (current first), so rotation works the same. */
export function downloadSecrets(env: ServerEnv = serverEnv()): Uint8Array[] {
  return sessionKeys(env).map((k) => k.secret);
}

/** The client address Netlify reports (falls back to a shared bucket when unknown). */
export function clientAddress(req: Request, context: { ip?: string } | undefined): string {
  return context?.ip || req.headers.get('x-nf-client-connection-ip') || 'unknown';
}

/**
 * Failure counters in Netlify Blobs, shared by every function instance. Reads then writes (Blobs
 * has no atomic increment): concurrent failures can undercount by a few, which only loosens the
 * limit slightly; it never blocks a correct password beyond the documented window.
 */
export class BlobCounterStore implements CounterStore {
  private readonly store = getStore({ name: 'rate-limits', consistency: 'strong' });
  async read(key: string): Promise<WindowCount | null> {
    const value = (await this.store.get(key, { type: 'json' })) as WindowCount | null;
    return value && typeof value.count === 'number' && typeof value.windowStart === 'number' ? value : null;
  }
  async write(key: string, value: WindowCount): Promise<void> {
    await this.store.setJSON(key, value);
  }
  async delete(key: string): Promise<void> {
    await this.store.delete(key);
  }
}

export function adminLimiter(): FailureLimiter {
  return new FailureLimiter(new BlobCounterStore());
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
