/** The generated cover: an SVG drawn from the title and author, no network and no image assets. */

export const COVER_WIDTH = 1600;
export const COVER_HEIGHT = 2400;

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Greedy word wrap to at most `width` characters a line (a long word gets its own line). */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The cover as a standalone SVG document (1600x2400, the common e-book cover ratio). Long titles
 * wrap and shrink; everything is drawn with plain shapes and text so it renders anywhere.
 */
export function coverSvg(title: string, author: string): string {
  const titleSize = title.length > 80 ? 84 : title.length > 40 ? 108 : 132;
  const titleLines = wrapWords(title, Math.floor(2600 / titleSize)).slice(0, 8);
  const authorLines = wrapWords(author, 40).slice(0, 3);
  const lineHeight = Math.round(titleSize * 1.18);
  const titleTop = 900 - Math.round(((titleLines.length - 1) * lineHeight) / 2);
  const titleText = titleLines
    .map((l, i) => `<text x="800" y="${titleTop + i * lineHeight}" font-size="${titleSize}" font-weight="bold" text-anchor="middle">${escapeXml(l)}</text>`)
    .join('');
  const authorText = authorLines.map((l, i) => `<text x="800" y="${1900 + i * 76}" font-size="60" text-anchor="middle">${escapeXml(l)}</text>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}">
<title>${escapeXml(`${title}, by ${author}`)}</title>
<rect width="1600" height="2400" fill="#0f172a"/>
<rect x="0" y="0" width="1600" height="40" fill="#1d6ef1"/>
<rect x="0" y="2360" width="1600" height="40" fill="#1d6ef1"/>
<g fill="none" stroke="#1d6ef1" stroke-width="6" opacity="0.55">
<path d="M200 420 L560 300 L940 460 L1400 320"/><path d="M200 1500 L620 1380 L1000 1560 L1400 1420"/>
</g>
<g fill="#f5c542"><circle cx="200" cy="420" r="22"/><circle cx="560" cy="300" r="22"/><circle cx="940" cy="460" r="22"/><circle cx="1400" cy="320" r="22"/>
<circle cx="200" cy="1500" r="22"/><circle cx="620" cy="1380" r="22"/><circle cx="1000" cy="1560" r="22"/><circle cx="1400" cy="1420" r="22"/></g>
<g fill="#ffffff" font-family="DejaVu Serif, Georgia, 'Times New Roman', serif">${titleText}</g>
<rect x="650" y="1720" width="300" height="8" fill="#f5c542"/>
<g fill="#e2e8f0" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">${authorText}</g>
</svg>
`;
}
