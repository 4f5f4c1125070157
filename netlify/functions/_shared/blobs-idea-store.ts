import { getStore, type Store } from '@netlify/blobs';
import { ALL_STREAM, appendToHead, parseHead, readGallery, tombstone, type GalleryCursor, type GalleryHead } from '../../../src/domain/ideas/gallery.ts';
import { ideaRecordSchema, type IdeaRecord } from '../../../src/domain/ideas/schema.ts';
import {
  galleryStreams,
  insertIntoIndex,
  isListed,
  RECENT_INDEX_SIZE,
  toGalleryEntry,
  toIndexEntry,
  USER_INDEX_SIZE,
  type ClaimOutcome,
  type IdeaStore,
} from '../../../src/domain/ideas/store.ts';

export const RECENT_KEY = 'index/recent';
export const userKey = (userId: string) => `index/user/${encodeURIComponent(userId)}`;
export const ideaKey = (id: string) => `ideas/${id}`;
/** The newest page of a gallery stream. */
export const galleryHeadKey = (stream: string) => `gallery/${stream}/head`;
/** A sealed (full, never appended to again) page of a gallery stream. */
export const galleryPageKey = (stream: string, page: number) => `gallery/${stream}/pages/${page}`;
/** Which page of each stream holds an idea (so a delete finds its entries without a scan). */
export const galleryLocatorKey = (id: string) => `gallery/where/${id}`;
/** A delete whose locator is missing (a crash right after the append) looks this many sealed pages back. */
const UNLOCATED_SCAN_PAGES = 3;
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

/** A blob's next value from its current one (undefined: nothing to write). */
type BlobUpdate = (data: unknown) => unknown;
interface Pending {
  update: BlobUpdate;
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
    // The indexes are separate blobs: updated side by side once the record exists (a reader
    // following any of them finds it), which halves the round trips a save waits for.
    const updates: Promise<unknown>[] = [];
    if (record.userId) updates.push(this.updateBlob(userKey(record.userId), (data) => insertIntoIndex(parseIndex(data), entry, USER_INDEX_SIZE)));
    if (!isListed(record)) {
      await Promise.all(updates);
      return;
    }
    updates.push(this.updateBlob(RECENT_KEY, (data) => insertIntoIndex(parseIndex(data), entry, RECENT_INDEX_SIZE)));
    const galleryEntry = toGalleryEntry(record);
    const where: Record<string, number> = {};
    updates.push(
      ...galleryStreams(record).map((stream) =>
        this.updateBlob(galleryHeadKey(stream), async (data) => {
          const { head, sealed, page } = appendToHead(parseHead(data), galleryEntry);
          // Sealed before the head moves on: a reader never finds a page missing. onlyIfNew: a
          // page once sealed is only ever changed by deletes (tombstones), never rewritten.
          if (sealed) await this.store.setJSON(galleryPageKey(stream, sealed.page), sealed.entries, { onlyIfNew: true });
          where[stream] = page;
          return head;
        }),
      ),
    );
    await Promise.all(updates);
    await this.store.setJSON(galleryLocatorKey(record.id), where);
  }

  async gallery(stream: string, limit: number, cursor: GalleryCursor | null): Promise<{ entries: IdeaRecord[]; next: GalleryCursor | null }> {
    return readGallery(
      {
        head: async () => {
          const data: unknown = await this.store.get(galleryHeadKey(stream), { type: 'json' });
          return data === null || data === undefined ? null : parseHead(data);
        },
        sealed: async (page) => {
          const data: unknown = await this.store.get(galleryPageKey(stream, page), { type: 'json' });
          return Array.isArray(data) ? data : null;
        },
      },
      limit,
      cursor,
    );
  }

  async claim(id: string, userId: string): Promise<ClaimOutcome> {
    const key = ideaKey(id);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const current = await this.readVersioned(key);
      if (current === 'changed') continue;
      if (!current) return 'not-found';
      const parsed = ideaRecordSchema.safeParse(current.data);
      if (!parsed.success) return 'not-found';
      const record = parsed.data;
      if (record.userId) {
        if (record.userId !== userId) return 'owned-by-other';
        // A claim that won earlier but failed before its index update: finish it (idempotent).
        await this.addToUserIndex(record);
        return 'already-yours';
      }
      const owned = { ...record, userId };
      const written = await this.store.setJSON(key, owned, { onlyIfMatch: current.etag });
      if (!written.modified || !written.etag) continue; // another claim or writer won: read again
      await this.addToUserIndex(owned);
      return 'claimed';
    }
    throw new IndexUpdateError(`could not claim ${id} after ${MAX_ATTEMPTS} attempts`);
  }

  private async addToUserIndex(record: IdeaRecord): Promise<void> {
    if (!record.userId) return;
    const entry = toIndexEntry(record);
    await this.updateBlob(userKey(record.userId), (data) => insertIntoIndex(parseIndex(data), entry, USER_INDEX_SIZE));
    // The recent index carries the owner too: keep it exact (the gallery's entries carry none).
    if (isListed(record))
      await this.updateBlob(RECENT_KEY, (data) => {
        const index = parseIndex(data);
        return index.some((e) => e.id === record.id && e.userId !== record.userId) ? index.map((e) => (e.id === record.id ? entry : e)) : undefined;
      });
  }

  async delete(record: IdeaRecord): Promise<void> {
    if (record.userId)
      await this.updateBlob(userKey(record.userId), (data) => {
        const index = parseIndex(data);
        return index.some((e) => e.id === record.id) ? index.filter((e) => e.id !== record.id) : undefined;
      });
    if (isListed(record)) {
      // The gallery first: the recent index is then topped up from it (so it still holds the 50
      // newest ideas), and a top-up that read the gallery before another delete's tombstone loses
      // its compare-and-swap to that delete's own recent-index update and reads again.
      await this.removeFromGallery(record);
      await this.updateBlob(RECENT_KEY, async (data) => {
        const index = parseIndex(data);
        if (!index.some((e) => e.id === record.id)) return undefined;
        let next = index.filter((e) => e.id !== record.id);
        const { entries } = await this.gallery(ALL_STREAM, RECENT_INDEX_SIZE, null);
        for (const entry of entries) if (!next.some((e) => e.id === entry.id)) next = insertIntoIndex(next, entry, RECENT_INDEX_SIZE);
        return next;
      });
    }
    // Last: until here every index entry still points at an existing record.
    await this.store.delete(ideaKey(record.id));
  }

  /** Replaces the idea's gallery entries with tombstones (their places stay, so cursors stay valid). */
  private async removeFromGallery(record: IdeaRecord): Promise<void> {
    const located: unknown = await this.store.get(galleryLocatorKey(record.id), { type: 'json' });
    const where = located && typeof located === 'object' ? (located as Record<string, unknown>) : {};
    for (const stream of galleryStreams(record)) {
      const page = where[stream];
      if (Number.isSafeInteger(page)) {
        await this.tombstoneAt(stream, page as number, record.id);
        continue;
      }
      // No locator (a crash between the append and its write): the entry is among the newest.
      const head = parseHead(await this.store.get(galleryHeadKey(stream), { type: 'json' }));
      for (let p = head.page; p >= Math.max(0, head.page - UNLOCATED_SCAN_PAGES); p -= 1) if (await this.tombstoneAt(stream, p, record.id)) break;
    }
    await this.store.delete(galleryLocatorKey(record.id));
  }

  /** Tombstones `id` on page `page` of a stream (the head or a sealed page); false when not there. */
  private async tombstoneAt(stream: string, page: number, id: string): Promise<boolean> {
    let found = false;
    let sealed = false;
    await this.updateBlob(galleryHeadKey(stream), (data) => {
      const head: GalleryHead = parseHead(data);
      sealed = head.page !== page;
      if (sealed) return undefined;
      const entries = tombstone(head.entries, id);
      found = entries !== null;
      return entries ? { page, entries } : undefined;
    });
    if (!sealed) return found;
    await this.updateBlob(galleryPageKey(stream, page), (data) => {
      const entries = Array.isArray(data) ? tombstone(data, id) : null;
      found = entries !== null;
      return entries ?? undefined;
    });
    return found;
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

  /** Queues an update of a blob; resolves once a write containing it has landed. */
  private updateBlob(key: string, update: BlobUpdate): Promise<void> {
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
        await this.compareAndSwap(key, state, async (data) => {
          let acc = data;
          let changed = false;
          for (const p of batch) {
            const next = await p.update(acc);
            if (next !== undefined) {
              acc = next;
              changed = true;
            }
          }
          return changed ? acc : undefined;
        });
        for (const p of batch) p.resolve();
      } catch (e) {
        for (const p of batch) p.reject(e);
      }
    }
    state.running = false;
  }

  /** Read-modify-write with `onlyIfMatch` / `onlyIfNew`, retried when another writer won. */
  private async compareAndSwap(key: string, state: IndexState, update: (data: unknown) => Promise<unknown>): Promise<void> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const current = state.version ?? (await this.readVersioned(key));
      if (current === 'changed') continue;
      const next = await update(current?.data);
      if (next === undefined) return; // nothing to change
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
