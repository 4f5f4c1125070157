import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createHash } from 'node:crypto';
import epubGen from 'epub-gen-memory';
import type { Book, ChapterSource } from '../book/load.ts';
import { shortSubtitle } from '../book/load.ts';
import { renderMarkdown } from '../book/render.ts';
import { coverPng, escapeXml } from './cover.ts';
import type { ExportSettings } from './settings.ts';
import { CHAPTER_XHTML, CONTENT_OPF, STYLESHEET, TOC_NCX, TOC_XHTML } from './templates.ts';

type EpubFn = typeof epubGen;

/**
 * epub-gen-memory is CommonJS: depending on who loads it (Node's ESM loader, Vite, esbuild) the
 * default import is the function or the module object holding it (docs/architecture.md).
 */
function resolveEpubFn(mod: unknown): EpubFn {
  let candidate = mod;
  for (let i = 0; i < 3 && typeof candidate !== 'function'; i++) candidate = (candidate as { default?: unknown } | undefined)?.default;
  if (typeof candidate !== 'function') throw new Error('epub-gen-memory did not load: no generator function found');
  return candidate as EpubFn;
}

export interface EpubDeps {
  /** Public origin of the site: links to pages outside the book point there. */
  siteUrl: string;
  /** Clock for dc:date and dcterms:modified. */
  now?: () => Date;
}

export interface BuiltEpub {
  bytes: Uint8Array;
  chaptersCount: number;
  filename: string;
}

interface NavEntry {
  label: string;
  href: string;
  children: NavEntry[];
}

/**
 * The EPUB file name for a title and the chosen contents, so the variants can be told apart:
 * `the-infrastructure-renaissance.epub` (everything), `...-no-code.epub`, `...-no-resources.epub`,
 * `...-no-code-no-resources.epub`.
 */
export function epubFilename(title: string, contents: Pick<ExportSettings, 'includeCodeExamples' | 'includeResources'>): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  const suffix = `${contents.includeCodeExamples ? '' : '-no-code'}${contents.includeResources ? '' : '-no-resources'}`;
  return `${slug || 'book'}${suffix}.epub`;
}

/** A stable urn:uuid for a title and author, so a re-export is recognised as the same book. */
export function bookIdentifier(title: string, author: string): string {
  const hex = createHash('sha256').update(`${title}\n${author}`).digest('hex');
  const variant = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const chapterFile = (id: string) => `${id}.xhtml`;

/**
 * A chapter's heading, navigation label and document title name its topic: "Chapter 6: Overlay
 * Networks and SPV" (the subtitle's short name); the longer line after the dash becomes the
 * subtitle under the heading. Both " - " and the en dash " – " separate them (`shortSubtitle`).
 */
export function chapterHeading(chapter: Pick<ChapterSource, 'title' | 'subtitle'>): { heading: string; subtitle: string } {
  const short = shortSubtitle(chapter.subtitle);
  const rest = chapter.subtitle
    .trim()
    .slice(short.length)
    .replace(/^\s*[-–—]\s*/, '')
    .trim();
  return { heading: short ? `${chapter.title}: ${short}` : chapter.title, subtitle: rest };
}

const monthYear = (date: Date, lang: string) => new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);

/** The title page: title, the book's tagline as subtitle, author, and where the book lives online. */
function titlePageHtml(settings: ExportSettings, book: Book, siteUrl: string): string {
  const host = siteUrl.replace(/^https?:\/\//, '');
  return `<section epub:type="titlepage" class="titlepage" aria-labelledby="epub-book-title">
  <h1 id="epub-book-title" class="book-title">${escapeXml(settings.title)}</h1>
  <p class="book-subtitle">${escapeXml(book.config.tagline)}</p>
  <p class="book-author">${escapeXml(settings.author)}</p>
  <p class="book-publisher"><a href="${escapeXml(siteUrl)}/">${escapeXml(host)}</a></p>
</section>`;
}

/** What this variant holds, for the copyright page's edition line. */
function editionContents(settings: ExportSettings): string {
  if (settings.includeCodeExamples && settings.includeResources) return 'It includes the code examples and the further resources of each chapter.';
  if (settings.includeCodeExamples) return 'It includes the code examples of each chapter, without the lists of further resources.';
  if (settings.includeResources) return 'It includes the further resources of each chapter, without the code examples.';
  return 'It holds the text of each chapter, without the code examples and the lists of further resources.';
}

/** The copyright page: holder and year, rights, edition and date, the site's address, identifier. */
function copyrightPageHtml(settings: ExportSettings, book: Book, siteUrl: string, now: Date, identifier: string): string {
  const { config } = book;
  return `<section epub:type="copyright-page" class="copyright-page" aria-labelledby="epub-copyright-title">
  <h1 id="epub-copyright-title">Copyright</h1>
  <p><strong>${escapeXml(settings.title)}</strong><br/>by ${escapeXml(settings.author)}</p>
  <p>Copyright © ${config.copyrightYear} ${escapeXml(config.author)}. All rights reserved. No part of this book may be reproduced without the written permission of the copyright holder, except for brief quotations in reviews and articles.</p>
  <p>EPUB edition, ${escapeXml(monthYear(now, config.language))}. ${editionContents(settings)}</p>
  <p>Read the book online, with its code examples and an idea generator built on it, at <a href="${escapeXml(siteUrl)}/">${escapeXml(siteUrl)}</a>.</p>
  <p>Identifier: ${escapeXml(identifier)}</p>
</section>`;
}

function codeExamplesHtml(chapter: ChapterSource): string {
  if (chapter.codeExamples.length === 0) return '';
  const items = chapter.codeExamples.map((ex) => {
    const language = ex.language.toLowerCase().replace(/[^a-z0-9-]/g, '') || 'text';
    return `<section class="code-example" id="epub-example-${escapeXml(ex.id)}">
<h3>${escapeXml(ex.title)}</h3>
<p>${escapeXml(ex.description)}</p>
<p class="code-example-meta">File: <code>${escapeXml(ex.fileName)}</code>, language: ${escapeXml(ex.language)}</p>
<pre><code class="language-${language}">${escapeXml(ex.code.replace(/\s+$/, ''))}</code></pre>
</section>`;
  });
  return `<section class="code-examples" id="epub-code-examples">
<h2>Code Examples</h2>
${items.join('\n')}
</section>`;
}

function resourcesHtml(chapter: ChapterSource): string {
  if (chapter.resources.length === 0) return '';
  const items = chapter.resources.map(
    (r) => `<li><a href="${escapeXml(r.url)}">${escapeXml(r.title)}</a> <span class="resource-type">(${escapeXml(r.type)})</span></li>`,
  );
  return `<section class="resources" id="epub-resources">
<h2>Resources</h2>
<ul>
${items.join('\n')}
</ul>
</section>`;
}

/** Replaces images by their alternative text (an EPUB must not fetch remote resources); the book's own figures stay. */
function dropImages(html: string): string {
  return html.replace(/<img\b[^>]*>/g, (tag) => {
    if (/\bsrc="file:\/\//.test(tag)) return tag;
    const alt = /\balt="([^"]*)"/.exec(tag)?.[1] ?? '';
    return alt ? `<span class="image-alt">${alt}</span>` : '';
  });
}

function navListHtml(entries: NavEntry[], indent = '    '): string {
  if (entries.length === 0) return '';
  const items = entries.map((e) => {
    const children = e.children.length ? `\n${navListHtml(e.children, `${indent}    `)}\n${indent}  ` : '';
    return `${indent}  <li><a href="${escapeXml(e.href)}">${escapeXml(e.label)}</a>${children}</li>`;
  });
  return `${indent}<ol>\n${items.join('\n')}\n${indent}</ol>`;
}

function ncxNavPointsHtml(entries: NavEntry[]): string {
  let order = 0;
  const points = (list: NavEntry[], indent: string): string =>
    list
      .map((e) => {
        const n = ++order;
        const children = e.children.length ? `\n${points(e.children, `${indent}  `)}` : '';
        return `${indent}<navPoint id="navpoint-${n}" playOrder="${n}"><navLabel><text>${escapeXml(e.label)}</text></navLabel><content src="${escapeXml(e.href)}"/>${children}\n${indent}</navPoint>`;
      })
      .join('\n');
  return points(entries, '    ');
}

/**
 * Builds the whole book as an EPUB 3 (docs/spec.md admin export, docs/architecture.md): every chapter in reading
 * order, rendered by the site's one Markdown pipeline, with a generated cover, a nested table of
 * contents (chapters and their section headings), accessibility metadata, optional code examples
 * and resources, and no remote resources. The result passes EPUBCheck with no error or warning.
 */
export async function buildEpub(book: Book, settings: ExportSettings, deps: EpubDeps): Promise<BuiltEpub> {
  const now = (deps.now ?? (() => new Date()))();
  const siteUrl = deps.siteUrl.replace(/\/+$/, '');
  const chapterIds = new Set(book.chapters.map((c) => c.id));

  const rewriteLink = (href: string): string => {
    const chapterLink = /^\/book\/(chapter-\d\d)(#.*)?$/.exec(href);
    if (chapterLink) {
      const [, id = '', hash = ''] = chapterLink;
      return chapterIds.has(id) ? `${chapterFile(id)}${hash}` : `${siteUrl}/book/${id}${hash}`;
    }
    if (href.startsWith('/')) return `${siteUrl}${href}`;
    return href;
  };

  // Figures are SVG images in fixed colours, written to a temporary folder epub-gen-memory reads
  // them from (file:// URLs; it fetches nothing else).
  const figureDir = await mkdtemp(path.join(tmpdir(), 'epub-figures-'));
  const figureFiles: Promise<void>[] = [];
  const figureImage = (id: string, svg: string): string => {
    const file = path.join(figureDir, `${id}.svg`);
    figureFiles.push(writeFile(file, svg));
    return pathToFileURL(file).href;
  };
  try {
    return await assemble();
  } finally {
    await rm(figureDir, { recursive: true, force: true });
  }

  async function assemble(): Promise<BuiltEpub> {
    // Syntax highlighting is off: it costs seconds of start-up and the EPUB needs only formatted code.
    const rendered = [];
    for (const chapter of book.chapters) {
      const { html, headings } = await renderMarkdown(chapter.markdown, {
        xhtml: true,
        highlight: false,
        rewriteLink,
        answers: 'end',
        chapterNumber: chapter.order,
        figureImage,
      });
      const extras = [settings.includeCodeExamples ? codeExamplesHtml(chapter) : '', settings.includeResources ? resourcesHtml(chapter) : ''].filter(Boolean);
      rendered.push({ chapter, html: [dropImages(html), ...extras].join('\n'), headings, extras });
    }

    // A link to a heading that does not exist would be an EPUBCheck error: keep only known targets.
    const idsByFile = new Map(
      rendered.map((r) => [chapterFile(r.chapter.id), new Set(['epub-chapter-title', ...[...r.html.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1] ?? '')])]),
    );
    for (const r of rendered) {
      r.html = r.html.replace(/href="([^"#]*)#([^"]*)"/g, (whole, file: string, fragment: string) => {
        const target = file === '' ? chapterFile(r.chapter.id) : file;
        const ids = idsByFile.get(target);
        if (!ids) return whole;
        return ids.has(fragment) ? whole : `href="${file || '#epub-chapter-title'}"`;
      });
    }

    const nav: NavEntry[] = rendered.map(({ chapter, headings, html }) => {
      const file = chapterFile(chapter.id);
      const children: NavEntry[] = headings.filter((h) => h.depth === 2).map((h) => ({ label: h.text, href: `${file}#${h.slug}`, children: [] }));
      if (html.includes('id="epub-code-examples"')) children.push({ label: 'Code Examples', href: `${file}#epub-code-examples`, children: [] });
      if (html.includes('id="epub-resources"')) children.push({ label: 'Resources', href: `${file}#epub-resources`, children: [] });
      return { label: chapterHeading(chapter).heading, href: file, children };
    });

    // A PNG cover: the stores (Kindle, Apple Books, Google Play) take JPEG or PNG, not SVG.
    const cover = {
      bytes: await coverPng({ title: settings.title, author: settings.author, tagline: book.config.tagline }),
      name: 'cover.png',
      mediaType: 'image/png',
    };
    const identifier = bookIdentifier(settings.title, settings.author);

    const first = book.chapters[0];
    if (!first) throw new Error('The book has no chapters to export');
    const iso = now.toISOString();
    const options = {
      title: settings.title,
      author: settings.author,
      publisher: book.config.author,
      description: book.config.description,
      lang: book.config.language,
      tocTitle: 'Table of Contents',
      prependChapterTitles: false,
      version: 3,
      verbose: false,
      css: STYLESHEET,
      contentOPF: CONTENT_OPF,
      tocXHTML: TOC_XHTML,
      tocNCX: TOC_NCX,
      chapterXHTML: CHAPTER_XHTML,
      cover: new File([cover.bytes as Uint8Array<ArrayBuffer>], cover.name, { type: cover.mediaType }),
      // Read by our templates (epub-gen-memory passes unknown options through to them).
      identifier,
      publicationDate: iso.slice(0, 10),
      modified: `${iso.slice(0, 19)}Z`,
      rights: `Copyright © ${book.config.copyrightYear} ${book.config.author}. All rights reserved.`,
      accessibilitySummary:
        'Reflowable text with a title page, a copyright page, a navigable table of contents of chapters and sections, headings in reading order, and a text alternative for the cover image and for every figure. Code examples are preformatted text in the reader’s own colours.',
      navList: navListHtml(nav),
      ncxNavPoints: ncxNavPointsHtml(nav),
      firstChapterFile: chapterFile(first.id),
    };
    const coverAlt = `Cover of ${settings.title} by ${settings.author}`;
    const front = (id: string, title: string, content: string) => ({
      id,
      filename: `${id}.xhtml`,
      title,
      content,
      beforeToc: true,
      excludeFromToc: true,
      pageKind: 'front',
      subtitle: '',
    });
    const chapters = [
      {
        id: 'cover',
        filename: 'cover.xhtml',
        title: 'Cover',
        content: '',
        beforeToc: true,
        excludeFromToc: true,
        pageKind: 'cover',
        coverFile: cover.name,
        coverAlt,
        subtitle: '',
      },
      front('titlepage', 'Title Page', titlePageHtml(settings, book, siteUrl)),
      front('copyright', 'Copyright', copyrightPageHtml(settings, book, siteUrl, now, identifier)),
      ...rendered.map(({ chapter, html }) => {
        const { heading, subtitle } = chapterHeading(chapter);
        return {
          id: chapter.id,
          filename: chapterFile(chapter.id),
          title: heading,
          subtitle,
          content: html,
          pageKind: 'chapter',
          epubType: chapter.order === 0 ? 'introduction' : 'chapter',
        };
      }),
    ];

    await Promise.all(figureFiles);
    const generate = resolveEpubFn(epubGen);
    const bytes = await generate(options as Parameters<EpubFn>[0], chapters);
    return { bytes: new Uint8Array(bytes), chaptersCount: rendered.length, filename: epubFilename(settings.title, settings) };
  }
}
