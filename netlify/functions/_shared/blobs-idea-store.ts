import { getStore, type Store } from '@netlify/blobs';
import { ideaRecordSchema, type IdeaRecord } from '../../../src/domain/ideas/schema.ts';
import { insertIntoIndex, RECENT_INDEX_SIZE, toIndexEntry, USER_INDEX_SIZE, type IdeaStore } from '../../../src/domain/ideas/store.ts';

export const RECENT_KEY = 'index/recent';
export const userKey = (userId: string) => `index/user/${encodeURIComponent(userId)}`;
export const ideaKey = (id: string) => `ideas/${id}`;
const MAX_ATTEMPTS = 20;

/** Thrown when an index could not be updated (every compare-and-swap attempt lost or failed). */
export class IndexUpdateError extends Error {
  override name = 'IndexUpdateError';
}

/** The valid entries of an index blob, in order; at most `limit` (validating stops there). */
function parseIndex(data: unknown, limit = Number.POSITIVE_INFINITY): IdeaRecord[] {
  if (!Array.isArray(data)) return [];
  const entries: IdeaRecord[] = [];
  for (const e of data) {
    if (entries.length >= limit) break;
    const parsed = ideaRecordSchema.safeParse(e);
    if (parsed.success) entries.push(parsed.data);
  }
  return entries;
}

interface Versioned {
  data: unknown;
  etag: string;
}

type IndexUpdate = (index: IdeaRecord[]) => IdeaRecord[];
interface Pending {
  update: IndexUpdate;
  resolve: () => void;
  reject: (e: unknown) => void;
}

/**
 * Per store, per index key, what this process knows:
 * - `version`: the last version it wrote. The next update starts from it and writes with
 *   onlyIfMatch, so the common case is one write. If another process changed the blob meanwhile
 *   the write fails (412), the version is dropped and the blob is read again.
 * - `pending` / `running`: updates are applied by one writer at a time (the local Blobs server
 *   checks then writes, not atomically), and the updates that queue up while a write is in flight
 *   are applied together in the next write (group commit), so throughput does not collapse under
 *   concurrent saves.
 */
interface IndexState {
  version?: Versioned | undefined;
  pending: Pending[];
  running: boolean;
}
const states = new WeakMap<Store, Map<string, IndexState>>();

let defaultStore: Store | undefined;
/** The site's idea store, created once per process (so its cache of index versions is reused). */
function ideasStore(): Store {
  defaultStore ??= getStore({ name: 'ideas', consistency: 'strong' });
  return defaultStore;
}

/** The real idea store: Netlify Blobs with small index blobs updated by compare-and-swap. */
export class BlobsIdeaStore implements IdeaStore {
  private readonly store: Store;
  private readonly indexes: Map<string, IndexState>;

  // No parameter property: plain `node` (type stripping) runs scripts that import this file.
  constructor(store: Store = ideasStore()) {
    this.store = store;
    let indexes = states.get(store);
    if (!indexes) {
      indexes = new Map();
      states.set(store, indexes);
    }
    this.indexes = indexes;
  }

  async save(record: IdeaRecord): Promise<void> {
    const written = await this.store.setJSON(ideaKey(record.id), record);
    if (!written.modified || !written.etag) throw new IndexUpdateError(`idea ${record.id} was not written`);
    const entry = toIndexEntry(record);
    await this.updateIndex(RECENT_KEY, (index) => insertIntoIndex(index, entry, RECENT_INDEX_SIZE));
    if (record.userId) await this.updateIndex(userKey(record.userId), (index) => insertIntoIndex(index, entry, USER_INDEX_SIZE));
  }

  async get(id: string): Promise<IdeaRecord | null> {
    const data: unknown = await this.store.get(ideaKey(id), { type: 'json' });
    if (data === null || data === undefined) return null;
    const parsed = ideaRecordSchema.safeParse(data);
    return parsed.success ? parsed.data : null;
  }

  async recent(limit: number): Promise<IdeaRecord[]> {
    return parseIndex(await this.store.get(RECENT_KEY, { type: 'json' }), limit);
  }

  async byUser(userId: string, limit = USER_INDEX_SIZE): Promise<IdeaRecord[]> {
    return parseIndex(await this.store.get(userKey(userId), { type: 'json' }), limit);
  }

  /**
   * Reads a blob with its etag. Netlify returns the etag with the data; the local Blobs server
   * does not (it only lists etags), so there the etag is listed before and after the read and a
   * change in between counts as a lost race ('changed').
   */
  private async readVersioned(key: string): Promise<Versioned | null | 'changed'> {
    const current = await this.store.getWithMetadata(key, { type: 'json' });
    if (!current) return null;
    if (current.etag) return { data: current.data, etag: current.etag };
    const before = await this.listedEtag(key);
    const again = await this.store.getWithMetadata(key, { type: 'json' });
    const after = await this.listedEtag(key);
    if (!again || !before || before !== after) return 'changed';
    return { data: again.data, etag: after };
  }

  private async listedEtag(key: string): Promise<string | undefined> {
    const { blobs } = await this.store.list({ prefix: key });
    return blobs.find((b) => b.key === key)?.etag;
  }

  /** Queues an update of an index; resolves once a write containing it has landed. */
  private updateIndex(key: string, update: IndexUpdate): Promise<void> {
    let state = this.indexes.get(key);
    if (!state) {
      state = { pending: [], running: false };
      this.indexes.set(key, state);
    }
    const s = state;
    return new Promise<void>((resolve, reject) => {
      s.pending.push({ update, resolve, reject });
      if (!s.running) void this.flush(key, s);
    });
  }

  private async flush(key: string, state: IndexState): Promise<void> {
    state.running = true;
    while (state.pending.length > 0) {
      const batch = state.pending.splice(0);
      try {
        await this.compareAndSwap(key, state, (index) => batch.reduce((acc, p) => p.update(acc), index));
        for (const p of batch) p.resolve();
      } catch (e) {
        for (const p of batch) p.reject(e);
      }
    }
    state.running = false;
  }

  /** Read-modify-write with `onlyIfMatch` / `onlyIfNew`, retried when another writer won. */
  private async compareAndSwap(key: string, state: IndexState, update: IndexUpdate): Promise<void> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const current = state.version ?? (await this.readVersioned(key));
      if (current === 'changed') continue;
      const next = update(parseIndex(current?.data));
      let result: Awaited<ReturnType<Store['setJSON']>>;
      try {
        result = current ? await this.store.setJSON(key, next, { onlyIfMatch: current.etag }) : await this.store.setJSON(key, next, { onlyIfNew: true });
      } catch (e) {
        state.version = undefined; // the write may or may not have landed: read it again next time
        throw e;
      }
      // Released clients can report a failed write as modified with an empty etag: not a success.
      if (result.modified && result.etag) {
        state.version = { data: next, etag: result.etag };
        return;
      }
      state.version = undefined;
      await new Promise((r) => setTimeout(r, Math.min(5 * 2 ** attempt, 200) * Math.random()));
    }
    throw new IndexUpdateError(`could not update ${key} after ${MAX_ATTEMPTS} attempts`);
  }
}
