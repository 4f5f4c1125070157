import type { ExportMetadata, ExportStore } from '../../src/domain/epub/export.ts';

/** The export store in memory, with switches that make listing or saving fail. */
export class MemoryExportStore implements ExportStore {
  readonly files = new Map<string, { bytes: Uint8Array; metadata: ExportMetadata }>();
  failList = false;
  failSave = false;
  async save(id: string, bytes: Uint8Array, metadata: ExportMetadata): Promise<void> {
    if (this.failSave) throw new Error('store down');
    this.files.set(id, { bytes, metadata });
  }
  async list(): Promise<string[]> {
    if (this.failList) throw new Error('list failed');
    return [...this.files.keys()];
  }
  async delete(id: string): Promise<void> {
    this.files.delete(id);
  }
}
