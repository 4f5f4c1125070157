import { useEffect, useState } from 'react';

/**
 * One JSON read with the policies of SPEC.md section 7 for the /ideas page: fetched when the
 * component mounts (or when `enabled` becomes true), never refetched on focus or on an interval,
 * never stale, and retried only `retry` times (1 s, then 2 s, 4 s... between attempts, as
 * react-query's default delay). It replaces react-query on that page: with it the page shipped
 * 84.6 KB of JavaScript against a budget of 80 KB (docs/decisions/009).
 */
export interface ReadState<T> {
  data: T | undefined;
  error: Error | null;
  /** No data and no error yet (loading, or waiting for `enabled`). */
  isPending: boolean;
  /** A request is in flight and there is no data yet. */
  isLoading: boolean;
  isError: boolean;
}

export interface ReadOptions {
  enabled?: boolean;
  /** Extra attempts after a failure (default 0). */
  retry?: number;
  /** Delay before retry `n` (1-based), in ms. */
  retryDelay?: (attempt: number) => number;
}

export const defaultRetryDelay = (attempt: number): number => Math.min(1000 * 2 ** (attempt - 1), 30_000);

/** Calls `load` until it succeeds or `retry` extra attempts have failed; stops early once `cancelled()`. */
export async function loadWithRetry<T>(load: () => Promise<T>, retry: number, retryDelay: (attempt: number) => number, cancelled: () => boolean): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (e) {
      if (attempt >= retry || cancelled()) throw e;
      await new Promise((resolve) => setTimeout(resolve, retryDelay(attempt + 1)));
      if (cancelled()) throw e;
    }
  }
}

/** `key` identifies the read: a new key reads again (like a react-query key). */
export function useRead<T>(key: string, load: () => Promise<T>, { enabled = true, retry = 0, retryDelay = defaultRetryDelay }: ReadOptions = {}): ReadState<T> {
  const [state, setState] = useState<{ key: string; data?: T; error: Error | null; fetching: boolean }>({ key, error: null, fetching: false });
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    setState({ key, error: null, fetching: true });
    loadWithRetry(load, retry, retryDelay, () => cancelled).then(
      (data) => !cancelled && setState({ key, data, error: null, fetching: false }),
      (e: unknown) => !cancelled && setState({ key, error: e instanceof Error ? e : new Error(String(e)), fetching: false }),
    );
    return () => {
      cancelled = true;
    };
    // `load` and the retry policy belong to `key`: a new function with the same key is the same read.
  }, [key, enabled]);
  const current = state.key === key ? state : { key, error: null, fetching: false };
  const isPending = current.data === undefined && current.error === null;
  return {
    data: current.data,
    error: current.error,
    isPending,
    // Before the first effect runs, an enabled read is about to start: loading, as react-query says.
    isLoading: isPending && (current.fetching || enabled),
    isError: current.error !== null,
  };
}
