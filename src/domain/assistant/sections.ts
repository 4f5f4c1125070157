import type { Element, ElementContent, Root, RootContent } from 'hast';
import { withoutExercises } from '../book/exercises.ts';
import type { ChapterSource } from '../book/load.ts';
import { markdownToHtmlTree } from '../book/markdown.ts';
import { shortSubtitle } from '../book/reader.ts';
import type { Passage } from './schema.ts';

const processor = markdownToHtmlTree();

const BLOCK = new Set(['p', 'li', 'tr', 'td', 'th', 'br', 'blockquote', 'h4', 'h5', 'h6', 'dt', 'dd']);

function textOf(node: Element | ElementContent | RootContent, out: string[] = []): string[] {
  if (node.type === 'text') out.push(node.value);
  else if (node.type === 'element') {
    for (const child of node.children) textOf(child, out);
    if (BLOCK.has(node.tagName)) out.push(String(node.properties['className']) === 'book-aside-title' && !/[.:?!]\s*$/.test(out.join('')) ? '. ' : ' ');
  }
  return out;
}

const clean = (parts: string[]) => parts.join('').replace(/\s+/g, ' ').trim();

const elements = (node: Element, tag: string): Element[] =>
  node.children.flatMap((child) => (child.type !== 'element' ? [] : child.tagName === tag ? [child] : elements(child, tag)));

/** A table as sentences to quote, one per row, each cell named by its column ("P2PKH payment: Bytes 226; Fee (sat) 23."). */
function tableText(table: Element): string {
  const rows = elements(table, 'tr');
  const header = rows[0] ? elements(rows[0], 'th').map((th) => clean(textOf(th))) : [];
  const body = header.length > 0 ? rows.slice(1) : rows;
  return body
    .map((row) => {
      const cells = elements(row, 'td').map((td) => clean(textOf(td)));
      const [first = '', ...rest] = cells;
      const named = rest.map((cell, i) => (header[i + 1] ? `${header[i + 1]} ${cell}` : cell)).join('; ');
      return `${first}${named ? `: ${named}` : ''}.`;
    })
    .join(' ');
}

/** The display title of a chapter in citations: "Chapter 6: Overlay Networks and SPV". */
function chapterDisplayTitle(chapter: Pick<ChapterSource, 'title' | 'subtitle'>): string {
  return `${chapter.title}: ${shortSubtitle(chapter.subtitle)}`;
}

/** Splits a chapter into passages at its h2 and h3 headings (before the first: its opening), without the exercises; code apart. */
export function splitChapter(chapter: ChapterSource): Passage[] {
  const tree = processor.runSync(processor.parse(withoutExercises(chapter.markdown))) as Root;
  const chapterTitle = chapterDisplayTitle(chapter);
  const passages: Passage[] = [];
  let parent = '';
  let current = { section: shortSubtitle(chapter.subtitle), parent: '', slug: '', text: [] as string[], code: [] as string[] };
  const flush = () => {
    const text = clean(current.text);
    const code = clean(current.code);
    if (text || code) passages.push({ chapterId: chapter.id, chapterTitle, section: current.section, parent: current.parent, slug: current.slug, text, code });
  };
  for (const node of tree.children) {
    if (node.type === 'element' && (node.tagName === 'h2' || node.tagName === 'h3')) {
      flush();
      const heading = clean(textOf(node));
      if (node.tagName === 'h2') parent = heading;
      const slug = typeof node.properties['id'] === 'string' ? node.properties['id'] : '';
      current = { section: heading, parent: node.tagName === 'h3' ? parent : '', slug, text: [], code: [] };
    } else if (node.type === 'element' && node.tagName === 'table') {
      current.text.push(' ', tableText(node), ' ');
    } else if (node.type === 'element' && node.tagName === 'pre') {
      textOf(node, current.code);
      current.code.push(' ');
    } else if (node.type === 'element') {
      textOf(node, current.text);
      current.text.push(' ');
    }
  }
  flush();
  return passages;
}
