import type { ExportMetadata, ExportStore } from '../../../src/domain/epub/export.ts';
import { exportStore } from './admin.ts';

/**
 * The export store in Netlify Blobs (`epub-exports`, strong consistency): the file is the blob, its
 * metadata rides along. Blobs can answer `modified: true` with an empty etag for a failed write
 * (docs/architecture.md): that counts as a failure.
 */
export function blobsExportStore(store = exportStore()): ExportStore {
  return {
    async save(id: string, bytes: Uint8Array, metadata: ExportMetadata): Promise<void> {
      const body = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      const stored = await store.set(id, body, { metadata: { ...metadata } });
      if (!stored.modified || !stored.etag) throw new Error('the blob store did not confirm the write');
    },
    async list(): Promise<string[]> {
      const { blobs } = await store.list();
      return blobs.map((b) => b.key);
    },
    async delete(id: string): Promise<void> {
      await store.delete(id);
    },
  };
}
