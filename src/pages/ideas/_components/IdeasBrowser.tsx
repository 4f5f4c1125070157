import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { OPTION_LABELS } from '../../../domain/option-labels.ts';
import { normalizeIdea, type IdeaView } from '../../../domain/ideas/normalize.ts';
import type { PublicIdeaRecord } from '../../../domain/ideas/schema.ts';
import { apiGet } from '../../../lib/api.ts';
import { useRead } from '../../../lib/use-read.ts';
import { useUser } from '../../../lib/use-user.ts';
import { CardBoundary } from './CardBoundary.tsx';
import { IdeaCard, type OwnCard } from './IdeaCard.tsx';
import { useGallery } from './use-gallery.ts';

const RECENT_LIMIT = 20;
const CATEGORIES = OPTION_LABELS.businessCategory;

/** The category filter from the page URL (`?category=fintech`); 'all' when missing or unknown. */
function categoryFromUrl(): string {
  const value = new URLSearchParams(window.location.search).get('category');
  return value && Object.hasOwn(CATEGORIES, value) ? value : 'all';
}

/**
 * /ideas: the signed-in user's saved ideas, then the community ideas (the gallery, newest first,
 * 20 at a time with "Load more", filtered by a category kept in the URL). Reads follow docs/spec.md
 * section 7: saved ideas retried once, the rest never; never stale, no refetch on focus.
 */
export default function IdeasBrowser() {
  const id = useId();
  const { isAuthenticated, isLoading: userLoading } = useUser();
  // 'all' in the server-rendered page; the URL's category once hydrated.
  const [category, setCategory] = useState('all');
  const [urlRead, setUrlRead] = useState(false);
  useEffect(() => {
    setCategory(categoryFromUrl());
    setUrlRead(true);
  }, []);
  const choose = (next: string) => {
    setCategory(next);
    const url = new URL(window.location.href);
    if (next === 'all') url.searchParams.delete('category');
    else url.searchParams.set('category', next);
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  };
  // Ideas deleted on this page leave both lists at once.
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(new Set());
  const remove = (ideaId: string) => setDeleted((ids) => new Set([...ids, ideaId]));
  // Visibility changed on this page: an idea made only-you leaves the community list at once; one
  // made public again is at the head of the gallery the next time it is read.
  const [visibility, setVisibility] = useState<ReadonlyMap<string, boolean>>(new Map());
  const changeVisibility = (ideaId: string, listed: boolean) => setVisibility((m) => new Map([...m, [ideaId, listed]]));

  const saved = useRead(() => apiGet<PublicIdeaRecord[]>('/api/saved-ideas'), { enabled: isAuthenticated, retry: 1 });
  const recent = useGallery(category, urlRead, RECENT_LIMIT);
  const savedViews = useMemo(() => (saved.data ?? []).filter((r) => !deleted.has(r.id)).map(normalizeIdea), [saved.data, deleted]);
  const recentViews = useMemo(
    () => recent.ideas.filter((r) => !deleted.has(r.id) && visibility.get(r.id) !== false).map(normalizeIdea),
    [recent.ideas, deleted, visibility],
  );
  const listedOf = (r: PublicIdeaRecord) => visibility.get(r.id) ?? r.listed !== false;

  return (
    <div className="space-y-12">
      {userLoading ? (
        <LoginPrompt reserved />
      ) : isAuthenticated ? (
        <Section id="your-ideas" title="Your Ideas" badge={<CountBadge count={saved.data ? savedViews.length : undefined} />}>
          {saved.isPending ? (
            <Status>Loading your ideas...</Status>
          ) : saved.isError ? (
            <ErrorNote what="your ideas" message={saved.error?.message ?? ''} />
          ) : savedViews.length === 0 ? (
            <Empty title="No ideas yet" text="Start generating innovative business ideas to see them here">
              <a href="/generator" className="mt-4 inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
                Generate Your First Idea
              </a>
            </Empty>
          ) : (
            <Grid label="Your ideas">
              {(saved.data ?? [])
                .filter((r) => !deleted.has(r.id))
                .map((r) =>
                  card(normalizeIdea(r), { listed: listedOf(r), onListedChange: (listed) => changeVisibility(r.id, listed), onDeleted: () => remove(r.id) }),
                )}
            </Grid>
          )}
        </Section>
      ) : (
        <LoginPrompt />
      )}

      <Section
        id="recent-ideas"
        title={isAuthenticated ? 'Recent Community Ideas' : 'Recent Ideas'}
        badge={<span className="rounded-full bg-gold-400/20 px-3 py-0.5 text-xs font-semibold text-amber-900 dark:text-gold-400">Latest innovations</span>}
      >
        <div className="mb-4 flex flex-wrap items-center gap-2">
          <label htmlFor={`${id}-category`} className="text-sm font-semibold text-slate-800 dark:text-slate-200">
            Category
          </label>
          <select
            id={`${id}-category`}
            value={category}
            onChange={(e) => choose(e.target.value)}
            className="max-w-full rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-white"
          >
            {Object.entries(CATEGORIES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        {recent.isPending ? (
          <Status>Loading recent ideas...</Status>
        ) : recent.error ? (
          <ErrorNote what="recent ideas" message={recent.error.message} />
        ) : recentViews.length === 0 ? (
          <Empty title="No ideas available" text="Be the first to generate and share an idea!" />
        ) : (
          <>
            <Grid label="Recent ideas">{recentViews.map((idea) => card(idea))}</Grid>
            {recent.moreError && <ErrorNote what="more ideas" message={recent.moreError.message} />}
            {recent.hasMore && (
              <div className="mt-6 text-center">
                <button
                  type="button"
                  onClick={recent.loadMore}
                  disabled={recent.loadingMore}
                  className="rounded-lg border border-slate-300 px-5 py-2.5 font-semibold text-slate-900 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-70 dark:border-slate-600 dark:text-white dark:hover:bg-slate-800"
                >
                  {recent.loadingMore ? 'Loading...' : 'Load more'}
                </button>
              </div>
            )}
          </>
        )}
      </Section>
    </div>
  );
}

function card(idea: IdeaView, own?: OwnCard) {
  return (
    <CardBoundary key={idea.id} id={idea.id}>
      <IdeaCard idea={idea} own={own} />
    </CardBoundary>
  );
}

/**
 * The invitation to log in. While the user is not known yet (the server-rendered page, then the
 * first moment after hydration) it is `reserved`: invisible but taking its room, so the lists
 * below do not move when it appears for an anonymous visitor.
 */
function LoginPrompt({ reserved = false }: { reserved?: boolean }) {
  return (
    <div
      className={`rounded-xl border border-brand-200 bg-brand-50 p-6 text-center dark:border-brand-900 dark:bg-slate-900${reserved ? ' invisible' : ''}`}
      aria-hidden={reserved || undefined}
    >
      <p className="text-slate-800 dark:text-slate-200">Log in to keep every idea you generate in one place.</p>
      <a
        href="/api/login?returnTo=%2Fideas"
        className="mt-4 inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
        tabIndex={reserved ? -1 : undefined}
      >
        Login to Save Ideas
      </a>
    </div>
  );
}

function Section({ id, title, badge, children }: { id: string; title: string; badge: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <div className="mb-4 flex items-center gap-3">
        <h2 id={id} className="font-serif text-2xl font-bold text-slate-900 dark:text-white">
          {title}
        </h2>
        {badge}
      </div>
      {children}
    </section>
  );
}

function CountBadge({ count }: { count: number | undefined }) {
  if (count === undefined) return null;
  return (
    <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-800 dark:bg-brand-900 dark:text-brand-100">
      {count}
      <span className="sr-only"> {count === 1 ? 'idea' : 'ideas'}</span>
    </span>
  );
}

function Grid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {children}
    </ul>
  );
}

function Status({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="py-8 text-center text-slate-600 dark:text-slate-300">
      {children}
    </p>
  );
}

function Empty({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
      <p className="text-lg font-semibold text-slate-900 dark:text-white">{title}</p>
      <p className="mt-1 text-slate-700 dark:text-slate-300">{text}</p>
      {children}
    </div>
  );
}

function ErrorNote({ what, message }: { what: string; message: string }) {
  return (
    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
      Could not load {what} ({message}).
    </p>
  );
}
