/**
 * How a source is named: its chapter, then its section, unless the passage is the chapter's opening, whose section is the chapter's
 * own name ("Chapter 9: Healthcare", not "Healthcare: Healthcare"). Without zod: the chat island imports it.
 */
export function sourceName(chapterTitle: string, section: string): { chapter: string; section?: string } {
  return section === chapterTitle.replace(/^Chapter \d+:\s*/, '') || section === chapterTitle ? { chapter: chapterTitle } : { chapter: chapterTitle, section };
}
