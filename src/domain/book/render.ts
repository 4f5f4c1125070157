import rehypeShikiFromHighlighter from '@shikijs/rehype/core';
import type { Element, Root as HastRoot } from 'hast';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { createHighlighter, type Highlighter } from 'shiki';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';

/** A heading of a rendered chapter, for its table of contents. */
export interface Heading {
  depth: 2 | 3;
  slug: string;
  text: string;
}

export interface RenderOptions {
  /** Rewrites an internal link (such as `/book/chapter-06`); return the new href. */
  rewriteLink?: (href: string) => string;
  /** Emit XHTML-compatible markup (self-closed void elements) for the EPUB. */
  xhtml?: boolean;
  /** Syntax-highlight fenced code (two themes as CSS variables). Default true. */
  highlight?: boolean;
}

export interface Rendered {
  html: string;
  headings: Heading[];
}

const SHIKI_THEMES = { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' } as const;

/**
 * The languages the book's code uses (chapter fences and code-example files). Loading only these
 * keeps the first render fast; any other language falls back to plain text.
 */
export const BOOK_LANGUAGES = [
  'typescript',
  'tsx',
  'javascript',
  'jsx',
  'json',
  'bash',
  'shellscript',
  'http',
  'sql',
  'yaml',
  'html',
  'css',
  'markdown',
  'diff',
] as const;

let highlighter: Promise<Highlighter> | undefined;

/** One Shiki highlighter for the whole process, created on first use. */
function getHighlighter(): Promise<Highlighter> {
  highlighter ??= createHighlighter({ themes: Object.values(SHIKI_THEMES), langs: [...BOOK_LANGUAGES] });
  return highlighter;
}

/**
 * Highlights one code snippet (a code example) with the same highlighter and themes as chapter
 * code: both themes as CSS variables, the page's theme picks one. Unknown languages render as text.
 */
export async function highlightCode(code: string, language: string): Promise<string> {
  const hl = await getHighlighter();
  const lang = hl.getLoadedLanguages().includes(language) ? language : 'text';
  return hl.codeToHtml(code, { lang, themes: SHIKI_THEMES, defaultColor: false });
}

function textOf(node: Element): string {
  let out = '';
  visit(node, 'text', (t: { value: string }) => {
    out += t.value;
  });
  return out;
}

/**
 * The one Markdown pipeline of the book: chapter pages, the static API and the EPUB all render
 * through it, so a chapter reads the same everywhere. Raw HTML in the Markdown is not rendered.
 */
export async function renderMarkdown(markdown: string, options: RenderOptions = {}): Promise<Rendered> {
  const headings: Heading[] = [];
  const { rewriteLink, xhtml = false, highlight = true } = options;
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkRehype)
    .use(rehypeSlug)
    .use(() => (tree: HastRoot) => {
      visit(tree, 'element', (node: Element) => {
        if ((node.tagName === 'h2' || node.tagName === 'h3') && typeof node.properties['id'] === 'string') {
          headings.push({ depth: node.tagName === 'h2' ? 2 : 3, slug: node.properties['id'], text: textOf(node).trim() });
        }
        if (node.tagName === 'a' && typeof node.properties['href'] === 'string') {
          const href = node.properties['href'];
          if (/^https?:\/\//.test(href)) {
            node.properties['rel'] = ['noopener', 'noreferrer'];
          } else if (rewriteLink) {
            node.properties['href'] = rewriteLink(href);
          }
        }
      });
    });
  if (highlight) {
    processor.use(rehypeShikiFromHighlighter, await getHighlighter(), {
      themes: SHIKI_THEMES,
      defaultColor: xhtml ? 'light' : false,
      fallbackLanguage: 'text',
    });
  }
  processor.use(rehypeStringify, xhtml ? { closeSelfClosing: true, closeEmptyElements: true, tightSelfClosing: false } : {});
  const file = await processor.process(markdown);
  return { html: String(file), headings };
}

/** Counts the words of prose in Markdown: code blocks, inline code, link targets and markup excluded. */
export function countProseWords(markdown: string): number {
  const prose = markdown
    .replace(/^```[\s\S]*?^```/gm, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/[#>*_|[\]-]/g, ' ');
  return prose.split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w)).length;
}
