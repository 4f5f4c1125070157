import { normalizeIdea, toObject } from './normalize.ts';
import type { IdeaRecord } from './schema.ts';

/**
 * Storage port for ideas (DESIGN.md "Ideas and storage"). Implementations: `BlobsIdeaStore`
 * (netlify/functions/_shared/blobs-idea-store.ts, the real one) and `MemoryIdeaStore` (tests).
 */
export interface IdeaStore {
  /**
   * Stores the record, then adds it to the recent index and (with a userId) the user's index. The
   * record is written first, so a failed index update can never leave an entry pointing at a
   * missing idea.
   */
  save(record: IdeaRecord): Promise<void>;
  get(id: string): Promise<IdeaRecord | null>;
  /** Newest first, at most `limit` (the index holds RECENT_INDEX_SIZE entries). */
  recent(limit: number): Promise<IdeaRecord[]>;
  /** The user's ideas, newest first. */
  byUser(userId: string, limit?: number): Promise<IdeaRecord[]>;
}

/** How many entries the recent index keeps (the API's maximum `limit`). */
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
  };
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
  private recentIndex: IdeaRecord[] = [];
  private userIndex = new Map<string, IdeaRecord[]>();

  async save(record: IdeaRecord): Promise<void> {
    this.ideas.set(record.id, record);
    const entry = toIndexEntry(record);
    this.recentIndex = insertIntoIndex(this.recentIndex, entry, RECENT_INDEX_SIZE);
    if (record.userId) this.userIndex.set(record.userId, insertIntoIndex(this.userIndex.get(record.userId) ?? [], entry, USER_INDEX_SIZE));
  }

  async get(id: string): Promise<IdeaRecord | null> {
    return this.ideas.get(id) ?? null;
  }

  async recent(limit: number): Promise<IdeaRecord[]> {
    return this.recentIndex.slice(0, limit);
  }

  async byUser(userId: string, limit = USER_INDEX_SIZE): Promise<IdeaRecord[]> {
    return (this.userIndex.get(userId) ?? []).slice(0, limit);
  }
}
