import { useEffect, useMemo, useState } from 'react';
import { IdeaArticle } from './IdeaArticle.tsx';
import { normalizeIdea, type IdeaView } from '../../domain/ideas/normalize.ts';
import { IDEA_DATA_ELEMENT_ID, parseIdeaPageData, type IdeaPageData } from '../../domain/ideas/page-data.ts';
import type { PublicIdeaRecord } from '../../domain/ideas/schema.ts';
import { apiGet } from '../../lib/api.ts';
import { OwnerActions } from './OwnerActions.tsx';
import { CopyLinkButton, ShareSheetButton } from './ShareActions.tsx';
import { shareIdea } from '../../lib/share-window.ts';

/**
 * /idea/{id}. The server (netlify/functions/idea-page.mts) embeds the record, or a not-found
 * marker, as JSON in the page and renders this component into the HTML with the same data
 * (`initialData`), so the idea is visible before any JavaScript runs and hydration finds the same
 * markup: the first client render reads the embedded JSON synchronously. Without embedded data it
 * asks GET /api/idea/{id} once (no retry).
 */
type State = { status: 'loading' } | { status: 'loaded'; idea: PublicIdeaRecord; fetched: boolean } | { status: 'not-found' } | { status: 'deleted' };

function stateOf(data: IdeaPageData | null): State {
  if (!data) return { status: 'loading' };
  return 'notFound' in data ? { status: 'not-found' } : { status: 'loaded', idea: data.idea, fetched: false };
}

/** The embedded page data, read in the browser only (the build-time shell has none). */
function embeddedData(): IdeaPageData | null {
  if (typeof document === 'undefined') return null;
  return parseIdeaPageData(document.getElementById(IDEA_DATA_ELEMENT_ID)?.textContent ?? null);
}

export default function IdeaDetail({ initialData }: { initialData?: IdeaPageData }) {
  const [state, setState] = useState<State>(() => stateOf(initialData ?? embeddedData()));
  // Server and first client render show the date in UTC (identical markup); after hydration, the
  // reader's own time zone.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (state.status !== 'loading') return;
    const id = decodeURIComponent(window.location.pathname.split('/')[2] ?? '');
    if (!id) {
      setState({ status: 'not-found' });
      return;
    }
    let live = true;
    apiGet<PublicIdeaRecord>(`/api/idea/${encodeURIComponent(id)}`).then(
      (idea) => live && setState({ status: 'loaded', idea, fetched: true }),
      () => live && setState({ status: 'not-found' }),
    );
    return () => {
      live = false;
    };
  }, [state.status]);
  const view = useMemo(() => (state.status === 'loaded' ? normalizeIdea(state.idea) : null), [state]);
  useEffect(() => {
    if (view && state.status === 'loaded' && state.fetched) document.title = `${view.title} | ${document.title.split(' | ').pop() ?? ''}`;
  }, [view, state]);

  if (state.status === 'not-found') return <NotFound />;
  if (state.status === 'deleted') return <Deleted />;
  if (!view) return <Loading />;
  return (
    <>
      <IdeaTopActions idea={view} />
      <IdeaArticle
        idea={view}
        timeZone={hydrated ? undefined : 'UTC'}
        headerExtra={<OwnerActions id={view.id} title={view.title} onDeleted={() => setState({ status: 'deleted' })} />}
        asideExtra={<ReadyToBuild />}
      />
    </>
  );
}

/** At the top of the idea, next to what they act on: back to the gallery, and share. */
function IdeaTopActions({ idea }: { idea: IdeaView }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <a href="/ideas" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300">
        <span aria-hidden="true">←</span> Back to Ideas
      </a>
      <div className="flex flex-wrap items-center gap-2">
        <CopyLinkButton
          id={idea.id}
          title={idea.title}
          className="rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800"
        />
        <ShareSheetButton
          id={idea.id}
          title={idea.title}
          summary={idea.summary}
          className="rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800"
        />
        <button
          type="button"
          onClick={() => shareIdea(idea)}
          className="flex items-center gap-2 rounded-md bg-slate-900 px-3 py-2 text-sm font-semibold text-white hover:bg-slate-700 dark:bg-white dark:text-slate-900 dark:hover:bg-slate-200"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 fill-current">
            <path d="M18.9 2H22l-6.8 7.8L23 22h-6.2l-4.8-6.3L6.4 22H3.3l7.3-8.3L1 2h6.3l4.4 5.8zm-1.1 18h1.7L6.3 3.9H4.5z" />
          </svg>
          Share to X
        </button>
      </div>
    </div>
  );
}

function Deleted() {
  return (
    <div className="py-24 text-center">
      <h1 className="font-serif text-4xl font-bold text-slate-900 dark:text-white">Idea Deleted</h1>
      <p role="status" className="mt-4 text-slate-700 dark:text-slate-300">
        The idea, its place in every list and its share card are gone. Its link now answers 'Idea Not Found'.
      </p>
      <a href="/ideas" className="mt-8 inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
        Browse All Ideas
      </a>
    </div>
  );
}

function Loading() {
  return (
    <p role="status" className="py-24 text-center text-lg text-slate-600 dark:text-slate-300">
      Loading business idea...
    </p>
  );
}

function NotFound() {
  return (
    <div className="py-24 text-center">
      <h1 className="font-serif text-4xl font-bold text-slate-900 dark:text-white">Idea Not Found</h1>
      <p className="mt-4 text-slate-700 dark:text-slate-300">The business idea you're looking for doesn't exist or has been removed.</p>
      <a href="/ideas" className="mt-8 inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
        Browse All Ideas
      </a>
    </div>
  );
}

/** The idea page's own box in the side column. */
function ReadyToBuild() {
  return (
    <section aria-labelledby="ready" className="rounded-xl bg-gradient-to-br from-brand-700 to-brand-900 p-6 text-white">
      <h2 id="ready" className="text-xl font-bold">
        Ready to Build?
      </h2>
      <p className="mt-2 text-brand-50">The book walks through the infrastructure, AI and BSV pieces this idea needs, with working code.</p>
      <div className="mt-4 flex flex-col gap-2">
        <a href="/book" className="rounded-lg bg-white px-4 py-2 text-center font-semibold text-brand-800 hover:bg-brand-50">
          Read the Book
        </a>
        <a href="/generator" className="rounded-lg border border-white px-4 py-2 text-center font-semibold text-white hover:bg-white/10">
          Generate Another Idea
        </a>
      </div>
    </section>
  );
}
