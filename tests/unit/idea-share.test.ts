import { describe, expect, it } from 'vitest';
import { normalizeIdea } from '../../src/domain/ideas/normalize.ts';
import { oneLine, shareCardNode } from '../../src/domain/ideas/share-card.ts';
import { sampleRecord } from '../support/ideas.ts';
import { ideaUrl, SHARE_HASHTAGS, SHARE_WINDOW_FEATURES, shareText, truncate, TWEET_INTENT, TWEET_MAX, tweetIntentUrl } from '../../src/domain/ideas/share.ts';

const url = 'https://example.org/idea/abc123XYZ';

function textOf(intent: string): string {
  const parsed = new URL(intent);
  expect(`${parsed.origin}${parsed.pathname}`).toBe(TWEET_INTENT);
  return parsed.searchParams.get('text') ?? '';
}

describe('tweet intent', () => {
  it('carries title, summary, hashtags and the idea link, URL-encoded', () => {
    const intent = tweetIntentUrl('Pay & Play: 100% fair?', 'Games #1 with micro-payments', url);
    expect(intent).not.toContain(' ');
    expect(intent).toContain('%26'); // '&' in the title
    expect(intent).toContain('%23BSV'); // hashtags are encoded
    const text = textOf(intent);
    expect(text).toBe(`Pay & Play: 100% fair?\n\nGames #1 with micro-payments\n\n${SHARE_HASHTAGS.map((t) => `#${t}`).join(' ')}\n${url}`);
  });

  it('stays within 280 characters by shortening the summary and title', () => {
    const text = textOf(tweetIntentUrl('T'.repeat(300), 'word '.repeat(200), url));
    expect(Array.from(text).length).toBeLessThanOrEqual(TWEET_MAX);
    expect(text.endsWith(url)).toBe(true);
    expect(text).toContain('…');
    expect(text).toContain('#BSV');
  });

  it('counts characters, not UTF-16 units', () => {
    const text = shareText('Idea 🚀', '🚀'.repeat(400), url);
    expect(Array.from(text).length).toBeLessThanOrEqual(TWEET_MAX);
  });

  it('leaves out an empty summary', () => {
    expect(shareText('Title', '', url)).toBe(`Title\n\n#BSV #AI #Blockchain #Innovation\n${url}`);
  });

  it('builds the idea link and the 550x420 window features', () => {
    expect(ideaUrl('https://example.org/', 'a b')).toBe('https://example.org/idea/a%20b');
    expect(SHARE_WINDOW_FEATURES).toContain('width=550');
    expect(SHARE_WINDOW_FEATURES).toContain('height=420');
  });

  it('truncates at a word boundary', () => {
    expect(truncate('alpha beta gamma delta', 15)).toBe('alpha beta…');
    expect(truncate('short', 15)).toBe('short');
  });
});

describe('share text says what the product does, with the title once', () => {
  it('does not repeat a title the summary starts with', () => {
    const title = 'Verifiable Harvest Ledger';
    const summary = `${title} lets farm cooperatives sell produce with a tamper-evident origin record. Buyers pay per lookup. ${'More detail. '.repeat(30)}`;
    const text = shareText(title, summary, url);
    expect(text.split(title)).toHaveLength(2);
    expect(text.startsWith(`${title} lets farm cooperatives sell produce with a tamper-evident origin record.`)).toBe(true);
    expect(Array.from(text).length).toBeLessThanOrEqual(TWEET_MAX);
    expect(text.endsWith(url)).toBe(true);
  });

  it('cuts a long summary at a sentence end', () => {
    const text = shareText('Ledger', `It does one thing well. ${'It does another thing too. '.repeat(20)}`, url);
    expect(text).toMatch(/too\.\n\n#BSV/);
    expect(Array.from(text).length).toBeLessThanOrEqual(TWEET_MAX);
  });
});

describe('the share card', () => {
  const texts = (node: unknown): string[] => {
    if (typeof node === 'string') return [node];
    if (!node || typeof node !== 'object') return [];
    const children = (node as { props?: { children?: unknown } }).props?.children;
    return (Array.isArray(children) ? children : [children]).flatMap(texts);
  };

  it('shows the category, the title once, one line of what it does and the book name, at 1200x630', () => {
    const view = normalizeIdea(sampleRecord({ parameters: { businessCategory: 'identity-attribution-authentication' } }));
    const node = shareCardNode(view, 'Infrastructure Renaissance');
    expect(texts(node)).toEqual([
      'Identity, attribution and authentication',
      'Verifiable Harvest Ledger',
      'Lets farm cooperatives sell produce with a tamper-evident…',
      'Infrastructure Renaissance',
      // How it was made (the sample is an older offline idea, composed before the library).
      'Composed offline from the book',
    ]);
    expect(node.props.style).toMatchObject({ width: 1200, height: 630, boxSizing: 'border-box' });
    expect(oneLine('Short and sweet. Second sentence.', 'Other')).toBe('Short and sweet.');
  });
});
