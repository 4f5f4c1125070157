/**
 * The export result and its display helpers, free of zod and Node built-ins so the console island
 * can import them without growing its bundle.
 */

/** How long a download link stays valid. */
export const DOWNLOAD_TTL_SECONDS = 5 * 60;

/** The answer of POST /api/admin/export-epub (docs/spec.md section 3, export result). */
export interface ExportResult {
  success: true;
  /** Chapters in the EPUB (the whole book: 22 when every chapter exists). */
  chaptersCount: number;
  /** Size of the EPUB in bytes. */
  fileSize: number;
  filename: string;
  /** Short-lived signed download URL (site-relative). */
  downloadUrl: string;
}

/** Bytes per MB in the console's size display (docs/spec.md section 9). */
const BYTES_PER_MB = 1048576;

/** The size shown in the result card: MB to two decimals. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / BYTES_PER_MB).toFixed(2)} MB`;
}
