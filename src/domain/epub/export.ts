import { randomBytes } from 'node:crypto';
import type { Book } from '../book/load.ts';
import { buildEpub } from './build.ts';
import type { ExportResult } from './result.ts';
import type { ExportSettings } from './settings.ts';

/**
 * The export use case (POST /api/admin/export-epub): build the book, store the file under a new
 * id, prune old exports, answer with a signed download link. The handler only adapts HTTP to it.
 */

/** Metadata kept with each stored export (the download reads the file name from it). */
export interface ExportMetadata {
  /** The file name offered to the browser (`epubFilename`). */
  filename: string;
  /** Size of the EPUB in bytes. */
  size: number;
  /** Chapters in the book. */
  chaptersCount: number;
  /** ISO time of the export. */
  createdAt: string;
}

/** Where exports are kept (Netlify Blobs in production, memory in tests). */
export interface ExportStore {
  /** Stores the file; rejects when the store does not confirm the write. */
  save(id: string, bytes: Uint8Array, metadata: ExportMetadata): Promise<void>;
  /** The ids of every stored export. */
  list(): Promise<string[]>;
  delete(id: string): Promise<void>;
}

/** Exports older than this are removed when a new one is made (their links expired long ago). */
export const KEEP_EXPORTS_MS = 24 * 60 * 60 * 1000;

/**
 * A new export id: the creation time in base 36 (so pruning needs no read of the file), a dash and
 * 128 random bits. It matches `exportIdPattern` (src/domain/admin/signed-url.ts).
 */
export function newExportId(now: number, random: () => string = () => randomBytes(16).toString('base64url')): string {
  return `${now.toString(36)}-${random()}`;
}

/** The creation time encoded in an export id, or null for a key that is not an export id. */
export function exportCreatedAt(id: string): number | null {
  const match = /^([a-z0-9]{6,12})-[A-Za-z0-9_-]{16,32}$/.exec(id);
  if (!match?.[1]) return null;
  const created = parseInt(match[1], 36);
  return Number.isFinite(created) ? created : null;
}

/** Deletes the exports older than `KEEP_EXPORTS_MS`; keys that are not export ids are left alone. */
export async function pruneExports(store: ExportStore, now: number): Promise<string[]> {
  const old = (await store.list()).filter((id) => {
    const created = exportCreatedAt(id);
    return created !== null && now - created > KEEP_EXPORTS_MS;
  });
  await Promise.all(old.map((id) => store.delete(id)));
  return old;
}

export interface ExportBookDeps {
  /** Reads the book (chapters, code examples, resources). */
  loadBook: () => Promise<Book>;
  store: ExportStore;
  /** Public origin of the site, for links in the book. */
  siteUrl: string;
  /** The short-lived signed download path for an export id made at `now`. */
  downloadUrl: (id: string, now: number) => string;
  now?: () => number;
  newId?: (now: number) => string;
  log?: Pick<Console, 'error' | 'warn'>;
}

/** Why an export failed: the book could not be built (500) or the file not stored (503). */
export type ExportBookOutcome = { ok: true; result: ExportResult } | { ok: false; reason: 'build' | 'store'; message: string };

/**
 * Builds the whole book with the admin's settings, stores it, prunes exports older than a day
 * (a failed prune is logged, never fails the export) and returns the result the console shows.
 */
export async function exportBook(settings: ExportSettings, deps: ExportBookDeps): Promise<ExportBookOutcome> {
  const log = deps.log ?? console;
  const now = (deps.now ?? Date.now)();
  let built;
  try {
    built = await buildEpub(await deps.loadBook(), settings, { siteUrl: deps.siteUrl, now: () => new Date(now) });
  } catch (e) {
    log.error('export-epub: building the EPUB failed', e);
    return { ok: false, reason: 'build', message: 'Export failed: the EPUB could not be built' };
  }

  const id = (deps.newId ?? newExportId)(now);
  const metadata: ExportMetadata = {
    filename: built.filename,
    size: built.bytes.byteLength,
    chaptersCount: built.chaptersCount,
    createdAt: new Date(now).toISOString(),
  };
  try {
    await deps.store.save(id, built.bytes, metadata);
  } catch (e) {
    log.error('export-epub: storing the EPUB failed', e);
    return { ok: false, reason: 'store', message: 'Export failed: the EPUB could not be stored' };
  }
  await pruneExports(deps.store, now).catch((e: unknown) => log.warn('export-epub: pruning old exports failed', e));

  return {
    ok: true,
    result: { success: true, chaptersCount: built.chaptersCount, fileSize: metadata.size, filename: metadata.filename, downloadUrl: deps.downloadUrl(id, now) },
  };
}
