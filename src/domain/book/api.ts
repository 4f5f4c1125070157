import type { ChapterSource } from './load.ts';
import type { ChapterIndexEntry } from './reader.ts';
import type { Heading, Rendered } from './render.ts';
import type { CodeExample, Resource } from './schema.ts';

/** The chapter document served at `/api/chapters/{markdownFile}`. */
interface ChapterDocument {
  id: string;
  title: string;
  subtitle: string;
  /** The chapter text as written (Markdown, frontmatter removed). */
  markdown: string;
  /** The same text rendered by the book's one pipeline (HTML, code highlighted). */
  content: string;
  headings: Heading[];
}

/** One generated file of the static API: its path under `/api/` and its JSON body. */
export interface ApiFile {
  path: string;
  body: ChapterIndexEntry[] | ChapterDocument | CodeExample[] | Resource[];
}

/** The chapter index entry of a chapter (docs/spec.md section 3: the optional file only when it exists). */
export function indexEntry(chapter: ChapterSource): ChapterIndexEntry {
  return {
    id: chapter.id,
    title: chapter.title,
    subtitle: chapter.subtitle,
    markdownFile: chapter.markdownFile,
    resourcesFile: chapter.resourcesFile,
    ...(chapter.codeExamplesFile ? { codeExamplesFile: chapter.codeExamplesFile } : {}),
  };
}

/**
 * Every file of the static book API, generated from the content at build time:
 * `chapters/index.json`, `chapters/{markdownFile}`, `code-examples/{file}` (only for chapters that
 * have one) and `resources/{file}`. Code examples and resources keep exactly the fields of docs/spec.md.
 */
export async function buildApiFiles(chapters: readonly ChapterSource[], render: (chapter: ChapterSource) => Promise<Rendered>): Promise<ApiFile[]> {
  const files: ApiFile[] = [{ path: 'chapters/index.json', body: chapters.map(indexEntry) }];
  for (const chapter of chapters) {
    const { html, headings } = await render(chapter);
    files.push({
      path: `chapters/${chapter.markdownFile}`,
      body: { id: chapter.id, title: chapter.title, subtitle: chapter.subtitle, markdown: chapter.markdown, content: html, headings },
    });
    if (chapter.codeExamplesFile) {
      files.push({
        path: `code-examples/${chapter.codeExamplesFile}`,
        body: chapter.codeExamples.map(({ id, title, language, fileName, code, description }) => ({ id, title, language, fileName, code, description })),
      });
    }
    files.push({ path: `resources/${chapter.resourcesFile}`, body: chapter.resources.map(({ title, url, type }) => ({ title, url, type })) });
  }
  return files;
}
