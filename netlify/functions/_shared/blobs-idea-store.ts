import { getStore, type Store } from '@netlify/blobs';
import { ALL_STREAM, appendToHead, orderKeyOf, parseHead, readGallery, tombstone, type GalleryCursor } from '../../../src/domain/ideas/gallery.ts';
import { ideaRecordSchema, type IdeaRecord } from '../../../src/domain/ideas/schema.ts';
import {
  galleryStreams,
  insertIntoIndex,
  isListed,
  RECENT_INDEX_SIZE,
  replaceInIndex,
  toGalleryEntry,
  toIndexEntry,
  USER_INDEX_SIZE,
  withListing,
  type ClaimOutcome,
  type IdeaStore,
} from '../../../src/domain/ideas/store.ts';
import { readVersioned, updateBlob } from './blob-update.ts';

export const userKey = (userId: string) => `index/user/${encodeURIComponent(userId)}`;
export const ideaKey = (id: string) => `ideas/${id}`;
/** The newest page of a gallery stream. */
export const galleryHeadKey = (stream: string) => `gallery/${stream}/head`;
/** A sealed (full, never appended to again) page of a gallery stream. */
export const galleryPageKey = (stream: string, page: number) => `gallery/${stream}/pages/${page}`;
/** The store name, which scopes the per-instance write queues of blob-update.ts. */
const SCOPE = 'ideas';
const MAX_ATTEMPTS = 20;

/** Thrown when an idea or an index could not be written. */
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

/** How far out of creation order overlapping saves may land, at most (more than the writers in flight). */
const RECENT_WINDOW = 50;

/** Newest first by when they were listed (then by id, so equal times have one order). */
function newestFirst(entries: IdeaRecord[]): IdeaRecord[] {
  return entries
    .map((entry) => ({ entry, key: orderKeyOf(entry) }))
    .sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : a.entry.id < b.entry.id ? 1 : -1))
    .map(({ entry }) => entry);
}

let defaultStore: Store | undefined;
/** The site's idea store, created once per instance. */
function ideasStore(): Store {
  defaultStore ??= getStore({ name: 'ideas', consistency: 'strong' });
  return defaultStore;
}

/**
 * The real idea store on Netlify Blobs. A saved idea is written side by side into its record, its
 * gallery streams (all ideas, its category) and, when signed in, its owner's index: 3 blobs for an
 * anonymous listed idea, 4 signed in, plus a sealed page once per 100 entries of a stream. The
 * recent ideas are the head of the all-ideas stream (no second index to keep in step). Every
 * change of a shared blob goes through blob-update.ts (compare-and-swap), so a delete, a claim and
 * a save racing each other all land: a tombstone is never overwritten by an append.
 */
export class BlobsIdeaStore implements IdeaStore {
  private readonly store: Store;

  // No parameter property: plain `node` (type stripping) runs scripts that import this file.
  constructor(store: Store = ideasStore()) {
    this.store = store;
  }

  private update<R>(key: string, update: (data: unknown) => { next?: unknown; result: R } | Promise<{ next?: unknown; result: R }>): Promise<R> {
    return updateBlob(this.store, SCOPE, key, update);
  }

  async save(record: IdeaRecord): Promise<void> {
    const writes: Promise<unknown>[] = [
      this.store.setJSON(ideaKey(record.id), record).then((written) => {
        if (!written.modified || !written.etag) throw new IndexUpdateError(`idea ${record.id} was not written`);
      }),
    ];
    if (record.userId) writes.push(this.addToUserIndex(record, record.userId));
    if (isListed(record)) for (const stream of galleryStreams(record)) writes.push(this.appendToStream(stream, record));
    // Side by side: a list entry may be read a moment before its record; the idea page of an id
    // not yet written is a 404 for those few milliseconds, never a broken page. A save that failed
    // in part takes back what it wrote (the caller reports the failure; nothing half-saved stays).
    const outcomes = await Promise.allSettled(writes);
    const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (!failed) return;
    await this.finishDelete(record).catch((e: unknown) => console.error(`idea ${record.id}: undoing a failed save failed`, e));
    throw failed.reason;
  }

  /** Appends the idea's gallery entry to the head of a stream (once: a retried append changes nothing). */
  private appendToStream(stream: string, record: IdeaRecord): Promise<void> {
    const entry = toGalleryEntry(record);
    return this.update(galleryHeadKey(stream), async (data) => {
      const current = parseHead(data);
      const { head, sealed } = appendToHead(current, entry);
      if (head === current) return { result: undefined }; // already there (a retried save)
      // Sealed before the head moves on: a reader never finds a page missing. onlyIfNew: a
      // page once sealed is only ever changed by tombstones, never rewritten.
      if (sealed) await this.store.setJSON(galleryPageKey(stream, sealed.page), sealed.entries, { onlyIfNew: true });
      return { next: head, result: undefined };
    });
  }

  async setListed(id: string, listed: boolean): Promise<IdeaRecord | null> {
    const change = await this.update(ideaKey(id), (data) => {
      const parsed = ideaRecordSchema.safeParse(data);
      if (!parsed.success || parsed.data.deletedAt) return { result: null };
      const after = withListing(parsed.data, listed, new Date().toISOString());
      return after === parsed.data ? { result: { before: parsed.data, after } } : { next: after, result: { before: parsed.data, after } };
    });
    if (!change) return null;
    const { before, after } = change;
    if (after === before) return after;
    const streams = galleryStreams(after);
    await Promise.all([
      ...(after.userId
        ? [
            this.update(userKey(after.userId), (data) => {
              const index = replaceInIndex(parseIndex(data), after);
              return index ? { next: index, result: undefined } : { result: undefined };
            }),
          ]
        : []),
      ...streams.map(async (stream) => {
        if (!listed) return this.removeFromStream(stream, before);
        await this.appendToStream(stream, after);
        // A change that overtook this one (unlisted again, deleted) may have looked for this entry
        // before it landed: if this listing is no longer the record's, take the entry back.
        const now = await this.get(id);
        if (!now || !isListed(now) || orderKeyOf(now) !== orderKeyOf(after)) await this.removeFromStream(stream, after);
      }),
    ]);
    return after;
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

  /**
   * The newest listed ideas: the head of the all-ideas stream (and the page before, when needed).
   * Saves that overlap can land a few places out of creation order (around a sealed page, where
   * the head cannot reorder them), so a window of RECENT_WINDOW more entries is read and sorted.
   */
  async recent(limit: number): Promise<IdeaRecord[]> {
    const wanted = Math.min(limit, RECENT_INDEX_SIZE);
    const { entries } = await this.gallery(ALL_STREAM, wanted + RECENT_WINDOW, null);
    return newestFirst(entries).slice(0, wanted);
  }

  async claim(id: string, userId: string): Promise<ClaimOutcome> {
    const key = ideaKey(id);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const current = await readVersioned(this.store, key);
      const parsed = current ? ideaRecordSchema.safeParse(current.data) : null;
      if (!current || !parsed?.success || parsed.data.deletedAt) return 'not-found';
      const record = parsed.data;
      if (record.userId) {
        if (record.userId !== userId) return 'owned-by-other';
        // A claim that won earlier but failed before its index update: finish it (idempotent).
        await this.addToUserIndex(record, userId);
        return 'already-yours';
      }
      const owned = { ...record, userId };
      const written = await this.store.setJSON(key, owned, { onlyIfMatch: current.etag });
      if (!written.modified || !written.etag) continue; // another claim or writer won: read again
      await this.addToUserIndex(owned, userId);
      return 'claimed';
    }
    throw new IndexUpdateError(`could not claim ${id} after ${MAX_ATTEMPTS} attempts`);
  }

  private addToUserIndex(record: IdeaRecord, userId: string): Promise<void> {
    const entry = toIndexEntry(record);
    return this.update(userKey(userId), (data) => {
      const index = parseIndex(data);
      return index.some((e) => e.id === record.id && e.userId === userId)
        ? { result: undefined }
        : { next: insertIntoIndex(index, entry, USER_INDEX_SIZE), result: undefined };
    });
  }

  /**
   * Deletes an idea in three steps. First the record is marked deleted (a compare-and-swap: from
   * here on it reads as missing and cannot be claimed); then it leaves the gallery streams and its
   * owner's index; then the record goes. A delete cut off after the mark (a crash) is finished by
   * the next read of the idea (`get`), so a deleted idea never comes back.
   */
  async delete(record: IdeaRecord): Promise<void> {
    const marked = await this.update(ideaKey(record.id), (data) => {
      const parsed = ideaRecordSchema.safeParse(data);
      if (!parsed.success) return { result: null };
      if (parsed.data.deletedAt) return { result: parsed.data };
      const next = { ...parsed.data, deletedAt: new Date().toISOString() };
      return { next, result: next };
    });
    if (marked) await this.finishDelete(marked);
  }

  private async finishDelete(record: IdeaRecord): Promise<void> {
    await Promise.all([
      // An unlisted idea has no live entry (a listing in flight takes its own entry back).
      ...(isListed(record) ? galleryStreams(record).map((stream) => this.removeFromStream(stream, record)) : []),
      ...(record.userId
        ? [
            this.update(userKey(record.userId), (data) => {
              const index = parseIndex(data);
              return index.some((e) => e.id === record.id) ? { next: index.filter((e) => e.id !== record.id), result: undefined } : { result: undefined };
            }),
          ]
        : []),
    ]);
    // Last: until here the marked record tells a reader (and a repeated delete) what is left to do.
    await this.store.delete(ideaKey(record.id));
  }

  /**
   * Replaces the idea's entry in a stream with a tombstone (its place stays, so cursors stay
   * valid). The entry is in the head or in the sealed page its creation time falls in: pages are
   * appended in time order, so a binary search over the sealed pages finds it in O(log pages)
   * reads, and the neighbours are checked for entries appended out of order around a seal; pages
   * out of time order fall back to a scan.
   */
  private async removeFromStream(stream: string, record: IdeaRecord): Promise<void> {
    const key = orderKeyOf(record);
    const inHead = await this.update(galleryHeadKey(stream), (data) => {
      const head = parseHead(data);
      const entries = tombstone(head.entries, record.id, key);
      return entries ? { next: { page: head.page, entries }, result: true } : { result: false };
    });
    if (inHead) return;
    const head = parseHead(await this.store.get(galleryHeadKey(stream), { type: 'json' }));
    if (head.page === 0) return;
    const read = async (page: number): Promise<unknown[]> => {
      const data: unknown = await this.store.get(galleryPageKey(stream, page), { type: 'json' });
      return Array.isArray(data) ? data : [];
    };
    let low = 0;
    let high = head.page - 1;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      const entries = await read(mid);
      const first = entries.map(orderKeyOf).find((t) => t !== '') ?? '';
      if (first !== '' && first > key) high = mid - 1;
      else low = mid;
    }
    const tombstoneOn = (page: number) =>
      this.update(galleryPageKey(stream, page), (data) => {
        const entries = Array.isArray(data) ? tombstone(data, record.id, key) : null;
        return entries ? { next: entries, result: true } : { result: false };
      });
    const near = [low, low + 1, low - 1].filter((page) => page >= 0 && page < head.page);
    for (const page of near) if (await tombstoneOn(page)) return;
    // Pages out of time order (a clock that jumped, imported ideas): look through the rest, newest first.
    for (let page = head.page - 1; page >= 0; page -= 1) if (!near.includes(page) && (await tombstoneOn(page))) return;
  }

  async get(id: string): Promise<IdeaRecord | null> {
    const data: unknown = await this.store.get(ideaKey(id), { type: 'json' });
    if (data === null || data === undefined) return null;
    const parsed = ideaRecordSchema.safeParse(data);
    if (!parsed.success) return null;
    if (parsed.data.deletedAt) {
      // A delete that was cut off: finish it now.
      await this.finishDelete(parsed.data);
      return null;
    }
    return parsed.data;
  }

  async byUser(userId: string, limit = USER_INDEX_SIZE): Promise<IdeaRecord[]> {
    return parseIndex(await this.store.get(userKey(userId), { type: 'json' }), limit);
  }
}
