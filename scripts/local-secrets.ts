import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where local-only state lives (git-ignored): generated secrets. The Blobs store is in `.netlify/`. */
export const LOCAL_DATA_DIR = path.resolve('.data');
const SECRETS_FILE = path.join(LOCAL_DATA_DIR, 'local-secrets.json');

interface LocalSecrets {
  SESSION_SECRET: string;
  ADMIN_PASSWORD: string;
}

/**
 * For local use only: makes sure SESSION_SECRET and ADMIN_PASSWORD exist in the environment the
 * functions see. Values set in the shell win; otherwise they are generated once and kept in
 * `.data/local-secrets.json`, so sessions and the admin password survive restarts.
 */
export function ensureLocalSecrets(): { adminPassword: string; generated: boolean } {
  let stored: Partial<LocalSecrets> = {};
  if (existsSync(SECRETS_FILE)) stored = JSON.parse(readFileSync(SECRETS_FILE, 'utf8')) as Partial<LocalSecrets>;
  let generated = false;
  const next: LocalSecrets = {
    SESSION_SECRET: stored.SESSION_SECRET ?? randomBytes(32).toString('base64url'),
    ADMIN_PASSWORD: stored.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url'),
  };
  if (next.SESSION_SECRET !== stored.SESSION_SECRET || next.ADMIN_PASSWORD !== stored.ADMIN_PASSWORD) {
    mkdirSync(LOCAL_DATA_DIR, { recursive: true });
    writeFileSync(SECRETS_FILE, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
    generated = true;
  }
  process.env['SESSION_SECRET'] ||= next.SESSION_SECRET;
  process.env['ADMIN_PASSWORD'] ||= next.ADMIN_PASSWORD;
  return { adminPassword: process.env['ADMIN_PASSWORD'], generated };
}

export { SECRETS_FILE };
