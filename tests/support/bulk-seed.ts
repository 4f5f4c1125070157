import type { Store } from '@netlify/blobs';
import { ideaKey, RECENT_KEY, userKey } from '../../netlify/functions/_shared/blobs-idea-store.ts';
import type { IdeaRecord } from '../../src/domain/ideas/schema.ts';
import { insertIntoIndex, RECENT_INDEX_SIZE, toIndexEntry, USER_INDEX_SIZE } from '../../src/domain/ideas/store.ts';

/**
 * Writes many ideas quickly: the records in parallel, then the index blobs computed once with the
 * store's own index functions (the state `BlobsIdeaStore.save` leaves, without one compare-and-swap
 * per idea). For large fixtures and benchmarks only; tests of saving use the store itself.
 */
export async function bulkSeed(store: Store, records: IdeaRecord[], concurrency = 50): Promise<void> {
  for (let i = 0; i < records.length; i += concurrency) {
    await Promise.all(records.slice(i, i + concurrency).map((r) => store.setJSON(ideaKey(r.id), r)));
  }
  let recent: IdeaRecord[] = [];
  const byUser = new Map<string, IdeaRecord[]>();
  for (const record of records) {
    const entry = toIndexEntry(record);
    recent = insertIntoIndex(recent, entry, RECENT_INDEX_SIZE);
    if (record.userId) byUser.set(record.userId, insertIntoIndex(byUser.get(record.userId) ?? [], entry, USER_INDEX_SIZE));
  }
  await store.setJSON(RECENT_KEY, recent);
  await Promise.all([...byUser].map(([userId, index]) => store.setJSON(userKey(userId), index)));
}
