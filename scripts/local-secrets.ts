import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where local-only state lives (git-ignored): generated secrets. The Blobs store is in `.netlify/`. */
export const LOCAL_DATA_DIR = path.resolve('.data');

interface LocalSecrets {
  SESSION_SECRET: string;
  ADMIN_PASSWORD: string;
}

export interface EnsuredSecrets {
  adminPassword: string;
  /** True when ADMIN_PASSWORD came from the environment (the operator's secret: never printed). */
  fromEnvironment: boolean;
  /** True when the local password was generated just now. */
  generated: boolean;
  file: string;
}

/**
 * For local use only: makes sure SESSION_SECRET and ADMIN_PASSWORD exist in the environment the
 * functions see. Values set in the shell win; otherwise they are generated once and kept in
 * `.data/local-secrets.json`, so sessions and the admin password survive restarts.
 */
export function ensureLocalSecrets(dir = LOCAL_DATA_DIR): EnsuredSecrets {
  const file = path.join(dir, 'local-secrets.json');
  let stored: Partial<LocalSecrets> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<LocalSecrets>;
  let generated = false;
  const next: LocalSecrets = {
    SESSION_SECRET: stored.SESSION_SECRET ?? randomBytes(32).toString('base64url'),
    ADMIN_PASSWORD: stored.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url'),
  };
  if (next.SESSION_SECRET !== stored.SESSION_SECRET || next.ADMIN_PASSWORD !== stored.ADMIN_PASSWORD) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
    generated = true;
  }
  const fromEnvironment = !!process.env['ADMIN_PASSWORD'];
  process.env['SESSION_SECRET'] ||= next.SESSION_SECRET;
  process.env['ADMIN_PASSWORD'] ||= next.ADMIN_PASSWORD;
  return { adminPassword: process.env['ADMIN_PASSWORD'], fromEnvironment, generated: generated && !fromEnvironment, file };
}

/**
 * The startup banner's password line: the locally generated password (the developer needs it),
 * never one that came from the environment (it may be production's, and logs are shared).
 */
export function adminPasswordBanner({ adminPassword, fromEnvironment, generated, file }: EnsuredSecrets): string {
  if (fromEnvironment) return '  Admin export password: set by ADMIN_PASSWORD (not shown)';
  return `  Admin export password: ${adminPassword}${generated ? ' (generated)' : ''}  [kept in ${path.relative(process.cwd(), file)}]`;
}
