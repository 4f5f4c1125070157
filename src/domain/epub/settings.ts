import { z } from 'zod';

/** Free text of 1..200 characters once trimmed (docs/spec.md leaves bounds open; we set them). */
const boundedText = (label: string) =>
  z
    .string({ error: `${label} must be a string` })
    .trim()
    .min(1, `${label} must not be empty`)
    .max(200, `${label} must be at most 200 characters`);

/** The body of POST /api/admin/export-epub (docs/spec.md section 3, EPUB export settings). */
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

export type { ExportResult } from './result.ts';
