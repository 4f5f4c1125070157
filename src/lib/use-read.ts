import { useEffect, useRef, useState } from 'react';

/**
 * One JSON read with the policies of docs/spec.md section 7, for the /ideas page: made when the component
 * mounts (or when `enabled` becomes true), never refetched on focus or on an interval, never stale,
 * retried only `retry` times (1 s, 2 s, 4 s... apart). Replaces react-query there: with it the page
 * shipped 84.6 KB of JavaScript against a budget of 80 KB (docs/decisions/009).
 */
export interface ReadState<T> {
  data: T | undefined;
  error: Error | null;
  /** No data and no error yet. */
  isPending: boolean;
  /** Pending and enabled: the read is under way (or about to start, before the first effect). */
  isLoading: boolean;
  isError: boolean;
}

export const retryDelay = (attempt: number): number => Math.min(1000 * 2 ** (attempt - 1), 30_000);

/** Calls `load` until it succeeds or `retry` extra attempts have failed; stops early once `cancelled()`. */
export async function loadWithRetry<T>(
  load: () => Promise<T>,
  retry: number,
  cancelled: () => boolean,
  delay: (attempt: number) => number = retryDelay,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (e) {
      if (attempt >= retry || cancelled()) throw e;
      await new Promise((resolve) => setTimeout(resolve, delay(attempt + 1)));
      if (cancelled()) throw e;
    }
  }
}

export function useRead<T>(load: () => Promise<T>, { enabled = true, retry = 0 }: { enabled?: boolean; retry?: number } = {}): ReadState<T> {
  const [state, setState] = useState<{ data?: T; error: Error | null }>({ error: null });
  // One read per enabling: the latest `load` and `retry` are used, but a new function identity on
  // every render does not read again.
  const latest = useRef({ load, retry });
  useEffect(() => {
    latest.current = { load, retry };
  });
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    loadWithRetry(latest.current.load, latest.current.retry, () => cancelled).then(
      (data) => !cancelled && setState({ data, error: null }),
      (e: unknown) => !cancelled && setState({ error: e instanceof Error ? e : new Error(String(e)) }),
    );
    return () => {
      cancelled = true;
    };
  }, [enabled]);
  const isPending = state.data === undefined && state.error === null;
  return { data: state.data, error: state.error, isPending, isLoading: isPending && enabled, isError: state.error !== null };
}
