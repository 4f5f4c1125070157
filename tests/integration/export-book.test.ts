import { getStore } from '@netlify/blobs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { blobsExportStore } from '../../netlify/functions/_shared/blobs-export-store.ts';
import { loadBook, type Book } from '../../src/domain/book/load.ts';
import { exportBook, exportCreatedAt, KEEP_EXPORTS_MS, newExportId, type ExportMetadata } from '../../src/domain/epub/export.ts';
import { startLocalBlobs } from '../helpers/blobs.ts';
import { MemoryExportStore } from '../support/memory-export-store.ts';

/** The export use case with the real book, against the real local Blobs server and a failing store. */
const settings = { title: 'The Infrastructure Renaissance', author: 'The Authors', includeCodeExamples: false, includeResources: true };
const meta: ExportMetadata = { filename: 'old.epub', size: 1, chaptersCount: 1, createdAt: '2020-01-01T00:00:00.000Z' };
let book: Book;
let blobs: Awaited<ReturnType<typeof startLocalBlobs>>;

beforeAll(async () => {
  blobs = await startLocalBlobs();
  book = await loadBook();
});
afterAll(async () => {
  await blobs?.stop();
});

describe('exportBook', () => {
  it('stores the EPUB with its metadata in Blobs, prunes exports older than a day and answers with the signed link', async () => {
    const raw = getStore({ name: 'epub-exports', consistency: 'strong' });
    const store = blobsExportStore(raw);
    const now = Date.now();
    const stale = newExportId(now - KEEP_EXPORTS_MS - 60_000);
    const recent = newExportId(now - 60 * 60 * 1000);
    await store.save(stale, new Uint8Array([1]), meta);
    await store.save(recent, new Uint8Array([2]), meta);

    const outcome = await exportBook(settings, {
      loadBook: async () => book,
      store,
      siteUrl: 'https://example.test',
      now: () => now,
      downloadUrl: (id, at) => `/dl/${id}/${at}`,
    });
    if (!outcome.ok) throw new Error(outcome.message);
    const ids = await store.list();
    expect(ids).not.toContain(stale);
    expect(ids).toContain(recent);
    const id = ids.find((k) => exportCreatedAt(k) === now) ?? '';
    expect(ids.sort()).toEqual([id, recent].sort());

    const entry = await raw.getWithMetadata(id, { type: 'arrayBuffer' });
    const filename = 'the-infrastructure-renaissance-no-code.epub';
    expect(entry?.metadata).toEqual({ filename, size: entry?.data.byteLength, chaptersCount: book.chapters.length, createdAt: new Date(now).toISOString() });
    expect(outcome.result).toEqual({
      success: true,
      chaptersCount: book.chapters.length,
      fileSize: entry?.data.byteLength,
      filename,
      downloadUrl: `/dl/${id}/${now}`,
    });
  }, 120_000);

  it('keeps the export when pruning fails, and tells a build failure from a store failure', async () => {
    const store = new MemoryExportStore();
    store.failList = true;
    const log = { error: vi.fn(), warn: vi.fn() };
    const deps = { loadBook: async () => book, store, siteUrl: 'https://example.test', downloadUrl: (id: string) => `/dl/${id}`, log };
    expect((await exportBook(settings, deps)).ok).toBe(true);
    expect(store.files.size).toBe(1);
    expect(log.warn).toHaveBeenCalledWith('export-epub: pruning old exports failed', expect.any(Error));

    store.failSave = true;
    expect(await exportBook(settings, deps)).toEqual({ ok: false, reason: 'store', message: 'Export failed: the EPUB could not be stored' });
    const broken = await exportBook(settings, { ...deps, loadBook: () => Promise.reject(new Error('no chapters')) });
    expect(broken).toEqual({ ok: false, reason: 'build', message: 'Export failed: the EPUB could not be built' });
    expect(log.error).toHaveBeenCalledTimes(2);
  }, 120_000);
});
