import { renderMermaidSVG } from 'beautiful-mermaid';

/**
 * The book's figures: written as text in the chapter, a fenced block in the `figure` language
 *
 *     ```figure
 *     caption: How an overlay admits a transaction and answers a lookup.
 *     alt: A wallet sends a transaction with its BEEF to a topic manager, which ...
 *     ---
 *     flowchart TD
 *       W[Wallet] -->|BEEF| T[Topic manager]
 *     ```
 *
 * (a caption, a text alternative that says what the figure shows, then a Mermaid diagram), and
 * rendered to SVG at build time by beautiful-mermaid, without a browser. On the page the SVG is
 * inline and takes its colours from the page's theme; in the EPUB it is an image in fixed colours.
 */
export interface FigureSource {
  caption: string;
  alt: string;
  /** The Mermaid source of the diagram. */
  diagram: string;
}

/** A figure block that cannot be rendered, with the reason. */
export class FigureError extends Error {
  override name = 'FigureError';
}

/** Reads a `figure` block: `caption:` and `alt:` lines, a `---` line, then the diagram. */
export function parseFigure(block: string): FigureSource {
  const at = block.search(/^---\s*$/m);
  if (at < 0) throw new FigureError('a figure block needs its caption and alt lines, a --- line, then the diagram');
  const head = block.slice(0, at);
  const diagram = block
    .slice(at)
    .replace(/^---\s*\n?/, '')
    .trim();
  const field = (name: string): string => {
    const value = new RegExp(`^${name}:\\s*(.+)$`, 'm').exec(head)?.[1]?.trim() ?? '';
    if (value === '') throw new FigureError(`a figure block needs a "${name}:" line`);
    return value;
  };
  if (diagram === '') throw new FigureError('a figure block needs a diagram after its --- line');
  const bare = labelledLate(diagram);
  if (bare.length > 0)
    throw new FigureError(`node ${bare.join(', ')} is used before the line that gives its label, so it renders as its id: label it where it first appears`);
  return { caption: field('caption'), alt: field('alt'), diagram };
}

/**
 * The nodes of a flowchart named bare (`S --> U`) before the line that labels them (`U[Unknown]`):
 * the renderer keeps the first, so the figure showed "U" (Figure 15.2, 2026-11-30).
 */
export function labelledLate(diagram: string): string[] {
  const [first = '', ...lines] = diagram.split('\n');
  if (!/^\s*(?:flowchart|graph)\b/.test(first)) return [];
  const labelled = new Map<string, boolean>();
  const late = new Set<string>();
  for (const line of lines) {
    if (/^\s*(?:subgraph|end\b|classDef|class\s|style\s|linkStyle|click|%%|direction)/.test(line)) continue;
    for (const node of line.trim().split(/\s*(?:<-->|-->|---|-\.->|-\.-|==>)(?:\|[^|]*\|)?\s*/)) {
      const m = /^(\w+)\s*([[({>]?)/.exec(node);
      if (!m?.[1]) continue;
      const [id, hasLabel] = [m[1], m[2] !== ''];
      if (!labelled.has(id)) labelled.set(id, hasLabel);
      else if (hasLabel && labelled.get(id) === false) late.add(id);
    }
  }
  return [...late];
}

/** The page's colours: CSS variables the site's stylesheet sets for light and dark themes. */
const PAGE_COLOURS = { bg: 'var(--fig-bg)', fg: 'var(--fig-fg)', accent: 'var(--fig-accent)', transparent: true };
/** The EPUB's colours: fixed, for reading systems that know no CSS variables. */
const PRINT_COLOURS = { bg: '#ffffff', fg: '#1e293b', accent: '#1d4ed8' };

/** The diagram as SVG, its ids prefixed (several figures share a page), no remote font import. */
function baseSvg(diagram: string, idPrefix: string, colours: Record<string, unknown>): { svg: string; width: number; height: number } {
  let svg: string;
  try {
    svg = renderMermaidSVG(diagram, colours);
  } catch (error) {
    throw new FigureError(`the diagram does not render: ${(error as Error).message}`);
  }
  svg = svg
    .replace(/@import url\([^)]*\);?/g, '')
    .replace(/\bid="([^"]+)"/g, `id="${idPrefix}-$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${idPrefix}-$1)`)
    .replace(/href="#([^"]+)"/g, `href="#${idPrefix}-$1"`);
  const width = Number(/<svg[^>]*\bwidth="([\d.]+)"/.exec(svg)?.[1] ?? NaN);
  const height = Number(/<svg[^>]*\bheight="([\d.]+)"/.exec(svg)?.[1] ?? NaN);
  if (!Number.isFinite(width) || !Number.isFinite(height)) throw new FigureError('the diagram rendered without a size');
  return { svg, width, height };
}

/** Escapes text for XML text and attribute values. */
function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The inline SVG of a figure for the page: its style rules scoped to figures (an inline SVG's
 * style applies to the whole document), its colours the theme's, `role="img"` with the text
 * alternative as its label, and its natural width as its largest.
 */
export function pageFigureSvg(source: FigureSource, idPrefix: string): { svg: string; width: number } {
  const { svg, width } = baseSvg(source.diagram, idPrefix, PAGE_COLOURS);
  const scoped = svg
    .replace(/(<style>[\s\S]*?<\/style>)/g, (block) => block.replace(/^(\s*)(svg|text)\s*\{/gm, '$1.book-figure $2 {'))
    .replace(/<svg\b/, `<svg role="img" aria-label="${escapeXml(source.alt)}" focusable="false"`)
    .replace(/<svg([^>]*) style="/, `<svg$1 style="max-width:${Math.ceil(width)}px;--fig-w:${Math.ceil(width)};`);
  return { svg: scoped, width };
}

/** The SVG file of a figure for the EPUB: every CSS variable and colour mix resolved to a colour. */
export function printFigureSvg(source: FigureSource, idPrefix: string): string {
  const { svg } = baseSvg(source.diagram, idPrefix, PRINT_COLOURS);
  const resolved = resolveCssVariables(svg);
  return resolved.startsWith('<?xml') ? resolved : `<?xml version="1.0" encoding="UTF-8"?>\n${resolved}`;
}

type Rgb = [number, number, number];

function parseColour(value: string): Rgb | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim())?.[1];
  if (!hex) return null;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/**
 * Replaces `var(--x)` and `color-mix(in srgb, A p%, B)` in an SVG with the colours they compute
 * to, from the custom properties it declares (its root style and its `svg { }` rules). An SVG in
 * an EPUB is shown by reading systems that know neither.
 */
function resolveCssVariables(svg: string): string {
  const defs = new Map<string, string>();
  const rootStyle = /<svg[^>]*\bstyle="([^"]*)"/.exec(svg)?.[1] ?? '';
  for (const m of rootStyle.matchAll(/(--[\w-]+)\s*:\s*([^;]+)/g)) defs.set(m[1] ?? '', (m[2] ?? '').trim());
  for (const rule of svg.matchAll(/svg\s*\{([^}]*)\}/g))
    for (const m of (rule[1] ?? '').replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)) defs.set(m[1] ?? '', (m[2] ?? '').trim());

  const evaluate = (expression: string, depth = 0): string => {
    if (depth > 20) throw new FigureError(`a colour refers to itself: ${expression}`);
    let text = expression.trim();
    // Innermost first: var() without nested parentheses in its fallback, then color-mix.
    for (let guard = 0; /var\(|color-mix\(/.test(text) && guard < 200; guard += 1) {
      const innerVar = /var\((--[\w-]+)\s*(?:,\s*([^()]*(?:\([^()]*\)[^()]*)*))?\)/.exec(text);
      const innerMix = /color-mix\(in srgb,\s*(#[0-9a-f]{3,6})\s*(\d+(?:\.\d+)?)%?\s*,\s*(#[0-9a-f]{3,6})\s*(?:(\d+(?:\.\d+)?)%)?\s*\)/i.exec(text);
      if (innerMix) {
        const [whole, a = '', pa = '', b = '', pb] = innerMix;
        const [ca, cb] = [parseColour(a), parseColour(b)];
        if (!ca || !cb) throw new FigureError(`cannot mix ${whole}`);
        const p = Number(pa) / 100;
        const q = pb === undefined ? 1 - p : Number(pb) / 100;
        const mixed = ca.map((c, i) => (c * p + (cb[i] ?? 0) * q) / (p + q)) as Rgb;
        text = text.replace(whole, toHex(mixed));
      } else if (innerVar) {
        const [whole, name = '', fallback] = innerVar;
        const value = defs.get(name);
        text = text.replace(whole, value !== undefined ? evaluate(value, depth + 1) : fallback !== undefined ? fallback.trim() : 'none');
      } else break;
    }
    return text;
  };

  // Every use in attributes and style rules, then the declarations' own values.
  let out = svg.replace(
    /(?<![\w-])(fill|stroke|stop-color|color)(\s*[:=]\s*"?)(var\([^";]*\)|color-mix\([^";]*\))/g,
    (_m, prop: string, sep: string, value: string) => `${prop}${sep}${evaluate(value)}`,
  );
  out = out.replace(/(--[\w-]+\s*:\s*)([^;"]+)(;)/g, (_m, name: string, value: string, end: string) => `${name}${evaluate(value)}${end}`);
  out = out.replace(/var\((--[\w-]+)\)/g, (m) => evaluate(m));
  if (/var\(|color-mix\(/.test(out)) throw new FigureError('a colour of the diagram could not be resolved for the EPUB');
  return out;
}
