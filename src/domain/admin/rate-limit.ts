/** A count inside a fixed window. */
export interface WindowCount {
  count: number;
  /** Start of the window, ms since the epoch. */
  windowStart: number;
}

export interface IncrementOptions {
  now: number;
  windowMs: number;
  /** Stop counting at this value: a key already there is returned unchanged (and not written). */
  cap?: number;
}

/**
 * Where attempt counters live. Every operation on a key is atomic: two increments never both see
 * the same count (production: Netlify Blobs with compare-and-swap, `_shared/admin.ts`).
 * See docs/decisions/010-admin-password-limits.md.
 */
export interface CounterStore {
  /** Adds one to `key` in its current window (a new window when none or expired) and returns the count now. */
  increment(key: string, options: IncrementOptions): Promise<WindowCount>;
  /** The count of `key` in its current window (0 when none or expired). */
  read(key: string, options: { now: number; windowMs: number }): Promise<number>;
  /** Starts `key` over (a correct password clears the client's attempts). */
  reset(key: string, now: number): Promise<void>;
}

/** Whether a stored value is a live window. */
export function liveWindow(value: unknown, now: number, windowMs: number): WindowCount | null {
  if (!value || typeof value !== 'object') return null;
  const { count, windowStart } = value as Partial<WindowCount>;
  if (typeof count !== 'number' || typeof windowStart !== 'number' || !Number.isFinite(count) || !Number.isFinite(windowStart)) return null;
  return now - windowStart >= windowMs || windowStart > now + windowMs ? null : { count, windowStart };
}

/**
 * The increment itself, shared by every store: from the stored value to the value to write
 * (undefined when capped) and the count to report.
 */
export function incrementWindow(value: unknown, { now, windowMs, cap }: IncrementOptions): { next: WindowCount | undefined; result: WindowCount } {
  const live = liveWindow(value, now, windowMs);
  if (live && cap !== undefined && live.count >= cap) return { next: undefined, result: live };
  const next = live ? { count: live.count + 1, windowStart: live.windowStart } : { count: 1, windowStart: now };
  return { next, result: next };
}

/** Counters in memory: exact within one process (unit tests, single-process use). */
export class MemoryCounterStore implements CounterStore {
  readonly #map = new Map<string, WindowCount>();
  async increment(key: string, options: IncrementOptions): Promise<WindowCount> {
    const { next, result } = incrementWindow(this.#map.get(key), options);
    if (next) this.#map.set(key, next);
    return result;
  }
  async read(key: string, { now, windowMs }: { now: number; windowMs: number }): Promise<number> {
    return liveWindow(this.#map.get(key), now, windowMs)?.count ?? 0;
  }
  async reset(key: string): Promise<void> {
    this.#map.delete(key);
  }
}
