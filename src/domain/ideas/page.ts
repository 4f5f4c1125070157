import { normalizeIdea } from './normalize.ts';
import { IDEA_DATA_ELEMENT_ID, serializeForScript, type IdeaPageData } from './page-data.ts';
import type { PublicIdeaRecord } from './schema.ts';
import { truncate } from './share.ts';

/**
 * Turns the pre-rendered /idea/{id} shell into the page of one idea (or its not-found page), so
 * share previews and crawlers (which run no JavaScript) get the idea's title and summary.
 */

export const NOT_FOUND_TITLE = 'Idea Not Found';
export const NOT_FOUND_TEXT = "The business idea you're looking for doesn't exist or has been removed.";
const DESCRIPTION_MAX = 200;

/** Escapes text for HTML text and double-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

// The tags the shell's layout writes and this page replaces.
const REPLACED_TAGS = [
  /<title>[\s\S]*?<\/title>\s*/i,
  /<meta\s+name="(?:description|robots|twitter:card|twitter:title|twitter:description)"[^>]*>\s*/gi,
  /<meta\s+property="og:(?:type|title|description|url)"[^>]*>\s*/gi,
  /<link\s+rel="canonical"[^>]*>\s*/gi,
];

export interface IdeaPageOptions {
  /** The site's name, appended to the page title. */
  siteName: string;
  /** Absolute URL of this page (the canonical link; omitted on not-found pages). */
  canonicalUrl: string;
}

/** The head tags of a page: title, description, canonical, Open Graph and Twitter card. */
function headTags(title: string, description: string, options: IdeaPageOptions, notFound: boolean): string {
  const t = escapeHtml(title);
  const d = escapeHtml(description);
  const url = escapeHtml(options.canonicalUrl);
  return [
    `<title>${t} | ${escapeHtml(options.siteName)}</title>`,
    `<meta name="description" content="${d}">`,
    notFound ? '<meta name="robots" content="noindex">' : `<link rel="canonical" href="${url}">`,
    '<meta property="og:type" content="article">',
    `<meta property="og:title" content="${t}">`,
    `<meta property="og:description" content="${d}">`,
    ...(notFound ? [] : [`<meta property="og:url" content="${url}">`]),
    '<meta name="twitter:card" content="summary">',
    `<meta name="twitter:title" content="${t}">`,
    `<meta name="twitter:description" content="${d}">`,
  ].join('\n    ');
}

/**
 * The served HTML of /idea/{id}: the shell with the idea's head tags and the record embedded as
 * JSON (`<script type="application/json">`, escaped so stored text cannot break out).
 */
export function renderIdeaPage(shell: string, idea: PublicIdeaRecord | null, options: IdeaPageOptions): string {
  const data: IdeaPageData = idea ? { idea } : { notFound: true };
  const view = idea ? normalizeIdea(idea) : null;
  const title = view ? view.title : NOT_FOUND_TITLE;
  const description = view ? truncate(view.summary || `A business idea (${view.category}) combining AI and the BSV blockchain.`, DESCRIPTION_MAX) : NOT_FOUND_TEXT;

  let html = shell;
  for (const re of REPLACED_TAGS) html = html.replace(re, '');
  if (!html.includes('</head>') || !html.includes('</body>')) throw new Error('idea page shell has no </head> or </body>');
  const head = headTags(title, description, options, !view);
  // A replacer function: stored text must never be read as a `$&`-style replacement pattern.
  html = html.replace('</head>', () => `  ${head}\n  </head>`);
  const script = `<script type="application/json" id="${IDEA_DATA_ELEMENT_ID}">${serializeForScript(data)}</script>`;
  const at = html.lastIndexOf('</body>');
  return `${html.slice(0, at)}${script}\n${html.slice(at)}`;
}
