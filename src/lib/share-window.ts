import { ideaUrl, SHARE_WINDOW_FEATURES, tweetIntentUrl } from '../domain/ideas/share.ts';

/** Opens the 550x420 tweet-intent window for an idea (title, summary, hashtags and its link). */
export function shareIdea(idea: { id: string; title: string; summary: string }): void {
  window.open(tweetIntentUrl(idea.title, idea.summary, ideaUrl(window.location.origin, idea.id)), 'share-idea', SHARE_WINDOW_FEATURES);
}
