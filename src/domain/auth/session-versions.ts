/**
 * Server-side revocation of sessions (docs/decisions/011-session-revocation.md): every session
 * token carries the version of its subject (a user id, or `admin`) at sign-in; logging out bumps
 * the version, so every token issued before stops verifying, in every browser.
 */
export interface SessionVersions {
  /** The subject's current version (0 when never revoked). */
  current(subject: string): Promise<number>;
  /** Ends every session of the subject issued so far. */
  revoke(subject: string): Promise<void>;
}

/** Versions in memory (unit tests, single process). */
export class MemorySessionVersions implements SessionVersions {
  readonly #versions = new Map<string, number>();
  async current(subject: string): Promise<number> {
    return this.#versions.get(subject) ?? 0;
  }
  async revoke(subject: string): Promise<void> {
    this.#versions.set(subject, (this.#versions.get(subject) ?? 0) + 1);
  }
}

/** The version a stored value holds (anything unexpected reads as 0). */
export function storedVersion(value: unknown): number {
  const version = (value as { version?: unknown } | null)?.version;
  return typeof version === 'number' && Number.isSafeInteger(version) && version >= 0 ? version : 0;
}
