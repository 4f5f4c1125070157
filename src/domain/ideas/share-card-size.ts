/** The share card's size: what X (summary_large_image) and chat apps show at 1.91:1. Apart from share-card.ts so pages need not load the renderer. */
export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;

/** The path of an idea's share card (netlify/functions/share-card.mts). */
export function shareCardPath(id: string): string {
  return `/api/idea/${encodeURIComponent(id)}/share-card.png`;
}
