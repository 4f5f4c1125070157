import { getStore, type Store } from '@netlify/blobs';
import type { ShareCardCache } from '../../../src/domain/ideas/manage.ts';

let defaultStore: Store | undefined;
function cardsStore(): Store {
  defaultStore ??= getStore({ name: 'share-cards', consistency: 'strong' });
  return defaultStore;
}

/** Share card PNGs in Netlify Blobs (`share-cards/<id>`), made on first request, deleted with the idea. */
export class BlobsShareCardCache implements ShareCardCache {
  private readonly store: Store;

  // No parameter property: plain `node` (type stripping) runs scripts that import this file.
  constructor(store: Store = cardsStore()) {
    this.store = store;
  }

  async get(id: string): Promise<Uint8Array | null> {
    const data = await this.store.get(id, { type: 'arrayBuffer' });
    return data ? new Uint8Array(data) : null;
  }

  async put(id: string, png: Uint8Array): Promise<void> {
    await this.store.set(id, png.slice().buffer);
  }

  async delete(id: string): Promise<void> {
    await this.store.delete(id);
  }
}
