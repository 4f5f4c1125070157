import { OPTION_LABELS } from '../option-labels.ts';
import { ALL_STREAM, appendToHead, GALLERY_PAGE_SIZE, orderKeyOf, readGallery, tombstone, type GalleryCursor, type GalleryHead } from './gallery.ts';
import { normalizeIdea, toObject } from './normalize.ts';
import type { IdeaRecord } from './schema.ts';

/** What claiming an anonymous idea did (see `IdeaStore.claim`). */
export type ClaimOutcome = 'claimed' | 'already-yours' | 'owned-by-other' | 'not-found';

/**
 * Storage port for ideas (docs/architecture.md "Ideas and storage"). Implementations: `BlobsIdeaStore`
 * (netlify/functions/_shared/blobs-idea-store.ts, the real one) and `MemoryIdeaStore` (tests).
 */
export interface IdeaStore {
  /**
   * Stores the record, its owner's index entry (with a userId) and, unless it is unlisted, its
   * gallery entries, side by side.
   */
  save(record: IdeaRecord): Promise<void>;
  /** The idea, or null when unknown or being deleted. */
  get(id: string): Promise<IdeaRecord | null>;
  /** The newest listed ideas, newest first, at most `limit` (up to RECENT_INDEX_SIZE): the gallery's newest entries. */
  recent(limit: number): Promise<IdeaRecord[]>;
  /** The user's ideas, newest first. */
  byUser(userId: string, limit?: number): Promise<IdeaRecord[]>;
  /** One gallery page of a stream (ALL_STREAM or a category), newest first (see gallery.ts). */
  gallery(stream: string, limit: number, cursor: GalleryCursor | null): Promise<{ entries: IdeaRecord[]; next: GalleryCursor | null }>;
  /**
   * Gives an anonymous idea to `userId` atomically (compare-and-swap on the record, so two claims
   * cannot both win) and adds it to the user's index. Claiming one's own idea again changes nothing.
   */
  claim(id: string, userId: string): Promise<ClaimOutcome>;
  /**
   * Deletes the idea: from the moment it starts the idea reads as missing; it leaves the gallery
   * and its owner's index before the call returns, and a delete cut off midway is finished by the
   * next read.
   */
  delete(record: IdeaRecord): Promise<void>;
  /**
   * Lists or unlists the idea (its owner's choice): the record first (compare-and-swap), then the
   * gallery streams and the owner's index. A listed-again idea goes to the head of its streams with
   * a new `listedAt` and keeps its `createdAt`. The record as it now is, or null when unknown or
   * being deleted.
   */
  setListed(id: string, listed: boolean): Promise<IdeaRecord | null>;
}

/** The gallery streams an idea belongs to: all ideas, and its category when it has one. */
export function galleryStreams(record: IdeaRecord): string[] {
  const category = toObject(record.parameters)['businessCategory'];
  return typeof category === 'string' && category !== ALL_STREAM && Object.hasOwn(OPTION_LABELS.businessCategory, category)
    ? [ALL_STREAM, category]
    : [ALL_STREAM];
}

/** Whether the idea goes into the recent ideas and the gallery (missing `listed` means yes). */
export function isListed(record: IdeaRecord): boolean {
  return record.listed !== false;
}

/**
 * Every order key under which the idea may have gallery entries: those its record lists, its
 * creation and its current listing (older records list none).
 */
export function entryKeysOf(record: IdeaRecord): string[] {
  return [...new Set([...(record.entryKeys ?? []), record.createdAt, ...(record.listedAt ? [record.listedAt] : [])])];
}

/** The order key of the idea's live gallery entry, or null when it should have none (unlisted, deleted). */
export function liveKeyOf(record: IdeaRecord | null): string | null {
  return record && !record.deletedAt && isListed(record) ? orderKeyOf(record) : null;
}

/** The most recent ideas one read returns (the API's maximum `limit`). */
export const RECENT_INDEX_SIZE = 50;
/** How many entries a user's index keeps. */
export const USER_INDEX_SIZE = 500;

/**
 * What an index keeps per idea: enough for a card (title, summary, category, date) so a list is
 * served from one blob read, however many ideas are stored. The title and summary come from
 * `normalizeIdea`, the one reader of stored ideas, so a card reads exactly like the detail page.
 */
export function toIndexEntry(record: IdeaRecord): IdeaRecord {
  const view = normalizeIdea(record);
  const parameters = toObject(record.parameters);
  return {
    id: record.id,
    businessName: record.businessName,
    // The texts normalizeIdea read, under keys it reads: normalising the entry again gives the
    // same title and summary (and the API keeps its `businessName` / `executiveSummary` shape).
    generatedIdea: { businessName: view.title, ...(view.summary ? { executiveSummary: view.summary } : {}) },
    parameters,
    createdAt: record.createdAt,
    ...(record.userId ? { userId: record.userId } : {}),
    ...(record.engine ? { engine: record.engine } : {}),
    ...(record.model ? { model: record.model } : {}),
    ...(record.listed === false ? { listed: false } : {}),
    ...(record.listedAt ? { listedAt: record.listedAt } : {}),
  };
}

/** The record as listed (again) now, or unlisted; the same record when nothing changes. */
export function withListing(record: IdeaRecord, listed: boolean, now: string): IdeaRecord {
  if (isListed(record) === listed) return record;
  if (!listed) return { ...record, listed: false };
  // Never before its creation (a clock behind), so it sorts no older than the idea itself.
  return { ...record, listed: true, listedAt: now > record.createdAt ? now : record.createdAt };
}

/** Replaces the entry of `record` in a newest-first index (same place), or null when absent. */
export function replaceInIndex(index: IdeaRecord[], record: IdeaRecord): IdeaRecord[] | null {
  const at = index.findIndex((e) => e.id === record.id);
  if (at < 0) return null;
  const next = [...index];
  next[at] = toIndexEntry(record);
  return next;
}

/** The gallery's entry: the index entry without the owner (pages are public, and never rewritten on a claim). */
export function toGalleryEntry(record: IdeaRecord): IdeaRecord {
  const { userId: _owner, ...entry } = toIndexEntry(record);
  return entry;
}

/** Inserts `entry` into a newest-first index, without duplicates, capped at `max`. */
export function insertIntoIndex(index: IdeaRecord[], entry: IdeaRecord, max: number): IdeaRecord[] {
  const rest = index.filter((e) => e.id !== entry.id);
  const next = [...rest, entry].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1));
  return next.slice(0, max);
}

/** In-memory store with the same semantics, for unit tests of code that takes the port. */
export class MemoryIdeaStore implements IdeaStore {
  readonly ideas = new Map<string, IdeaRecord>();
  private userIndex = new Map<string, IdeaRecord[]>();
  private heads = new Map<string, GalleryHead>();
  private pages = new Map<string, unknown[]>();
  private readonly pageSize: number;

  constructor(pageSize = GALLERY_PAGE_SIZE) {
    this.pageSize = pageSize;
  }

  async save(record: IdeaRecord): Promise<void> {
    this.ideas.set(record.id, record);
    const entry = toIndexEntry(record);
    if (record.userId) this.userIndex.set(record.userId, insertIntoIndex(this.userIndex.get(record.userId) ?? [], entry, USER_INDEX_SIZE));
    if (!isListed(record)) return;
    for (const stream of galleryStreams(record)) {
      const { head, sealed } = appendToHead(this.heads.get(stream) ?? { page: 0, entries: [] }, toGalleryEntry(record), this.pageSize);
      if (sealed) this.pages.set(`${stream}/${sealed.page}`, sealed.entries);
      this.heads.set(stream, head);
    }
  }

  async get(id: string): Promise<IdeaRecord | null> {
    return this.ideas.get(id) ?? null;
  }

  async recent(limit: number): Promise<IdeaRecord[]> {
    return (await this.gallery(ALL_STREAM, Math.min(limit, RECENT_INDEX_SIZE), null)).entries;
  }

  async byUser(userId: string, limit = USER_INDEX_SIZE): Promise<IdeaRecord[]> {
    return (this.userIndex.get(userId) ?? []).slice(0, limit);
  }

  async gallery(stream: string, limit: number, cursor: GalleryCursor | null) {
    return readGallery(
      { head: async () => this.heads.get(stream) ?? null, sealed: async (page) => this.pages.get(`${stream}/${page}`) ?? null },
      limit,
      cursor,
      this.pageSize,
    );
  }

  async claim(id: string, userId: string): Promise<ClaimOutcome> {
    const record = this.ideas.get(id);
    if (!record) return 'not-found';
    if (record.userId) return record.userId === userId ? 'already-yours' : 'owned-by-other';
    const owned = { ...record, userId };
    this.ideas.set(id, owned);
    this.userIndex.set(userId, insertIntoIndex(this.userIndex.get(userId) ?? [], toIndexEntry(owned), USER_INDEX_SIZE));
    return 'claimed';
  }

  async delete(record: IdeaRecord): Promise<void> {
    if (record.userId)
      this.userIndex.set(
        record.userId,
        (this.userIndex.get(record.userId) ?? []).filter((e) => e.id !== record.id),
      );
    this.takeOut(record.id, null);
    this.ideas.delete(record.id);
  }

  /** Every gallery entry of the idea except its live one (`keep`), in every stream. */
  private takeOut(id: string, keep: string | null): void {
    const stale = (entries: unknown[]) =>
      entries.map((e) => ((e as { id?: unknown }).id === id && orderKeyOf(e) !== '' && orderKeyOf(e) !== keep ? (tombstone([e], id) ?? [e])[0] : e));
    for (const [key, head] of this.heads) this.heads.set(key, { page: head.page, entries: stale(head.entries) });
    for (const [key, entries] of this.pages) this.pages.set(key, stale(entries));
  }

  async setListed(id: string, listed: boolean): Promise<IdeaRecord | null> {
    const before = this.ideas.get(id);
    if (!before) return null;
    const after = withListing(before, listed, new Date().toISOString());
    this.ideas.set(id, after);
    if (after.userId) this.userIndex.set(after.userId, replaceInIndex(this.userIndex.get(after.userId) ?? [], after) ?? []);
    const live = liveKeyOf(after);
    // Re-applied even when the record did not change: a repeated unlist or relist repairs the streams.
    this.takeOut(id, live);
    if (live !== null)
      for (const stream of galleryStreams(after)) {
        const { head, sealed } = appendToHead(this.heads.get(stream) ?? { page: 0, entries: [] }, toGalleryEntry(after), this.pageSize);
        if (sealed) this.pages.set(`${stream}/${sealed.page}`, sealed.entries);
        this.heads.set(stream, head);
      }
    return after;
  }
}
