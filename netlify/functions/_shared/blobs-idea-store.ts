import { randomUUID } from 'node:crypto';
import { getStore, type Store } from '@netlify/blobs';
import { ALL_STREAM, appendToHead, orderKeyOf, parseHead, readGallery, tombstone, type GalleryCursor } from '../../../src/domain/ideas/gallery.ts';
import { ideaRecordSchema, type IdeaRecord } from '../../../src/domain/ideas/schema.ts';
import {
  entryKeysOf,
  galleryStreams,
  insertIntoIndex,
  isListed,
  liveKeyOf,
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
/**
 * The listing changes and deletes in flight (see `BlobsIdeaStore`): while an idea is named here, a
 * public read checks its entries against its record.
 */
export const PENDING_KEY = 'gallery/pending';
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

/** A listing change or delete in flight: the idea, the keys and streams its entries may be under. */
interface PendingChange {
  id: string;
  token: string;
  /** ISO 8601: when it began. */
  at: string;
  keys: string[];
  streams: string[];
}

/** The pending list as stored, malformed items dropped. */
function parsePending(data: unknown): PendingChange[] {
  if (!Array.isArray(data)) return [];
  return data.filter(
    (c): c is PendingChange =>
      !!c &&
      typeof c === 'object' &&
      typeof (c as PendingChange).id === 'string' &&
      typeof (c as PendingChange).token === 'string' &&
      typeof (c as PendingChange).at === 'string' &&
      Array.isArray((c as PendingChange).keys) &&
      Array.isArray((c as PendingChange).streams),
  );
}

/** A function's deadline and then some: a save or change older than this is no longer in flight. */
const DEADLINE_MS = 75_000;
/** Entries younger than this are checked against their record by public reads (a save may be cut off). */
const YOUNG_MS = 180_000;

/** Whether an order key is recent enough that its save may have been cut off before its record. */
function isYoung(key: string, now: number): boolean {
  const age = now - Date.parse(key);
  return age > -DEADLINE_MS && age < YOUNG_MS;
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
    const stored = record;
    // The lists first, the record last: the record is the commit. A save cut off before it leaves
    // entries without a record, which public reads hide while they are young (`checked`) and take
    // out after the save's deadline; never a public idea missing from the gallery.
    const lists: Promise<unknown>[] = [];
    if (record.userId) lists.push(this.addToUserIndex(stored, record.userId));
    if (isListed(record)) for (const stream of galleryStreams(record)) lists.push(this.appendToStream(stream, stored));
    const outcomes = await Promise.allSettled(lists);
    let failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (!failed) {
      try {
        const written = await this.store.setJSON(ideaKey(record.id), stored);
        if (!written.modified || !written.etag) throw new IndexUpdateError(`idea ${record.id} was not written`);
        return;
      } catch (e) {
        failed = { status: 'rejected', reason: e };
      }
    }
    // A save that failed in part takes back what it wrote (the caller reports the failure).
    await this.finishDelete(stored, entryKeysOf(stored), galleryStreams(stored)).catch((e: unknown) =>
      console.error(`idea ${record.id}: undoing a failed save failed`, e),
    );
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

  /**
   * Lists or unlists an idea so that no failure leaves the public lists disagreeing with it: the
   * change is first named in the pending list (public reads then check the idea's entries against
   * its record), a new listing's entry is appended before the record says listed, the record
   * changes (compare-and-swap, keeping every key that may still have entries), `reconcile` makes
   * the streams and the owner's index agree with the record, and only then is the change taken off
   * the pending list. A repeated change re-applies it; a change cut off is finished by the next
   * change, by the idea's page or by a public read that meets it.
   */
  async setListed(id: string, listed: boolean): Promise<IdeaRecord | null> {
    const first = await this.get(id);
    if (!first) return null;
    const now = new Date().toISOString();
    // A listing gets a fresh entry, appended before any record can say so. It becomes the live one
    // if the idea is unlisted when the record changes; otherwise reconcile takes it out again.
    const fresh = listed ? (now > first.createdAt ? now : first.createdAt) : null;
    const streams = galleryStreams(first);
    const change: PendingChange = { id, token: randomUUID(), at: now, keys: [...new Set([...entryKeysOf(first), ...(fresh ? [fresh] : [])])], streams };
    await this.addPending(change);
    if (fresh !== null) {
      const entry = toGalleryEntry({ ...first, listed: true, listedAt: fresh });
      await Promise.all(streams.map((stream) => this.appendToStream(stream, entry)));
    }
    const changed = await this.update(ideaKey(id), (data) => {
      const parsed = ideaRecordSchema.safeParse(data);
      if (!parsed.success || parsed.data.deletedAt) return { result: false };
      const current = parsed.data;
      const after = fresh === null ? withListing(current, false, now) : isListed(current) ? current : { ...current, listed: true, listedAt: fresh };
      return { next: { ...after, entryKeys: [...new Set([...entryKeysOf(current), ...(fresh ? [fresh] : [])])] }, result: true };
    });
    await this.reconcile(change);
    await this.clearPending(change.token);
    return changed ? this.get(id) : null;
  }

  /**
   * Makes an idea's gallery entries and its owner's index agree with its record: every entry under
   * a key other than the live one is taken out (the live one was appended before the record said
   * so), the owner's index shows the record's listing (or loses a deleted idea), and the record
   * keeps only its live key (a deleted record goes). Repeated until the record did not change while
   * it ran; `change` names the keys and streams when the record is gone.
   */
  private async reconcile(change: PendingChange): Promise<void> {
    for (let round = 0; round < 5; round += 1) {
      const record = await this.readRecord(change.id);
      const live = liveKeyOf(record);
      const keys = [...new Set([...change.keys, ...(record ? entryKeysOf(record) : [])])].filter((k) => k !== live);
      const streams = record ? galleryStreams(record) : change.streams;
      await Promise.all([
        ...streams.flatMap((stream) => keys.map((key) => this.removeFromStream(stream, change.id, key))),
        ...(record?.userId ? [this.syncUserIndex(record.userId, record, !record.deletedAt)] : []),
      ]);
      if (!record) return;
      const settled = await this.update(ideaKey(change.id), (data) => {
        const parsed = ideaRecordSchema.safeParse(data);
        if (!parsed.success) return { result: 'gone' as const };
        const now = parsed.data;
        if (liveKeyOf(now) !== live || Boolean(now.deletedAt) !== Boolean(record.deletedAt)) return { result: 'changed' as const };
        if (now.deletedAt) return { result: 'deleted' as const };
        const entryKeys = live ? [live] : [];
        return JSON.stringify(now.entryKeys) === JSON.stringify(entryKeys)
          ? { result: 'done' as const }
          : { next: { ...now, entryKeys }, result: 'done' as const };
      });
      if (settled === 'deleted') await this.store.delete(ideaKey(change.id));
      if (settled !== 'changed') return;
    }
  }

  /** The owner's index entry as the record now is: replaced, or removed when `keep` is false. */
  private syncUserIndex(userId: string, record: IdeaRecord, keep: boolean): Promise<void> {
    return this.update(userKey(userId), (data) => {
      const index = parseIndex(data);
      if (!keep) return index.some((e) => e.id === record.id) ? { next: index.filter((e) => e.id !== record.id), result: undefined } : { result: undefined };
      const next = replaceInIndex(index, record);
      return next && JSON.stringify(next) !== JSON.stringify(index) ? { next, result: undefined } : { result: undefined };
    });
  }

  /** The pending changes, as stored (malformed items dropped). */
  private async pending(): Promise<PendingChange[]> {
    return parsePending(await this.store.get(PENDING_KEY, { type: 'json' }));
  }

  private addPending(change: PendingChange): Promise<void> {
    return this.update(PENDING_KEY, (data) => ({ next: [...parsePending(data), change], result: undefined }));
  }

  private clearPending(token: string): Promise<void> {
    return this.update(PENDING_KEY, (data) => {
      const list = parsePending(data);
      return list.some((c) => c.token === token) ? { next: list.filter((c) => c.token !== token), result: undefined } : { result: undefined };
    });
  }

  /** The record as stored (deleted ones included), or null. */
  private async readRecord(id: string): Promise<IdeaRecord | null> {
    const parsed = ideaRecordSchema.safeParse(await this.store.get(ideaKey(id), { type: 'json' }));
    return parsed.success ? parsed.data : null;
  }

  /**
   * Public list entries, checked where they may disagree with their record: an idea with a change
   * pending, and an entry younger than YOUNG_MS (its save may have been cut off before the
   * record). One read of the pending list plus one record read per such entry; an entry that
   * must not show is dropped, and taken out when its change or save can no longer be in flight.
   * Pending changes older than a function's deadline are finished here, at most two a read.
   */
  private async checked(stream: string, entries: IdeaRecord[], pending: PendingChange[]): Promise<IdeaRecord[]> {
    const now = Date.now();
    const pendingIds = new Set(pending.map((c) => c.id));
    const suspect = entries.filter((e) => pendingIds.has(e.id) || isYoung(orderKeyOf(e), now));
    const records = new Map(await Promise.all(suspect.map(async (e) => [e.id, await this.readRecord(e.id)] as const)));
    const wrong = suspect.filter((e) => liveKeyOf(records.get(e.id) ?? null) !== orderKeyOf(e));
    const repairs: Promise<unknown>[] = wrong
      .filter((e) => !pendingIds.has(e.id) && now - Date.parse(orderKeyOf(e)) > DEADLINE_MS)
      .map((e) => this.removeFromStream(stream, e.id, orderKeyOf(e)));
    for (const change of pending.filter((c) => now - Date.parse(c.at) > DEADLINE_MS).slice(0, 2))
      repairs.push(this.reconcile(change).then(() => this.clearPending(change.token)));
    await Promise.all(repairs).catch((e: unknown) => console.error('repairing a listing failed', e));
    const hidden = new Set(wrong);
    return entries.filter((e) => !hidden.has(e));
  }

  async gallery(stream: string, limit: number, cursor: GalleryCursor | null): Promise<{ entries: IdeaRecord[]; next: GalleryCursor | null }> {
    const [page, pending] = await Promise.all([this.galleryPage(stream, limit, cursor), this.pending()]);
    return { entries: await this.checked(stream, page.entries, pending), next: page.next };
  }

  private galleryPage(stream: string, limit: number, cursor: GalleryCursor | null): Promise<{ entries: IdeaRecord[]; next: GalleryCursor | null }> {
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
   * Deletes an idea: named in the pending list first, then the record is marked deleted (from
   * here on it reads as missing and cannot be claimed), then every entry of it leaves every stream
   * whatever its listing, it leaves its owner's index, and the record goes. A delete cut off midway
   * is finished by the next read of the idea or by a public read that meets it.
   */
  async delete(record: IdeaRecord): Promise<void> {
    const change: PendingChange = {
      id: record.id,
      token: randomUUID(),
      at: new Date().toISOString(),
      keys: entryKeysOf(record),
      streams: galleryStreams(record),
    };
    await this.addPending(change);
    const marked = await this.update(ideaKey(record.id), (data) => {
      const parsed = ideaRecordSchema.safeParse(data);
      if (!parsed.success) return { result: null };
      if (parsed.data.deletedAt) return { result: parsed.data };
      const next = { ...parsed.data, deletedAt: new Date().toISOString() };
      return { next, result: next };
    });
    await this.finishDelete(marked ?? record, change.keys, change.streams);
    await this.clearPending(change.token);
  }

  /** Takes every entry of the idea out of its streams and its owner's index, then the record. */
  private async finishDelete(record: IdeaRecord, keys: string[], streams: string[]): Promise<void> {
    const all = [...new Set([...keys, ...entryKeysOf(record)])];
    await Promise.all([
      ...streams.flatMap((stream) => all.map((key) => this.removeFromStream(stream, record.id, key))),
      ...(record.userId ? [this.syncUserIndex(record.userId, record, false)] : []),
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
  private async removeFromStream(stream: string, id: string, key: string): Promise<void> {
    const inHead = await this.update(galleryHeadKey(stream), (data) => {
      const head = parseHead(data);
      const entries = tombstone(head.entries, id, key);
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
        const entries = Array.isArray(data) ? tombstone(data, id, key) : null;
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
      await this.finishDelete(parsed.data, entryKeysOf(parsed.data), galleryStreams(parsed.data));
      return null;
    }
    // A listing change that was cut off (a key besides the live one): finish it now.
    const live = liveKeyOf(parsed.data);
    if ((parsed.data.entryKeys ?? []).some((k) => k !== live))
      await this.reconcile({ id, token: '', at: '', keys: parsed.data.entryKeys ?? [], streams: galleryStreams(parsed.data) });
    return parsed.data;
  }

  /**
   * The owner's ideas, newest first. Like the public lists, an entry whose idea has a change
   * pending or was saved moments ago is read from its record (the index may lag a change cut off
   * midway): the owner sees each idea as it is.
   */
  async byUser(userId: string, limit = USER_INDEX_SIZE): Promise<IdeaRecord[]> {
    const [data, pending] = await Promise.all([this.store.get(userKey(userId), { type: 'json' }), this.pending()]);
    const entries = parseIndex(data, limit);
    const now = Date.now();
    const pendingIds = new Set(pending.map((c) => c.id));
    const fresh = await Promise.all(
      entries.map(async (e) => {
        if (!pendingIds.has(e.id) && !isYoung(e.createdAt, now)) return e;
        const record = await this.readRecord(e.id);
        return record && !record.deletedAt && record.userId === userId ? toIndexEntry(record) : null;
      }),
    );
    return fresh.filter((e): e is IdeaRecord => e !== null);
  }
}
