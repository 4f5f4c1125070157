/** Sharing an idea through the X (Twitter) tweet-intent window (SPEC.md: 550x420). */

export const TWEET_INTENT = 'https://x.com/intent/tweet';
export const SHARE_HASHTAGS = ['BSV', 'AI', 'Blockchain', 'Innovation'] as const;
export const SHARE_WINDOW = { width: 550, height: 420 } as const;
/** A post's length limit. */
export const TWEET_MAX = 280;
const TITLE_MAX = 100;

/** Cuts `value` to at most `max` characters, at a word boundary when one is near, with an ellipsis. */
export function truncate(value: string, max: number): string {
  const chars = Array.from(value.trim());
  if (chars.length <= max) return chars.join('');
  if (max <= 1) return max === 1 ? '…' : '';
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * The post text: title, summary, hashtags and the idea link, never longer than 280 characters
 * (the summary, then the title, are shortened to fit).
 */
export function shareText(title: string, summary: string, url: string): string {
  const tags = SHARE_HASHTAGS.map((t) => `#${t}`).join(' ');
  const head = truncate(title || 'Business idea', TITLE_MAX);
  const fixed = `${head}\n\n\n\n${tags}\n${url}`;
  const room = TWEET_MAX - Array.from(fixed).length;
  const body = room > 10 ? truncate(summary, room) : '';
  return body ? `${head}\n\n${body}\n\n${tags}\n${url}` : `${head}\n\n${tags}\n${url}`;
}

/** The tweet-intent URL for an idea, with the text URL-encoded. */
export function tweetIntentUrl(title: string, summary: string, url: string): string {
  return `${TWEET_INTENT}?text=${encodeURIComponent(shareText(title, summary, url))}`;
}

/** The absolute link of an idea's page. */
export function ideaUrl(origin: string, id: string): string {
  return `${origin.replace(/\/$/, '')}/idea/${encodeURIComponent(id)}`;
}

/** The `window.open` features of the share window. */
export const SHARE_WINDOW_FEATURES = `width=${SHARE_WINDOW.width},height=${SHARE_WINDOW.height},noopener,noreferrer`;
