import { createHash } from 'node:crypto';
import epubGen from 'epub-gen-memory';
import type { Book, ChapterSource } from '../book/load.ts';
import { shortSubtitle } from '../book/load.ts';
import { renderMarkdown } from '../book/render.ts';
import { coverSvg, escapeXml } from './cover.ts';
import type { ExportSettings } from './settings.ts';
import { CHAPTER_XHTML, CONTENT_OPF, STYLESHEET, TOC_NCX, TOC_XHTML } from './templates.ts';

type EpubFn = typeof epubGen;

/**
 * epub-gen-memory is CommonJS: depending on who loads it (Node's ESM loader, Vite, esbuild) the
 * default import is the function or the module object holding it (RECIPE.md).
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

/** The EPUB file name for a title: `the-infrastructure-renaissance.epub`. */
export function epubFilename(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return `${slug || 'book'}.epub`;
}

/** A stable urn:uuid for a title and author, so a re-export is recognised as the same book. */
export function bookIdentifier(title: string, author: string): string {
  const hex = createHash('sha256').update(`${title}\n${author}`).digest('hex');
  const variant = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const chapterFile = (id: string) => `${id}.xhtml`;

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

/** Replaces images by their alternative text: an EPUB must not fetch remote resources. */
function dropImages(html: string): string {
  return html.replace(/<img\b[^>]*>/g, (tag) => {
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
 * Builds the whole book as an EPUB 3 (SPEC.md admin export, DESIGN.md): every chapter in reading
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

  // Syntax highlighting is off: it costs seconds of start-up and the EPUB needs only formatted code.
  const rendered = [];
  for (const chapter of book.chapters) {
    const { html, headings } = await renderMarkdown(chapter.markdown, { xhtml: true, highlight: false, rewriteLink });
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
    return { label: `${chapter.title}: ${shortSubtitle(chapter.subtitle)}`, href: file, children };
  });

  // The cover is an SVG image (an EPUB 3 core media type): the reader draws its text with its own
  // fonts, so the server needs neither a native rasteriser nor installed fonts.
  const cover = { bytes: new TextEncoder().encode(coverSvg(settings.title, settings.author)), name: 'cover.svg', mediaType: 'image/svg+xml' };

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
    identifier: bookIdentifier(settings.title, settings.author),
    publicationDate: iso.slice(0, 10),
    modified: `${iso.slice(0, 19)}Z`,
    rights: `Copyright © ${book.config.copyrightYear} ${book.config.author}. All rights reserved.`,
    accessibilitySummary:
      'Reflowable text with a navigable table of contents of chapters and sections, headings in reading order, and text alternatives for the cover image. Code examples are preformatted text.',
    navList: navListHtml(nav),
    ncxNavPoints: ncxNavPointsHtml(nav),
    firstChapterFile: chapterFile(first.id),
  };
  const coverAlt = `Cover of ${settings.title} by ${settings.author}`;
  const chapters = [
    {
      id: 'cover',
      filename: 'cover.xhtml',
      title: 'Cover',
      content: '',
      beforeToc: true,
      excludeFromToc: true,
      isCover: true,
      coverFile: cover.name,
      coverAlt,
      subtitle: '',
      epubType: 'cover',
    },
    ...rendered.map(({ chapter, html }) => ({
      id: chapter.id,
      filename: chapterFile(chapter.id),
      title: chapter.title,
      subtitle: chapter.subtitle,
      content: html,
      isCover: false,
      epubType: chapter.order === 0 ? 'introduction' : 'chapter',
    })),
  ];

  const generate = resolveEpubFn(epubGen);
  const bytes = await generate(options as Parameters<EpubFn>[0], chapters);
  return { bytes: new Uint8Array(bytes), chaptersCount: rendered.length, filename: epubFilename(settings.title) };
}
