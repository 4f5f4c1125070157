/** A per-client request budget (abuse limit), behind a port so it can be swapped or shared. */
interface RateLimiter {
  /** Counts one request for `key`; says whether it is allowed and, if not, when to retry. */
  take(key: string): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;
}

/**
 * A fixed-window counter in memory: `limit` requests per `windowMs` per key. It mirrors the
 * function's Netlify `rateLimit` config, which enforces the same budget at the edge in production;
 * this one is what guards `npm start` and tests, where no edge exists.
 */
export class WindowRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(limit: number, windowMs: number, now: () => number = Date.now) {
    this.limit = limit;
    this.windowMs = windowMs;
    this.now = now;
  }

  async take(key: string): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
    const now = this.now();
    if (this.windows.size > 10_000) this.sweep(now);
    const window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      this.windows.set(key, { start: now, count: 1 });
      return { allowed: true };
    }
    if (window.count < this.limit) {
      window.count += 1;
      return { allowed: true };
    }
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000)) };
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (now - window.start >= this.windowMs) this.windows.delete(key);
  }
}
