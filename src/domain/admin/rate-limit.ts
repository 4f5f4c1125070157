import { createHash } from 'node:crypto';

/** A failure count inside a fixed window. */
export interface WindowCount {
  count: number;
  /** Start of the window, ms since the epoch. */
  windowStart: number;
}

/**
 * Where failure counters live. Production uses Netlify Blobs (shared by every function instance);
 * tests and single-process use can use the in-memory store below. See docs/decisions/.
 */
export interface CounterStore {
  read(key: string): Promise<WindowCount | null>;
  write(key: string, value: WindowCount): Promise<void>;
  delete(key: string): Promise<void>;
}

export class MemoryCounterStore implements CounterStore {
  readonly #map = new Map<string, WindowCount>();
  async read(key: string): Promise<WindowCount | null> {
    return this.#map.get(key) ?? null;
  }
  async write(key: string, value: WindowCount): Promise<void> {
    this.#map.set(key, value);
  }
  async delete(key: string): Promise<void> {
    this.#map.delete(key);
  }
}

export interface FailureLimits {
  /** Failed attempts one client may make in a window. */
  perClient: number;
  /** Failed attempts all clients together may make in a window (slows distributed guessing). */
  global: number;
  windowMs: number;
}

/** Admin password attempts: 5 failures per client and 50 overall per 15 minutes. */
export const ADMIN_AUTH_LIMITS: FailureLimits = { perClient: 5, global: 50, windowMs: 15 * 60 * 1000 };

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts failed password attempts per client and globally in fixed windows. A client at its limit
 * (or everyone, at the global limit) is refused until the window ends; a success clears the
 * client's own count. Client addresses are stored hashed.
 */
export class FailureLimiter {
  constructor(
    private readonly store: CounterStore,
    private readonly limits: FailureLimits = ADMIN_AUTH_LIMITS,
    private readonly now: () => number = Date.now,
    private readonly scope = 'admin-auth',
  ) {}

  private clientKey(client: string): string {
    return `${this.scope}/client/${createHash('sha256').update(client).digest('hex').slice(0, 32)}`;
  }

  private get globalKey(): string {
    return `${this.scope}/global`;
  }

  private async current(key: string): Promise<WindowCount | null> {
    const value = await this.store.read(key);
    if (!value || this.now() - value.windowStart >= this.limits.windowMs) return null;
    return value;
  }

  /** Whether `client` may try a password now. */
  async check(client: string): Promise<LimitDecision> {
    const [own, all] = await Promise.all([this.current(this.clientKey(client)), this.current(this.globalKey)]);
    const blocked = [own && own.count >= this.limits.perClient ? own : null, all && all.count >= this.limits.global ? all : null].filter(
      (w): w is WindowCount => w !== null,
    );
    if (blocked.length === 0) return { allowed: true };
    const until = Math.max(...blocked.map((w) => w.windowStart + this.limits.windowMs));
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((until - this.now()) / 1000)) };
  }

  /** Counts one failed attempt for `client` and globally. */
  async recordFailure(client: string): Promise<void> {
    await Promise.all([this.clientKey(client), this.globalKey].map((key) => this.increment(key)));
  }

  /** Clears the client's failures after a correct password. */
  async recordSuccess(client: string): Promise<void> {
    await this.store.delete(this.clientKey(client));
  }

  private async increment(key: string): Promise<void> {
    const existing = await this.current(key);
    await this.store.write(key, existing ? { ...existing, count: existing.count + 1 } : { count: 1, windowStart: this.now() });
  }
}
