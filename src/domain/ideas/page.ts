import { normalizeIdea } from './normalize.ts';
import { IDEA_DATA_ELEMENT_ID, serializeForScript, type IdeaPageData } from './page-data.ts';
import type { PublicIdeaRecord } from './schema.ts';
import { SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH } from './share-card-size.ts';
import { truncate } from './share.ts';

/**
 * Turns the pre-rendered /idea/{id} shell into the page of one idea (or its not-found page), so
 * share previews and crawlers (which run no JavaScript) get the idea's title and summary.
 */

const NOT_FOUND_TITLE = 'Idea Not Found';
const NOT_FOUND_TEXT = "The business idea you're looking for doesn't exist or has been removed.";
const DESCRIPTION_MAX = 200;

/** Escapes text for HTML text and double-quoted attribute values. */
function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

// The tags the shell's layout writes and this page replaces.
const REPLACED_TAGS = [
  /<title>[\s\S]*?<\/title>\s*/i,
  /<meta\s+name="(?:description|robots|twitter:card|twitter:title|twitter:description|twitter:image)"[^>]*>\s*/gi,
  /<meta\s+property="og:(?:type|title|description|url|image|image:width|image:height|image:alt)"[^>]*>\s*/gi,
  /<link\s+rel="canonical"[^>]*>\s*/gi,
];

export interface IdeaPageOptions {
  /** The site's name, appended to the page title. */
  siteName: string;
  /** Absolute URL of this page (the canonical link; omitted on not-found pages). */
  canonicalUrl: string;
  /** Absolute URL of the idea's 1200x630 share card (og:image / twitter:image). */
  imageUrl?: string | undefined;
  /** Tell search engines not to index the page (an unlisted idea, reachable by its link only). */
  noindex?: boolean | undefined;
}

/** The head tags of a page: title, description, canonical, Open Graph and Twitter card. */
function headTags(title: string, description: string, options: IdeaPageOptions, notFound: boolean): string {
  const t = escapeHtml(title);
  const d = escapeHtml(description);
  const url = escapeHtml(options.canonicalUrl);
  const image = !notFound && options.imageUrl ? escapeHtml(options.imageUrl) : null;
  return [
    `<title>${t} | ${escapeHtml(options.siteName)}</title>`,
    `<meta name="description" content="${d}">`,
    ...(notFound || options.noindex ? ['<meta name="robots" content="noindex">'] : []),
    ...(notFound ? [] : [`<link rel="canonical" href="${url}">`]),
    '<meta property="og:type" content="article">',
    `<meta property="og:title" content="${t}">`,
    `<meta property="og:description" content="${d}">`,
    ...(notFound ? [] : [`<meta property="og:url" content="${url}">`]),
    ...(image
      ? [
          `<meta property="og:image" content="${image}">`,
          `<meta property="og:image:width" content="${SHARE_CARD_WIDTH}">`,
          `<meta property="og:image:height" content="${SHARE_CARD_HEIGHT}">`,
          `<meta property="og:image:alt" content="${t}">`,
        ]
      : []),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${t}">`,
    `<meta name="twitter:description" content="${d}">`,
    ...(image ? [`<meta name="twitter:image" content="${image}">`] : []),
  ].join('\n    ');
}

/** Renders the detail island's HTML for the page data; `identifierPrefix` is the island's prefix. */
export type IslandRenderer = (data: IdeaPageData, identifierPrefix: string) => string;

/** The island that shows the idea in the shell (its component is IdeaDetail). */
const ISLAND_OPEN = /<astro-island\b[^>]*\bcomponent-url="[^"]*\/IdeaDetail\.[^"]*"[^>]*>/;

/**
 * Puts the server-rendered detail into the shell's IdeaDetail island (replacing the loading state
 * Astro rendered at build time). Null if the shell has no such island.
 */
export function fillDetailIsland(html: string, data: IdeaPageData, render: IslandRenderer): string | null {
  const open = ISLAND_OPEN.exec(html);
  if (!open) return null;
  const start = open.index + open[0].length;
  const close = html.indexOf('</astro-island>', start);
  if (close < 0) return null;
  const END_MARK = '<!--astro:end-->';
  const end = html.slice(start, close).endsWith(END_MARK) ? close - END_MARK.length : close;
  const prefix = /\bprefix="([^"]*)"/.exec(open[0])?.[1] ?? '';
  return `${html.slice(0, start)}${render(data, prefix)}${html.slice(end)}`;
}

/**
 * The served HTML of /idea/{id}: the shell with the idea's head tags, the record embedded as JSON
 * (`<script type="application/json">`, escaped so stored text cannot break out) and the detail
 * rendered into the island by `renderIsland` (visible before scripts run; the browser hydrates it).
 */
export function renderIdeaPage(shell: string, idea: PublicIdeaRecord | null, options: IdeaPageOptions, renderIsland: IslandRenderer): string {
  const data: IdeaPageData = idea ? { idea } : { notFound: true };
  const view = idea ? normalizeIdea(idea) : null;
  const title = view ? view.title : NOT_FOUND_TITLE;
  const description = view
    ? truncate(view.summary || `A business idea (${view.category}) combining AI and the BSV blockchain.`, DESCRIPTION_MAX)
    : NOT_FOUND_TEXT;

  let html: string | null;
  try {
    html = fillDetailIsland(shell, data, renderIsland);
  } catch (e) {
    // A render error (a record the view did not foresee), not a storage error: the page is still
    // served with its data, and the browser's render shows what it can.
    console.error(`idea page: rendering idea ${idea?.id ?? '(not found)'} on the server failed (a render error, not a storage error)`, e);
    html = shell;
  }
  if (html === null) {
    // The page still works without it (the island renders the embedded data in the browser).
    console.error('idea page: the shell has no IdeaDetail island; serving it without the server-rendered detail');
    html = shell;
  }
  for (const re of REPLACED_TAGS) html = html.replace(re, '');
  if (!html.includes('</head>') || !html.includes('</body>')) throw new Error('idea page shell has no </head> or </body>');
  const head = headTags(title, description, options, !view);
  // A replacer function: stored text must never be read as a `$&`-style replacement pattern.
  html = html.replace('</head>', () => `  ${head}\n  </head>`);
  const script = `<script type="application/json" id="${IDEA_DATA_ELEMENT_ID}">${serializeForScript(data)}</script>`;
  const at = html.lastIndexOf('</body>');
  return `${html.slice(0, at)}${script}\n${html.slice(at)}`;
}
