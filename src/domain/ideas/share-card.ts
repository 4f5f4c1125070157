import { h, type ImageNode } from '../images/png.ts';
import type { ShareCardCache } from './manage.ts';
import { normalizeIdea, type IdeaView } from './normalize.ts';
import { ideaIdSchema } from './schema.ts';
import { SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH } from './share-card-size.ts';
import { truncate } from './share.ts';
import { isListed, type IdeaStore } from './store.ts';

/**
 * The first sentence of a summary, cut to one line of the card. A summary that starts with the
 * idea's name ("Harvest Ledger lets farms...") loses it: the title is right above.
 */
export function oneLine(summary: string, title: string, max = 62): string {
  let first = (summary.split(/(?<=[.!?])\s+/)[0] ?? '').trim();
  if (title && first.toLowerCase().startsWith(title.toLowerCase())) {
    const rest = first.slice(title.length).replace(/^[\s:,-]+/, '');
    if (rest) first = rest.charAt(0).toUpperCase() + rest.slice(1);
  }
  return truncate(first, max);
}

/** The card: category, title, one line of summary and the book's name, in the site's colours. */
export function shareCardNode(idea: IdeaView, bookTitle: string): ImageNode {
  const title = truncate(idea.title, 90);
  const titleSize = title.length > 60 ? 56 : title.length > 32 ? 68 : 80;
  return h(
    'div',
    {
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      width: SHARE_CARD_WIDTH,
      height: SHARE_CARD_HEIGHT,
      boxSizing: 'border-box',
      padding: '64px 72px',
      background: 'linear-gradient(135deg, #0b1020 0%, #13245a 100%)',
      color: '#ffffff',
      fontFamily: 'Inter',
    },
    h(
      'div',
      { display: 'flex' },
      h('div', { display: 'flex', padding: '8px 22px', borderRadius: 999, background: '#1d6ef1', fontSize: 28, fontWeight: 700 }, truncate(idea.category, 48)),
    ),
    h(
      'div',
      { display: 'flex', flexDirection: 'column', width: '100%' },
      h('div', { display: 'flex', width: '100%', fontSize: titleSize, fontWeight: 700, lineHeight: 1.1 }, title),
      idea.summary
        ? h('div', { display: 'flex', width: '100%', marginTop: 28, fontSize: 32, color: '#cbd5e1', lineHeight: 1.3 }, oneLine(idea.summary, idea.title))
        : null,
    ),
    h(
      'div',
      { display: 'flex', width: '100%', justifyContent: 'space-between', alignItems: 'center', fontSize: 28, color: '#f5c542', fontWeight: 700 },
      h('div', { display: 'flex' }, truncate(bookTitle, 60)),
      h('div', { display: 'flex', color: '#94a3b8', fontWeight: 400 }, idea.madeBy ? shortMadeBy(idea.madeBy) : 'AI + BSV business idea'),
    ),
  );
}

/** The card's corner: how the idea was made, in a few words ("From the offline idea library", "Written by Claude"). */
function shortMadeBy(madeBy: string): string {
  if (madeBy.startsWith('From the')) return 'From the offline idea library';
  if (madeBy.startsWith('Composed')) return 'Composed offline from the book';
  return truncate(madeBy.replace(/ \(.*\)$/, ''), 40);
}

/** Renders an element tree to PNG (src/domain/images/png.ts in production). */
export type PngRenderer = (node: ImageNode, width: number, height: number) => Promise<Uint8Array>;

/**
 * The share card of an idea: from the cache, else rendered and cached. Null when the idea does not
 * exist (the record is read first, so a deleted idea never shows a card left in the cache).
 */
export async function shareCardPng(store: IdeaStore, cards: ShareCardCache, id: string, bookTitle: string, render: PngRenderer): Promise<Uint8Array | null> {
  if (!ideaIdSchema.safeParse(id).success) return null;
  const record = await store.get(id);
  // An unlisted idea has no card: a card is for sharing, and the idea's page names none.
  if (!record || !isListed(record)) return null;
  const cached = await cards.get(id);
  if (cached) return cached;
  const png = await render(shareCardNode(normalizeIdea(record), bookTitle), SHARE_CARD_WIDTH, SHARE_CARD_HEIGHT);
  await cards.put(id, png);
  return png;
}
