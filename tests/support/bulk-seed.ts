import type { Store } from '@netlify/blobs';
import { galleryHeadKey, galleryPageKey, ideaKey, userKey } from '../../netlify/functions/_shared/blobs-idea-store.ts';
import { appendToHead, type GalleryHead } from '../../src/domain/ideas/gallery.ts';
import type { IdeaRecord } from '../../src/domain/ideas/schema.ts';
import { galleryStreams, insertIntoIndex, isListed, toGalleryEntry, toIndexEntry, USER_INDEX_SIZE } from '../../src/domain/ideas/store.ts';

/**
 * Writes many ideas quickly: the records in parallel, then the gallery streams and user indexes
 * computed once with the store's own functions (the state `BlobsIdeaStore.save` leaves, without
 * one compare-and-swap per idea). For large fixtures and benchmarks only; tests of saving use the
 * store itself. Records are appended in creation order, as saves would have appended them.
 */
export async function bulkSeed(store: Store, records: IdeaRecord[], concurrency = 50): Promise<void> {
  for (let i = 0; i < records.length; i += concurrency) {
    await Promise.all(records.slice(i, i + concurrency).map((r) => store.setJSON(ideaKey(r.id), r)));
  }
  const heads = new Map<string, GalleryHead>();
  const sealed: [string, unknown[]][] = [];
  const byUser = new Map<string, IdeaRecord[]>();
  for (const record of [...records].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0))) {
    if (record.userId) byUser.set(record.userId, insertIntoIndex(byUser.get(record.userId) ?? [], toIndexEntry(record), USER_INDEX_SIZE));
    if (!isListed(record)) continue;
    for (const stream of galleryStreams(record)) {
      const appended = appendToHead(heads.get(stream) ?? { page: 0, entries: [] }, toGalleryEntry(record));
      if (appended.sealed) sealed.push([galleryPageKey(stream, appended.sealed.page), appended.sealed.entries]);
      heads.set(stream, appended.head);
    }
  }
  for (let i = 0; i < sealed.length; i += concurrency) await Promise.all(sealed.slice(i, i + concurrency).map(([key, entries]) => store.setJSON(key, entries)));
  await Promise.all([...heads].map(([stream, head]) => store.setJSON(galleryHeadKey(stream), head)));
  await Promise.all([...byUser].map(([userId, index]) => store.setJSON(userKey(userId), index)));
}
