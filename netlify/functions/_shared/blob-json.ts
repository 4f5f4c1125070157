import type { Store } from '@netlify/blobs';

/**
 * Atomic read-modify-write of one small JSON blob: a compare-and-swap loop (`onlyIfMatch` with
 * the etag read, `onlyIfNew` when absent) retried when another writer won, behind a per-process
 * queue per key. The queue matters as much as the loop: the local Blobs server checks then
 * writes, not atomically, and one warm instance otherwise races itself; updates that queue up
 * while a write is in flight are applied together in the next write (group commit), each getting
 * its own result. The same design as the idea indexes (`blobs-idea-store.ts`).
 */

/** Thrown when every compare-and-swap attempt lost or failed. */
class BlobUpdateError extends Error {
  override name = 'BlobUpdateError';
}

/**
 * One update: from the blob's current value (null when absent) to the value to write (`next`;
 * omitted when nothing changes, so nothing is written) and what the caller gets back (`result`).
 * It may run more than once (a retry after a lost race): keep it pure.
 */
export type JsonUpdate<R> = (current: unknown) => { next?: unknown; result: R };

interface Versioned {
  data: unknown;
  etag: string;
}
interface Pending {
  update: JsonUpdate<unknown>;
  resolve: (result: unknown) => void;
  reject: (e: unknown) => void;
}
interface Queue {
  pending: Pending[];
  /** The version this process last wrote, while the queue is busy (saves a read per batch). */
  version?: Versioned | undefined;
}

const MAX_ATTEMPTS = 20;
/**
 * Busy keys only: an entry is removed when its queue drains, so many keys do not pile up. Kept on
 * globalThis so functions bundled separately but run in one process (the local server) share it.
 */
const QUEUES = Symbol.for('book-site.blob-json.queues');
const queues: Map<string, Queue> = ((globalThis as { [QUEUES]?: Map<string, Queue> })[QUEUES] ??= new Map());

/**
 * Applies `update` to the JSON blob `key` atomically and resolves with its result once the write
 * landed (or at once when the update changed nothing).
 *
 * @param scope names the store (`getStore` objects are created per request, the queue is per process)
 * @example
 * const count = await updateJson(getStore({ name: 'counters', consistency: 'strong' }), 'counters', 'hits', (v) => {
 *   const next = (typeof v === 'number' ? v : 0) + 1;
 *   return { next, result: next };
 * });
 */
export function updateJson<R>(store: Store, scope: string, key: string, update: JsonUpdate<R>): Promise<R> {
  const id = `${scope}\n${key}`;
  let queue = queues.get(id);
  const start = !queue;
  if (!queue) {
    queue = { pending: [] };
    queues.set(id, queue);
  }
  const q = queue;
  return new Promise<R>((resolve, reject) => {
    q.pending.push({ update, resolve: resolve as (r: unknown) => void, reject });
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
    if (current === 'changed') continue;
    let value = current?.data ?? null;
    let writes = 0;
    const results: unknown[] = [];
    for (const p of batch) {
      const out = p.update(value);
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
    await new Promise((r) => setTimeout(r, Math.min(5 * 2 ** attempt, 200) * Math.random()));
  }
  throw new BlobUpdateError(`could not update ${key} after ${MAX_ATTEMPTS} attempts`);
}

/**
 * Reads a blob with its etag. Netlify returns the etag with the data; the local Blobs server does
 * not (it only lists etags), so there the etag is listed before and after a second read and a
 * change in between counts as a lost race ('changed').
 */
async function readVersioned(store: Store, key: string): Promise<Versioned | null | 'changed'> {
  const current = await store.getWithMetadata(key, { type: 'json' });
  if (!current) return null;
  if (current.etag) return { data: current.data, etag: current.etag };
  const listed = async () => (await store.list({ prefix: key })).blobs.find((b) => b.key === key)?.etag;
  const before = await listed();
  const again = await store.getWithMetadata(key, { type: 'json' });
  const after = await listed();
  if (!again || !before || before !== after) return 'changed';
  return { data: again.data, etag: after };
}
