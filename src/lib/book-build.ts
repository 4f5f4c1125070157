/**
 * Build-time access to the rendered book (used by the reader pages and the static API; never
 * shipped to the browser). Each chapter and code example is rendered once per build.
 */
import { resolveGlossary, type GlossaryEntry } from '../domain/assistant/glossary.ts';
import { splitChapter } from '../domain/assistant/sections.ts';
import { buildApiFiles, indexEntry, type ApiFile } from '../domain/book/api.ts';
import { loadBook, type ChapterSource } from '../domain/book/load.ts';
import type { ChapterIndexEntry } from '../domain/book/reader.ts';
import { highlightCode, renderMarkdown, type Heading, type Rendered } from '../domain/book/render.ts';
import type { CodeExample, Resource } from '../domain/book/schema.ts';

/** A code example with its highlighted HTML, as the reader shows it. */
export interface ReaderCodeExample extends CodeExample {
  html: string;
}

/** Everything the reader page of one chapter needs. */
export interface ReaderChapter {
  source: ChapterSource;
  entry: ChapterIndexEntry;
  html: string;
  headings: Heading[];
  codeExamples: ReaderCodeExample[];
  resources: Resource[];
}

const rendered = new Map<string, Promise<Rendered>>();

/** Renders a chapter's Markdown once per build (the pages and the API share the result). */
function renderChapter(chapter: ChapterSource): Promise<Rendered> {
  let result = rendered.get(chapter.id);
  if (!result) {
    result = renderMarkdown(chapter.markdown, { chapterNumber: chapter.order });
    rendered.set(chapter.id, result);
  }
  return result;
}

export async function readerIndex(): Promise<ChapterIndexEntry[]> {
  return (await loadBook()).chapters.map(indexEntry);
}

export async function readerChapter(source: ChapterSource): Promise<ReaderChapter> {
  const { html, headings } = await renderChapter(source);
  const codeExamples = await Promise.all(source.codeExamples.map(async (e) => ({ ...e, html: await highlightCode(e.code, e.language) })));
  return { source, entry: indexEntry(source), html, headings, codeExamples, resources: source.resources };
}

export async function apiFiles(): Promise<ApiFile[]> {
  return buildApiFiles((await loadBook()).chapters, renderChapter);
}

/** The book's glossary (content/glossary.json, the same one the assistant answers from), each entry placed in the reader. */
export async function bookGlossary(): Promise<GlossaryEntry[]> {
  const book = await loadBook();
  return resolveGlossary(book.glossary ?? [], book.chapters.flatMap(splitChapter));
}
