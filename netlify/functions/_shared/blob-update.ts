import type { Store } from '@netlify/blobs';

/**
 * The one read-modify-write of the site's blobs: read a blob with its etag, apply an update,
 * write it back conditionally (`onlyIfMatch` with the etag read, `onlyIfNew` when absent), and
 * retry with jittered backoff, a bounded number of times, when another writer won. Netlify's
 * conditional writes are atomic (and so is the local server: scripts/local-blobs.ts), so this is
 * linearisable across instances. Within one instance, updates that queue up for a key while a write
 * is in flight are applied together in the next write (group commit), each getting its own result:
 * a hot blob (a gallery head under concurrent saves) costs one write per batch, not a retry storm.
 */

/** Thrown when every attempt lost its race or failed. */
export class BlobUpdateError extends Error {
  override name = 'BlobUpdateError';
}

/**
 * One update: from the blob's current value (null when absent) to the value to write (`next`;
 * omitted when nothing changes, so nothing is written) and what the caller gets back (`result`).
 * It may run more than once (after a lost race): keep its effects idempotent.
 */
export type BlobUpdate<R> = (current: unknown) => { next?: unknown; result: R } | Promise<{ next?: unknown; result: R }>;

interface Versioned {
  data: unknown;
  etag: string;
}
interface Pending {
  update: BlobUpdate<unknown>;
  resolve: (result: unknown) => void;
  reject: (e: unknown) => void;
}
interface Queue {
  pending: Pending[];
  /** The version this instance last wrote, while the queue is busy (saves a read per batch). */
  version?: Versioned | undefined;
}

const MAX_ATTEMPTS = 20;
/** Busy keys only: an entry is removed when its queue drains, so many keys do not pile up. */
const queues = new Map<string, Queue>();

/**
 * Applies `update` to the JSON blob `key` and resolves with its result once the write landed (or
 * at once when the update changed nothing).
 *
 * @param scope names the store (`getStore` objects may be created per request; the queue is per instance)
 * @example
 * const count = await updateBlob(getStore({ name: 'counters', consistency: 'strong' }), 'counters', 'hits', (v) => {
 *   const next = (typeof v === 'number' ? v : 0) + 1;
 *   return { next, result: next };
 * });
 */
export function updateBlob<R>(store: Store, scope: string, key: string, update: BlobUpdate<R>): Promise<R> {
  const id = `${scope}\n${key}`;
  let queue = queues.get(id);
  const start = !queue;
  if (!queue) {
    queue = { pending: [] };
    queues.set(id, queue);
  }
  const q = queue;
  return new Promise<R>((resolve, reject) => {
    q.pending.push({ update: update as BlobUpdate<unknown>, resolve: resolve as (r: unknown) => void, reject });
    if (start) void flush(store, id, key, q);
  });
}

async function flush(store: Store, id: string, key: string, queue: Queue): Promise<void> {
  while (queue.pending.length > 0) {
    const batch = queue.pending.splice(0);
    try {
      const results = await compareAndSwap(store, key, queue, batch);
      batch.forEach((p, i) => p.resolve(results[i]));
    } catch (e) {
      for (const p of batch) p.reject(e);
    }
  }
  queues.delete(id);
}

async function compareAndSwap(store: Store, key: string, queue: Queue, batch: Pending[]): Promise<unknown[]> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const current = queue.version ?? (await readVersioned(store, key));
    let value = current?.data ?? null;
    let writes = 0;
    const results: unknown[] = [];
    for (const p of batch) {
      const out = await p.update(value);
      if (out.next !== undefined) {
        value = out.next;
        writes += 1;
      }
      results.push(out.result);
    }
    if (writes === 0) return results;
    let written: Awaited<ReturnType<Store['setJSON']>>;
    try {
      written = current ? await store.setJSON(key, value, { onlyIfMatch: current.etag }) : await store.setJSON(key, value, { onlyIfNew: true });
    } catch (e) {
      queue.version = undefined; // the write may or may not have landed: read again next time
      throw e;
    }
    // Released clients can report a failed write as modified with an empty etag: not a success.
    if (written.modified && written.etag) {
      queue.version = { data: value, etag: written.etag };
      return results;
    }
    queue.version = undefined;
    // Full jitter, capped: writers that collided do not collide again in lockstep.
    await new Promise((r) => setTimeout(r, Math.random() * Math.min(5 * 2 ** attempt, 200)));
  }
  throw new BlobUpdateError(`could not update ${key} after ${MAX_ATTEMPTS} attempts`);
}

/** Reads a blob with its etag (null when absent). A read without an etag cannot be written back safely. */
export async function readVersioned(store: Store, key: string): Promise<Versioned | null> {
  const current = await store.getWithMetadata(key, { type: 'json' });
  if (!current) return null;
  if (!current.etag) throw new BlobUpdateError(`read ${key} without an etag`);
  return { data: current.data, etag: current.etag };
}
