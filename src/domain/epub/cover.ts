import { h, renderPng, type ImageNode } from '../images/png.ts';

/**
 * The generated cover: a PNG (what Kindle, Apple Books and Google Play ask for) drawn from the title
 * and author the admin entered and the book's tagline, in the site's colours, by the one image
 * renderer (`renderPng`: satori + resvg-wasm with the bundled Inter font, no native binary).
 */

/** 1600 x 2560 (1 : 1.6), the size the stores recommend. */
const COVER_WIDTH = 1600;
const COVER_HEIGHT = 2560;

/** The site's colours (the nav's logo mark): navy, brand blue, gold. */
const NAVY = '#0b1530';
const BLUE = '#1d6ef1';
const GOLD = '#f5c542';
const MARGIN = 140;
const TEXT_WIDTH = COVER_WIDTH - 2 * MARGIN;

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

export interface CoverText {
  title: string;
  author: string;
  /** The book's tagline, set under the title (optional). */
  tagline?: string;
}

/**
 * The title's font size: as large as the cover allows, so the longest word fits one line (Inter
 * Bold averages about 0.6 em a character) and long titles stay within the upper half.
 */
export function titleFontSize(title: string): number {
  const longestWord = Math.max(1, ...title.split(/\s+/).map((w) => [...w].length));
  const byWord = Math.floor(TEXT_WIDTH / (longestWord * 0.64));
  const byLength = title.length > 120 ? 96 : title.length > 70 ? 124 : title.length > 36 ? 156 : 196;
  return Math.max(64, Math.min(byWord, byLength));
}

/** A small deterministic PRNG (mulberry32), seeded from the title so each book gets its own motif. */
function random(seedText: string): () => number {
  let seed = 2166136261;
  for (const ch of seedText) seed = Math.imul(seed ^ (ch.codePointAt(0) ?? 0), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The motif: a network of linked nodes (the book's subject: a network that records and verifies),
 * some drawn as blocks, as an SVG data URI for satori's <img>.
 */
function motifSvg(seedText: string, width: number, height: number): string {
  const rnd = random(seedText);
  const cols = 6;
  const rows = 5;
  const nodes: { x: number; y: number; r: number; block: boolean }[] = [];
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      if (rnd() < 0.22) continue;
      nodes.push({
        // Jittered grid, kept 60 px inside the image so no halo is cut off.
        x: Math.round(60 + ((col + 0.5 + (rnd() - 0.5) * 0.7) / cols) * (width - 120)),
        y: Math.round(60 + ((row + 0.5 + (rnd() - 0.5) * 0.7) / rows) * (height - 120)),
        r: Math.round(9 + rnd() * 14),
        block: rnd() < 0.25,
      });
    }
  }
  // A spanning tree (Prim) keeps the network in one piece; a few short extra links close loops.
  const dist = (i: number, j: number) => ((nodes[i]?.x ?? 0) - (nodes[j]?.x ?? 0)) ** 2 + ((nodes[i]?.y ?? 0) - (nodes[j]?.y ?? 0)) ** 2;
  const pairs: [number, number][] = [];
  const inTree = new Set([0]);
  while (inTree.size < nodes.length) {
    let best: [number, number] | undefined;
    for (const i of inTree) for (let j = 0; j < nodes.length; j++) if (!inTree.has(j) && (!best || dist(i, j) < dist(...best))) best = [i, j];
    if (!best) break;
    pairs.push(best);
    inTree.add(best[1]);
  }
  const extra: [number, number][] = [];
  for (let i = 0; i < nodes.length; i++) for (let j = i + 1; j < nodes.length; j++) extra.push([i, j]);
  extra.sort((p, q) => dist(...p) - dist(...q));
  for (const [i, j] of extra.slice(0, nodes.length * 2)) {
    if (pairs.length >= nodes.length + 3) break;
    if (!pairs.some(([a, b]) => (a === i && b === j) || (a === j && b === i)) && rnd() < 0.35) pairs.push([i, j]);
  }
  const lines = pairs.map(([i, j]) => `<line x1="${nodes[i]?.x}" y1="${nodes[i]?.y}" x2="${nodes[j]?.x}" y2="${nodes[j]?.y}"/>`);
  const shapes = nodes.map((n, i) => {
    const fill = i % 3 === 0 ? GOLD : '#60a5fa';
    if (n.block) {
      const s = n.r * 2.4;
      return `<rect x="${n.x - s / 2}" y="${n.y - s / 2}" width="${s}" height="${s}" rx="${Math.round(s / 6)}" fill="none" stroke="${GOLD}" stroke-width="5"/>`;
    }
    return `<circle cx="${n.x}" cy="${n.y}" r="${n.r}" fill="${fill}"/><circle cx="${n.x}" cy="${n.y}" r="${n.r * 2.2}" fill="${fill}" opacity="0.12"/>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><g stroke="${BLUE}" stroke-width="4" opacity="0.7">${lines.join('')}</g>${shapes.join('')}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The site's logo mark (Nav.astro), as a publisher's mark at the foot of the cover. */
const LOGO_MARK = `data:image/svg+xml;base64,${Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${BLUE}"/><path d="M9 9h9a5 5 0 0 1 0 10h-4v4H9z" fill="#fff"/><circle cx="23" cy="23" r="3" fill="${GOLD}"/></svg>`,
).toString('base64')}`;

const img = (src: string, width: number, height: number, style: Record<string, string | number> = {}): ImageNode => ({
  type: 'img',
  props: { src, width, height, style: { width, height, ...style } },
});

/** The cover's element tree for satori. */
function coverTree({ title, author, tagline }: CoverText): ImageNode {
  const titleSize = titleFontSize(title);
  // A very long title needs the room: the tagline would run into the motif.
  const taglineText = title.length > 110 ? undefined : tagline?.trim();
  const motifHeight = 880;
  return h(
    'div',
    {
      display: 'flex',
      flexDirection: 'column',
      width: '100%',
      height: '100%',
      position: 'relative',
      backgroundColor: NAVY,
      backgroundImage: `linear-gradient(165deg, ${NAVY} 0%, #0f2553 55%, #14377a 100%)`,
      color: '#ffffff',
      fontFamily: 'Inter',
      padding: `${MARGIN + 40}px ${MARGIN}px ${MARGIN}px`,
    },
    img(motifSvg(title, TEXT_WIDTH + 2 * 60, motifHeight), TEXT_WIDTH + 2 * 60, motifHeight, { position: 'absolute', left: MARGIN - 60, top: 1250 }),
    h('div', { display: 'flex', width: 180, height: 14, backgroundColor: GOLD, borderRadius: 7 }),
    h(
      'div',
      { display: 'flex', marginTop: 72, fontSize: titleSize, fontWeight: 700, lineHeight: 1.06, letterSpacing: -Math.round(titleSize / 40), width: TEXT_WIDTH },
      title,
    ),
    taglineText
      ? h('div', { display: 'flex', marginTop: 64, fontSize: 54, fontWeight: 400, lineHeight: 1.38, color: '#c7d7f5', width: TEXT_WIDTH - 120 }, taglineText)
      : null,
    h(
      'div',
      {
        display: 'flex',
        position: 'absolute',
        left: MARGIN,
        top: COVER_HEIGHT - MARGIN - 210,
        width: TEXT_WIDTH,
        height: 210,
        alignItems: 'flex-end',
        justifyContent: 'space-between',
        borderTop: `4px solid ${GOLD}`,
        paddingTop: 56,
      },
      h(
        'div',
        { display: 'flex', fontSize: author.length > 40 ? 50 : 64, fontWeight: 700, lineHeight: 1.2, letterSpacing: 1, width: TEXT_WIDTH - 180 },
        author,
      ),
      img(LOGO_MARK, 120, 120),
    ),
  );
}

/**
 * Renders the cover to a 1600 x 2560 PNG (about 150 to 400 KB, well under the stores' limits), or
 * narrower with `width` (the landing page shows it at 480 pixels wide).
 */
export function coverPng(text: CoverText, width = COVER_WIDTH): Promise<Uint8Array> {
  return renderPng(coverTree(text), COVER_WIDTH, COVER_HEIGHT, width);
}
