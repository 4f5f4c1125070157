/** Sharing an idea through the X (Twitter) tweet-intent window (docs/spec.md: 550x420). */

export const TWEET_INTENT = 'https://x.com/intent/tweet';
export const SHARE_HASHTAGS = ['BSV', 'AI', 'Blockchain', 'Innovation'] as const;
const SHARE_WINDOW = { width: 550, height: 420 } as const;
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
 * `value` cut to at most `max` characters: whole sentences when they fill most of the room (a
 * post that says what the product does, not one cut mid-phrase), else at a word, with an ellipsis.
 */
function fitSentences(value: string, max: number): string {
  const text = value.trim().replace(/\s+/g, ' ');
  if (Array.from(text).length <= max) return text;
  let kept = '';
  for (const sentence of text.split(/(?<=[.!?])\s+/)) {
    const next = kept ? `${kept} ${sentence}` : sentence;
    if (Array.from(next).length > max) break;
    kept = next;
  }
  return Array.from(kept).length >= max * 0.5 ? kept : truncate(text, max);
}

/**
 * The post text: what the idea does (its title once, then its summary), hashtags and the idea
 * link, never longer than 280 characters. A summary that already starts with the title (the
 * generator writes "Harvest Ledger lets farms...") is not preceded by the title again.
 */
export function shareText(title: string, summary: string, url: string): string {
  const tags = SHARE_HASHTAGS.map((t) => `#${t}`).join(' ');
  const tail = `\n\n${tags}\n${url}`;
  const name = title.trim();
  const about = summary.trim();
  if (name && about.toLowerCase().startsWith(name.toLowerCase())) {
    return `${fitSentences(about, TWEET_MAX - Array.from(tail).length)}${tail}`;
  }
  const head = truncate(name || 'Business idea', TITLE_MAX);
  const room = TWEET_MAX - Array.from(`${head}\n\n${tail}`).length;
  const body = room > 10 && about ? fitSentences(about, room) : '';
  return body ? `${head}\n\n${body}${tail}` : `${head}${tail}`;
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
