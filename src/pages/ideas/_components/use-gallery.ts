import { useCallback, useEffect, useRef, useState } from 'react';
import type { PublicIdeaRecord } from '../../../domain/ideas/schema.ts';
import { apiGet } from '../../../lib/api.ts';

/** GET /api/ideas answers. */
export interface GalleryPage {
  ideas: PublicIdeaRecord[];
  nextCursor: string | null;
}

export interface GalleryState {
  ideas: PublicIdeaRecord[];
  /** The first page is under way (nothing to show yet). */
  isPending: boolean;
  /** The first page failed. */
  error: Error | null;
  /** A "Load more" page is under way. */
  loadingMore: boolean;
  /** The last "Load more" failed (the cards already shown stay). */
  moreError: Error | null;
  hasMore: boolean;
  loadMore: () => void;
}

/**
 * The gallery of one category ('all' for every category), page by page: the first page when the
 * category is known (`enabled`) or changes, the next one on `loadMore`. Reads follow docs/spec.md
 * section 7 (no retry, no refetch); an answer for a category no longer shown is dropped.
 */
export function useGallery(category: string, enabled: boolean, limit: number): GalleryState {
  const [ideas, setIdeas] = useState<PublicIdeaRecord[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [isPending, setPending] = useState(true);
  const [error, setError] = useState<Error | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<Error | null>(null);
  const generation = useRef(0);

  const url = useCallback(
    (after: string | null) => {
      const params = new URLSearchParams({ limit: String(limit) });
      if (category !== 'all') params.set('category', category);
      if (after) params.set('cursor', after);
      return `/api/ideas?${params.toString()}`;
    },
    [category, limit],
  );

  useEffect(() => {
    if (!enabled) return;
    const mine = (generation.current += 1);
    setPending(true);
    setError(null);
    setMoreError(null);
    setIdeas([]);
    setCursor(null);
    apiGet<GalleryPage>(url(null)).then(
      (page) => {
        if (generation.current !== mine) return;
        setIdeas(page.ideas);
        setCursor(page.nextCursor);
        setPending(false);
      },
      (e: unknown) => {
        if (generation.current !== mine) return;
        setError(e instanceof Error ? e : new Error(String(e)));
        setPending(false);
      },
    );
  }, [enabled, url]);

  const loadMore = useCallback(() => {
    if (!cursor || loadingMore) return;
    const mine = generation.current;
    setLoadingMore(true);
    setMoreError(null);
    apiGet<GalleryPage>(url(cursor)).then(
      (page) => {
        if (generation.current !== mine) return;
        // Cursors never overlap; the filter only guards against a card shown twice by a retry.
        setIdeas((shown) => [...shown, ...page.ideas.filter((i) => !shown.some((s) => s.id === i.id))]);
        setCursor(page.nextCursor);
        setLoadingMore(false);
      },
      (e: unknown) => {
        if (generation.current !== mine) return;
        setMoreError(e instanceof Error ? e : new Error(String(e)));
        setLoadingMore(false);
      },
    );
  }, [cursor, loadingMore, url]);

  return { ideas, isPending, error, loadingMore, moreError, hasMore: cursor !== null, loadMore };
}
