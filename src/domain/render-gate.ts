/**
 * Expensive work (rendering a PNG) done at most once at a time per key, and by at most `limit`
 * callers at a time overall: a caller asking for a key already being worked on waits for that work
 * and gets its result. The state lives in the instance that created the gate (one per function
 * instance), as a warm Netlify instance keeps its module state.
 */
export interface RenderGate {
  run<T>(key: string, work: () => Promise<T>): Promise<T>;
}

export function createRenderGate(limit: number): RenderGate {
  const inFlight = new Map<string, Promise<unknown>>();
  const waiting: (() => void)[] = [];
  let running = 0;

  async function slot<T>(work: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  }

  return {
    run<T>(key: string, work: () => Promise<T>): Promise<T> {
      const current = inFlight.get(key);
      if (current) return current as Promise<T>;
      const started = slot(work).finally(() => inFlight.delete(key));
      inFlight.set(key, started);
      return started;
    },
  };
}
