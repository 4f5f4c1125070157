import rehypeShikiFromHighlighter from '@shikijs/rehype/core';
import type { Element, Root as HastRoot } from 'hast';
import rehypeStringify from 'rehype-stringify';
import { createHighlighter, type Highlighter } from 'shiki';
import { visit } from 'unist-util-visit';
import { ANSWER_HEADING, EXERCISES_HEADING } from './exercises.ts';
import { markdownToHtmlTree, textOf } from './markdown.ts';
import { FigureError, pageFigureSvg, parseFigure, printFigureSvg, type FigureSource } from './figures.ts';

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
  /**
   * Where an exercise's answer goes: `inline` (the web page) folds it under the exercise in a
   * `<details>` "Answer"; `end` (the EPUB) moves every answer to an "Answers to the exercises"
   * section at the end of the chapter, each exercise linking to its answer and back.
   */
  answers?: 'inline' | 'end';
  /**
   * The chapter's number, for its figures ("Figure 6.2"; 0 is the Introduction, "Figure I.1").
   * Without it a figure block renders as code.
   */
  chapterNumber?: number;
  /**
   * For the EPUB: each figure becomes an image; called with the figure's id and its SVG file
   * (fixed colours), it answers the image's src. Without it figures are inline SVG (the page).
   */
  figureImage?: (id: string, svg: string) => string;
}

export interface Rendered {
  html: string;
  headings: Heading[];
  /** The chapter's figures in order: number ("6.2"), id, caption and text alternative. */
  figures: RenderedFigure[];
}

export interface RenderedFigure {
  label: string;
  id: string;
  caption: string;
  alt: string;
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

const ANSWERS_SLUG = 'answers-to-the-exercises';

function isHeading(node: HastRoot['children'][number], tags: readonly string[]): node is Element {
  return node.type === 'element' && tags.includes(node.tagName);
}

function el(tagName: string, properties: Element['properties'], children: Element['children']): Element {
  return { type: 'element', tagName, properties, children };
}

/**
 * The book's exercise convention: a chapter's `## Exercises` section holds `### Exercise N: title`
 * headings, each followed by the question and then a `#### Answer` heading with the worked answer
 * (up to the next exercise). On the web the answer folds under its exercise; in the EPUB the answers
 * move to a section of their own at the end of the chapter.
 */
function foldAnswers(tree: HastRoot, mode: 'inline' | 'end'): void {
  const out: HastRoot['children'] = [];
  const collected: Element[] = [];
  let inExercises = false;
  let exercise: Element | undefined;
  const children = tree.children;
  for (let i = 0; i < children.length; i++) {
    const node = children[i]!;
    if (isHeading(node, ['h2'])) {
      inExercises = textOf(node).trim() === EXERCISES_HEADING;
      exercise = undefined;
    } else if (inExercises && isHeading(node, ['h3'])) {
      exercise = node;
    }
    if (!(inExercises && exercise !== undefined && isHeading(node, ['h4']) && textOf(node).trim() === ANSWER_HEADING)) {
      out.push(node);
      continue;
    }
    const body: Element['children'] = [];
    while (i + 1 < children.length && !isHeading(children[i + 1]!, ['h2', 'h3', 'h4'])) {
      body.push(children[++i]! as Element['children'][number]);
    }
    const exerciseSlug = String(exercise.properties['id'] ?? '');
    if (mode === 'inline') {
      out.push(el('details', { className: ['exercise-answer'] }, [el('summary', {}, [{ type: 'text', value: ANSWER_HEADING }]), ...body]));
    } else {
      const answerSlug = `answer-${exerciseSlug}`;
      out.push(
        el('p', { className: ['exercise-answer-link'] }, [
          el('a', { href: `#${answerSlug}` }, [{ type: 'text', value: `Answer to ${textOf(exercise).trim()}` }]),
        ]),
      );
      collected.push(el('h3', { id: answerSlug }, [{ type: 'text', value: textOf(exercise).trim() }]));
      collected.push(...(body.filter((n) => n.type === 'element') as Element[]));
      collected.push(el('p', {}, [el('a', { href: `#${exerciseSlug}` }, [{ type: 'text', value: 'Back to the exercise' }])]));
    }
  }
  if (collected.length > 0) {
    out.push(
      el('section', { className: ['exercise-answers'], ariaLabelledBy: [ANSWERS_SLUG] }, [
        el('h2', { id: ANSWERS_SLUG }, [{ type: 'text', value: 'Answers to the exercises' }]),
        ...collected,
      ]),
    );
  }
  tree.children = out;
}

/**
 * The one Markdown pipeline of the book: chapter pages, the static API and the EPUB all render
 * through it, so a chapter reads the same everywhere. Raw HTML in the Markdown is not rendered.
 */
export async function renderMarkdown(markdown: string, options: RenderOptions = {}): Promise<Rendered> {
  const headings: Heading[] = [];
  const figures: RenderedFigure[] = [];
  const { rewriteLink, xhtml = false, highlight = true, answers = 'inline', chapterNumber, figureImage } = options;
  const processor = markdownToHtmlTree().use(() => (tree: HastRoot) => {
    if (chapterNumber !== undefined) renderFigures(tree, chapterNumber, figures, figureImage);
    foldAnswers(tree, answers);
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
  // Raw nodes are only the figures' SVG (remark-rehype drops the Markdown's own HTML).
  processor.use(rehypeStringify, xhtml ? { closeSelfClosing: true, closeEmptyElements: true, tightSelfClosing: false } : { allowDangerousHtml: true });
  const file = await processor.process(markdown);
  return { html: String(file), headings, figures };
}

/**
 * Replaces each `figure` code block with a numbered figure: its SVG (inline on the page, an image
 * in the EPUB) and its caption ("Figure 6.2: ..."). A block that cannot render throws, naming it.
 */
function renderFigures(tree: HastRoot, chapterNumber: number, figures: RenderedFigure[], figureImage: RenderOptions['figureImage']): void {
  const chapterLabel = chapterNumber === 0 ? 'I' : String(chapterNumber);
  visit(tree, 'element', (node: Element, index, parent) => {
    if (node.tagName !== 'pre' || index === undefined || !parent) return;
    const code = node.children[0];
    if (code?.type !== 'element' || code.tagName !== 'code') return;
    const classes = code.properties['className'];
    if (!Array.isArray(classes) || !classes.includes('language-figure')) return;
    const label = `${chapterLabel}.${figures.length + 1}`;
    const id = `figure-${chapterLabel.toLowerCase()}-${figures.length + 1}`;
    let source: FigureSource;
    let art: Element | { type: 'raw'; value: string };
    try {
      source = parseFigure(textOf(code));
      art = figureImage
        ? el('img', { src: figureImage(id, printFigureSvg(source, id)), alt: source.alt, className: ['book-figure-image'] }, [])
        : { type: 'raw', value: pageFigureSvg(source, id).svg };
    } catch (error) {
      throw new FigureError(`Figure ${label}: ${(error as Error).message}`);
    }
    figures.push({ label, id, caption: source.caption, alt: source.alt });
    const caption = el('figcaption', {}, [
      el('span', { className: ['book-figure-number'] }, [{ type: 'text', value: `Figure ${label}:` }]),
      { type: 'text', value: ` ${source.caption}` },
    ]);
    // On the page a wide figure scrolls in its box: like a code block, the box takes the focus so
    // the keyboard can scroll it (axe: scrollable-region-focusable).
    const box = el('div', { className: ['book-figure-art'], ...(figureImage ? {} : { tabIndex: 0 }) }, [art as Element]);
    parent.children[index] = el('figure', { id, className: ['book-figure'] }, [box, caption]);
  });
}

/** Counts the words of prose in Markdown: code blocks, inline code, link targets and markup excluded. */
export function countProseWords(markdown: string): number {
  const prose = markdown
    .replace(/^```[\s\S]*?^```/gm, ' ')
    .replace(/\[!aside\]/gi, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/[#>*_|[\]-]/g, ' ');
  return prose.split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w)).length;
}
