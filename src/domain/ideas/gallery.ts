import { OPTION_LABELS } from '../option-labels.ts';
import { ideaRecordSchema, type IdeaRecord } from './schema.ts';

/**
 * The gallery (GET /api/ideas): every listed idea, newest first, in pages that cost a small,
 * constant number of blob reads however many ideas exist (docs/decisions/013-idea-gallery-pages.md).
 *
 * Each stream (all ideas, and one per category) is an append-only sequence of pages:
 * - the head `{ page: n, entries }`: the newest page, at most GALLERY_PAGE_SIZE entries, oldest first;
 * - sealed pages 0..n-1, exactly GALLERY_PAGE_SIZE entries each, never appended to again.
 * An entry keeps its page and position for ever (a deleted idea leaves a tombstone in its place),
 * so a cursor `{page, index}` ("the entries before this position") names the same entries however
 * many ideas arrive after it was handed out: no overlaps and no gaps.
 */

/** Entries per page: a page read returns up to MAX_GALLERY_LIMIT cards from one or two pages. */
export const GALLERY_PAGE_SIZE = 100;
const DEFAULT_GALLERY_LIMIT = 20;
const MAX_GALLERY_LIMIT = 50;
/** The most page blobs one gallery read may fetch (pages full of tombstones end a read early). */
export const MAX_PAGE_READS = 4;
/** The stream of every listed idea; the other streams are businessCategory values. */
export const ALL_STREAM = 'all';

/** A removed idea's place in a page. */
interface Tombstone {
  id: string;
  deleted: true;
}

export interface GalleryHead {
  page: number;
  entries: unknown[];
}

/** Where a read continues: the entries of `page` before `index`, then the older pages. */
export interface GalleryCursor {
  page: number;
  index: number;
}

/** The head blob as stored, or an empty first page when missing or malformed. */
export function parseHead(data: unknown): GalleryHead {
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    const { page, entries } = data as { page?: unknown; entries?: unknown };
    if (Number.isSafeInteger(page) && (page as number) >= 0 && Array.isArray(entries)) return { page: page as number, entries };
  }
  return { page: 0, entries: [] };
}

/** The entry ids of a page (tombstones included), for idempotent appends and deletes. */
function idOf(entry: unknown): string | undefined {
  return entry && typeof entry === 'object' && typeof (entry as { id?: unknown }).id === 'string' ? (entry as { id: string }).id : undefined;
}

/**
 * Where a stored entry sorts: when it was last listed (`listedAt`, set when an owner lists an idea
 * again) or else created; '' for a tombstone (which keeps its place) or a malformed entry.
 */
export function orderKeyOf(entry: unknown): string {
  if (!entry || typeof entry !== 'object') return '';
  const { listedAt, createdAt } = entry as { listedAt?: unknown; createdAt?: unknown };
  if (typeof listedAt === 'string' && listedAt !== '') return listedAt;
  return typeof createdAt === 'string' ? createdAt : '';
}

/**
 * Appends an entry to a stream's head. When the head is full it is sealed (`sealed` is the page to
 * write, unchanged, under its number) and a new head starts. Appending an id the head already holds
 * changes nothing (a retried save); an idea listed again (`listedAt`) is appended once per listing.
 */
export function appendToHead(head: GalleryHead, entry: IdeaRecord, pageSize = GALLERY_PAGE_SIZE): { head: GalleryHead; sealed?: GalleryHead; page: number } {
  const key = orderKeyOf(entry);
  // A saved idea's id in the head (even as a tombstone: deleted meanwhile) means a retried save; an
  // idea listed again is new here unless this very listing is already in.
  const present = (e: unknown) => idOf(e) === entry.id && (entry.listedAt === undefined || orderKeyOf(e) === key);
  if (head.entries.some(present)) return { head, page: head.page };
  if (head.entries.length >= pageSize) return { head: { page: head.page + 1, entries: [entry] }, sealed: head, page: head.page + 1 };
  // Saves that overlap can arrive a few milliseconds out of creation order: the entry goes after
  // the last one listed no later than it, so a page (and the recent ideas) reads in time order.
  let at = head.entries.length;
  while (at > 0 && orderKeyOf(head.entries[at - 1]) > key) at -= 1;
  return { head: { page: head.page, entries: [...head.entries.slice(0, at), entry, ...head.entries.slice(at)] }, page: head.page };
}

/**
 * The page with every entry of `id` replaced by a tombstone (same length), or null when there is
 * none. With `key`, only the entries of that listing (their `orderKeyOf`): an idea listed again has a
 * new entry that taking out an earlier listing must not remove.
 */
export function tombstone(entries: unknown[], id: string, key?: string): unknown[] | null {
  const matches = (e: unknown) => idOf(e) === id && orderKeyOf(e) !== '' && (key === undefined || orderKeyOf(e) === key);
  if (!entries.some(matches)) return null;
  return entries.map((e) => (matches(e) ? ({ id, deleted: true } satisfies Tombstone) : e));
}

/** `"page.index"`: opaque to clients, checked on the way in. */
export function encodeCursor(cursor: GalleryCursor): string {
  return `${cursor.page}.${cursor.index}`;
}

/** The cursor of a `cursor` query value, or null when it is not one this API handed out. */
export function decodeCursor(value: string, pageSize = GALLERY_PAGE_SIZE): GalleryCursor | null {
  const m = /^(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,3})$/.exec(value);
  if (!m) return null;
  const cursor = { page: Number(m[1]), index: Number(m[2]) };
  return cursor.index <= pageSize ? cursor : null;
}

/** How a gallery read reaches the page blobs of one stream. */
export interface GalleryPages {
  head(): Promise<GalleryHead | null>;
  /** A sealed page's entries, or null when that page is not sealed (yet). */
  sealed(page: number): Promise<unknown[] | null>;
}

/** Thrown for a cursor past the newest page (never handed out by this API). */
export class InvalidCursorError extends Error {
  override name = 'InvalidCursorError';
}

/**
 * One page of a stream, newest first: at most `limit` entries before `cursor` (from the newest
 * when null), and the cursor of the next page (null at the oldest idea). Reads the head and/or at
 * most MAX_PAGE_READS page blobs, however long the stream.
 */
export async function readGallery(
  pages: GalleryPages,
  limit: number,
  cursor: GalleryCursor | null,
  pageSize = GALLERY_PAGE_SIZE,
): Promise<{ entries: IdeaRecord[]; next: GalleryCursor | null }> {
  let reads = 0;
  let head: GalleryHead | null = null;
  let pos: GalleryCursor;
  if (cursor) pos = cursor;
  else {
    head = await pages.head();
    reads += 1;
    if (!head || head.entries.length === 0) return { entries: [], next: null };
    pos = { page: head.page, index: head.entries.length };
  }
  const out: IdeaRecord[] = [];
  let entries: unknown[] | null = head && pos.page === head.page ? head.entries : null;
  while (out.length < limit && reads < MAX_PAGE_READS) {
    if (entries === null) {
      entries = await pages.sealed(pos.page);
      reads += 1;
      if (entries === null) {
        // Not sealed: the head itself (or sealed since the cursor was made: read it once more).
        head = await pages.head();
        reads += 1;
        if (!head || head.page < pos.page) throw new InvalidCursorError('cursor is past the newest idea');
        entries = head.page === pos.page ? head.entries : await pages.sealed(pos.page);
        if (head.page !== pos.page) reads += 1;
        if (entries === null) throw new InvalidCursorError('cursor names a missing page');
      }
    }
    if (pos.index > entries.length) throw new InvalidCursorError('cursor is past the end of its page');
    while (out.length < limit && pos.index > 0) {
      pos = { page: pos.page, index: pos.index - 1 };
      const parsed = ideaRecordSchema.safeParse(entries[pos.index]);
      if (parsed.success) out.push(parsed.data);
    }
    if (pos.index === 0) {
      if (pos.page === 0) return { entries: out, next: null };
      pos = { page: pos.page - 1, index: pageSize };
      entries = null;
    }
  }
  return { entries: out, next: pos };
}

/** The gallery's category filter: one of docs/spec.md's businessCategory values ('all' means none). */
const CATEGORIES = Object.keys(OPTION_LABELS.businessCategory);

export interface GalleryQuery {
  limit: number;
  cursor: GalleryCursor | null;
  /** The stream to read: ALL_STREAM or a category. */
  stream: string;
}

/**
 * The query of GET /api/ideas (`limit`, `cursor`, `category`, each at most once), or the message
 * of a 400.
 */
export function parseGalleryQuery(params: URLSearchParams): { ok: true; query: GalleryQuery } | { ok: false; error: string } {
  for (const name of new Set(params.keys())) {
    if (!['limit', 'cursor', 'category'].includes(name)) return { ok: false, error: `Unknown parameter ${name}; use limit, cursor and category` };
    if (params.getAll(name).length > 1) return { ok: false, error: `Give ${name} once` };
  }
  const limitText = params.get('limit');
  let limit = DEFAULT_GALLERY_LIMIT;
  if (limitText !== null) {
    if (!/^\d{1,4}$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > MAX_GALLERY_LIMIT)
      return { ok: false, error: `limit must be a whole number from 1 to ${MAX_GALLERY_LIMIT}` };
    limit = Number(limitText);
  }
  const cursorText = params.get('cursor');
  const cursor = cursorText === null || cursorText === '' ? null : decodeCursor(cursorText);
  if (cursorText && !cursor) return { ok: false, error: 'cursor is not one this API handed out; start without it' };
  const category = params.get('category');
  if (category !== null && category !== '' && !CATEGORIES.includes(category)) return { ok: false, error: `category must be one of ${CATEGORIES.join(', ')}` };
  return { ok: true, query: { limit, cursor, stream: !category || category === ALL_STREAM ? ALL_STREAM : category } };
}
