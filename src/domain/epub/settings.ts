import { z } from 'zod';

/** Free text of 1..200 characters once trimmed (SPEC.md leaves bounds open; we set them). */
const boundedText = (label: string) =>
  z
    .string({ error: `${label} must be a string` })
    .trim()
    .min(1, `${label} must not be empty`)
    .max(200, `${label} must be at most 200 characters`);

/** The body of POST /api/admin/export-epub (SPEC.md section 3, EPUB export settings). */
export const exportSettingsSchema = z
  .object({
    /** Book title on the cover and in the metadata. The console prefills 'The {book title}'. */
    title: boundedText('title'),
    /** Author (dc:creator). The console prefills the book's author. */
    author: boundedText('author'),
    /** Append each chapter's code examples as formatted code sections. */
    includeCodeExamples: z.boolean({ error: 'includeCodeExamples must be a boolean' }),
    /** Append each chapter's resources as a list of links. */
    includeResources: z.boolean({ error: 'includeResources must be a boolean' }),
  })
  .strict();

export type ExportSettings = z.infer<typeof exportSettingsSchema>;

/** The answer of POST /api/admin/export-epub (SPEC.md section 3, export result). */
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

/** Bytes per MB in the console's size display (SPEC.md section 9). */
export const BYTES_PER_MB = 1048576;

/** The size shown in the result card: MB to two decimals. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / BYTES_PER_MB).toFixed(2)} MB`;
}
