import { getStore, type Store } from '@netlify/blobs';
import { ideaRecordSchema, type IdeaRecord } from '../../../src/domain/ideas/schema.ts';
import { insertIntoIndex, RECENT_INDEX_SIZE, toIndexEntry, USER_INDEX_SIZE, type IdeaStore } from '../../../src/domain/ideas/store.ts';

const RECENT_KEY = 'index/recent';
const userKey = (userId: string) => `index/user/${encodeURIComponent(userId)}`;
const ideaKey = (id: string) => `ideas/${id}`;
const MAX_ATTEMPTS = 20;

/** Thrown when an index could not be updated (every compare-and-swap attempt lost or failed). */
export class IndexUpdateError extends Error {
  override name = 'IndexUpdateError';
}

// The local Blobs server checks then writes (not atomic): concurrent writers in one process are
// serialised per key here, and compare-and-swap covers writers in other processes (production).
const locks = new Map<string, Promise<unknown>>();
async function withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const previous = locks.get(key) ?? Promise.resolve();
  const run = previous.then(fn, fn);
  const settled = run.catch(() => undefined);
  locks.set(key, settled);
  try {
    return await run;
  } finally {
    if (locks.get(key) === settled) locks.delete(key);
  }
}

function parseIndex(data: unknown): IdeaRecord[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((e) => {
    const parsed = ideaRecordSchema.safeParse(e);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The real idea store: Netlify Blobs with small index blobs updated by compare-and-swap. */
export class BlobsIdeaStore implements IdeaStore {
  constructor(private readonly store: Store = getStore({ name: 'ideas', consistency: 'strong' })) {}

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
    return parseIndex(await this.store.get(RECENT_KEY, { type: 'json' })).slice(0, limit);
  }

  async byUser(userId: string, limit = USER_INDEX_SIZE): Promise<IdeaRecord[]> {
    return parseIndex(await this.store.get(userKey(userId), { type: 'json' })).slice(0, limit);
  }

  /**
   * Reads a blob with its etag. The local Blobs server sends no ETag on reads (only in listings
   * and on writes), so when the read has none, the etag is taken from the listing first and the
   * data read again after it: a write in between makes the etag stale, so the conditional write
   * fails and is retried instead of losing that write.
   */
  private async readWithEtag(key: string): Promise<{ data: unknown; etag?: string | undefined } | null> {
    const current = await this.store.getWithMetadata(key, { type: 'json' });
    if (!current || current.etag) return current;
    const { blobs } = await this.store.list({ prefix: key });
    const etag = blobs.find((b) => b.key === key)?.etag;
    const again = await this.store.getWithMetadata(key, { type: 'json' });
    return again ? { data: again.data, etag: again.etag ?? etag } : null;
  }

  /** Read-modify-write with `onlyIfMatch` / `onlyIfNew`, retried when another writer won. */
  private updateIndex(key: string, update: (index: IdeaRecord[]) => IdeaRecord[]): Promise<void> {
    return withLock(key, async () => {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
        const current = await this.readWithEtag(key);
        const next = update(parseIndex(current?.data));
        const result = current?.etag
          ? await this.store.setJSON(key, next, { onlyIfMatch: current.etag })
          : await this.store.setJSON(key, next, { onlyIfNew: true });
        // Released clients can report a failed write as modified with an empty etag: not a success.
        if (result.modified && result.etag) return;
        await new Promise((r) => setTimeout(r, Math.min(5 * 2 ** attempt, 200) * Math.random()));
      }
      throw new IndexUpdateError(`could not update ${key} after ${MAX_ATTEMPTS} attempts`);
    });
  }
}
