import { getStore, type Store } from '@netlify/blobs';
import { DAILY_FEEDBACK_LIMIT, type FeedbackRecord, type FeedbackStore } from '../../../src/domain/assistant/feedback.ts';
import { updateBlob } from './blob-update.ts';

let defaultStore: Store | undefined;
function feedbackStore(): Store {
  defaultStore ??= getStore({ name: 'assistant-feedback', consistency: 'strong' });
  return defaultStore;
}

/**
 * Readers' votes in Netlify Blobs: `votes/<day>/<time>-<random>` each, and a per-day counter
 * (`count/<day>`, compare-and-swap) that bounds the store to DAILY_FEEDBACK_LIMIT votes a day.
 */
export class BlobsFeedbackStore implements FeedbackStore {
  private readonly store: Store;

  // No parameter property: plain `node` (type stripping) runs scripts that import this file.
  constructor(store: Store = feedbackStore()) {
    this.store = store;
  }

  async add(record: FeedbackRecord): Promise<'stored' | 'full'> {
    const day = record.at.slice(0, 10);
    const taken = await updateBlob(this.store, 'assistant-feedback', `count/${day}`, (data) => {
      const count = typeof data === 'number' ? data : 0;
      return count >= DAILY_FEEDBACK_LIMIT ? { result: false } : { next: count + 1, result: true };
    });
    if (!taken) return 'full';
    await this.store.setJSON(`votes/${day}/${record.at}-${crypto.randomUUID().slice(0, 8)}`, record);
    return 'stored';
  }

  async list(): Promise<FeedbackRecord[]> {
    const { blobs } = await this.store.list({ prefix: 'votes/' });
    const records = await Promise.all(blobs.map((b) => this.store.get(b.key, { type: 'json' }) as Promise<FeedbackRecord | null>));
    return records.filter((r): r is FeedbackRecord => r !== null).sort((a, b) => (a.at < b.at ? -1 : 1));
  }
}
