import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { formatLongDate, normalizeIdea, type IdeaView, type LabelledValue } from '../../../domain/ideas/normalize.ts';
import { IDEA_DATA_ELEMENT_ID, NAV_ACTIONS_ELEMENT_ID, parseIdeaPageData, type IdeaPageData } from '../../../domain/ideas/page-data.ts';
import type { PublicIdeaRecord } from '../../../domain/ideas/schema.ts';
import { apiGet } from '../../../lib/api.ts';
import { shareIdea } from '../../../lib/share-window.ts';

/**
 * /idea/{id}. The server (netlify/functions/idea-page.mts) embeds the record, or a not-found
 * marker, as JSON in the page and renders this component into the HTML with the same data
 * (`initialData`), so the idea is visible before any JavaScript runs and hydration finds the same
 * markup: the first client render reads the embedded JSON synchronously. Without embedded data it
 * asks GET /api/idea/{id} once (no retry).
 */
type State = { status: 'loading' } | { status: 'loaded'; idea: PublicIdeaRecord; fetched: boolean } | { status: 'not-found' };

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
  if (!view) return <Loading />;
  return (
    <>
      <IdeaArticle idea={view} timeZone={hydrated ? undefined : 'UTC'} />
      {hydrated && <NavShare idea={view} />}
    </>
  );
}

/** 'Share to X' in the page's nav (outside the island), rendered through a portal. */
function NavShare({ idea }: { idea: IdeaView }) {
  const target = document.getElementById(NAV_ACTIONS_ELEMENT_ID);
  if (!target) return null;
  return createPortal(
    <button
      type="button"
      onClick={() => shareIdea(idea)}
      className="rounded-md bg-slate-900 px-3 py-2 text-sm font-semibold text-white hover:bg-slate-700 dark:bg-white dark:text-slate-900 dark:hover:bg-slate-200"
    >
      Share to X
    </button>,
    target,
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

function IdeaArticle({ idea, timeZone }: { idea: IdeaView; timeZone: string | undefined }) {
  const synergies = idea.synergies;
  return (
    <article>
      <header className="mb-8">
        <div className="flex flex-wrap items-center gap-2">
          <span className="rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800 dark:bg-brand-900 dark:text-brand-100">{idea.category}</span>
          <span className="rounded-full bg-gold-400/20 px-3 py-1 text-sm font-semibold text-amber-900 dark:text-gold-400">AI + BSV Innovation</span>
        </div>
        <h1 className="mt-4 font-serif text-4xl font-bold text-slate-900 sm:text-5xl dark:text-white">{idea.title}</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-300">Generated {formatLongDate(idea.createdAt, timeZone)}</p>
      </header>

      <div className="grid gap-8 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          {idea.summary && (
            <Card id="overview" title="Business Overview">
              <p>{idea.summary}</p>
            </Card>
          )}
          {idea.painPoints.length > 0 && (
            <Card id="pain-points" title="Pain Points Solved">
              <List items={idea.painPoints} />
            </Card>
          )}
          {synergies && (
            <Card id="synergies" title="Technology Synergies">
              <div className="space-y-4">
                {synergies.internet && <Sub title="Internet Infrastructure">{synergies.internet}</Sub>}
                {synergies.ai && <Sub title="AI Integration">{synergies.ai}</Sub>}
                {synergies.bsv && <Sub title="BSV Blockchain">{synergies.bsv}</Sub>}
              </div>
            </Card>
          )}
          {idea.marketAnalysis && (
            <Card id="market" title="Market Analysis">
              {idea.marketAnalysis.text && <p>{idea.marketAnalysis.text}</p>}
              {idea.marketAnalysis.facts.length > 0 && <Pairs items={idea.marketAnalysis.facts} />}
            </Card>
          )}
          {idea.businessModel && (
            <Card id="business-model" title="Business Model">
              <div className="space-y-4">
                {idea.businessModel.revenueStreams.length > 0 && (
                  <Sub title="Revenue Streams">
                    <List items={idea.businessModel.revenueStreams} />
                  </Sub>
                )}
                {idea.businessModel.costStructure.length > 0 && (
                  <Sub title="Cost Structure">
                    <List items={idea.businessModel.costStructure} />
                  </Sub>
                )}
                {idea.businessModel.keyMetrics.length > 0 && (
                  <Sub title="Key Metrics">
                    <Pairs items={idea.businessModel.keyMetrics} />
                  </Sub>
                )}
              </div>
            </Card>
          )}
          {idea.revenueModel && (
            <Card id="revenue-model" title="Revenue Model">
              <p>{idea.revenueModel}</p>
            </Card>
          )}
          {idea.roadmap.length > 0 && (
            <Card id="roadmap" title="Implementation Roadmap">
              <ol className="space-y-5">
                {idea.roadmap.map((step, i) => (
                  <li key={i} className="flex gap-4">
                    <span aria-hidden="true" className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white">
                      {i + 1}
                    </span>
                    <div>
                      <h3 className="font-semibold text-slate-900 dark:text-white">
                        <span className="sr-only">Phase {i + 1}: </span>
                        {step.phase}
                      </h3>
                      {step.timeline && <p className="text-sm text-slate-600 dark:text-slate-400">{step.timeline}</p>}
                      {step.tasks.length > 0 && <List items={step.tasks} />}
                    </div>
                  </li>
                ))}
              </ol>
            </Card>
          )}
          {idea.advantages && (
            <Card id="advantages" title="Competitive Advantages">
              <div className="space-y-4">
                {idea.advantages.differentiators.length > 0 && (
                  <Sub title="Key Differentiators">
                    <List items={idea.advantages.differentiators} />
                  </Sub>
                )}
                {idea.advantages.architecture.length > 0 && (
                  <Sub title="Technical Architecture">
                    <Pairs items={idea.advantages.architecture} />
                  </Sub>
                )}
              </div>
            </Card>
          )}
        </div>

        <aside className="space-y-6" aria-label="Idea details">
          <Card id="key-details" title="Key Details">
            <Pairs
              items={[
                { label: 'Target Market', value: idea.details.targetMarket },
                { label: 'AI Focus', value: idea.details.aiFocus },
                { label: 'BSV Feature', value: idea.details.bsvFeature },
                { label: 'Innovation Level', value: `${idea.details.innovationLevel}/10` },
              ]}
            />
          </Card>
          {idea.inspiredBy.length > 0 && (
            <Card id="inspired-by" title="Inspired by the Book">
              <ul className="space-y-2">
                {idea.inspiredBy.map((chapter) => (
                  <li key={chapter.id}>
                    <a href={chapter.href} className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
                      {chapter.title}
                    </a>
                  </li>
                ))}
              </ul>
            </Card>
          )}
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
        </aside>
      </div>
    </article>
  );
}

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`card-${id}`} className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700 shadow-sm dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
      <h2 id={`card-${id}`} className="mb-3 text-xl font-bold text-slate-900 dark:text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Sub({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="mb-1 font-semibold text-slate-900 dark:text-white">{title}</h3>
      {typeof children === 'string' ? <p>{children}</p> : children}
    </div>
  );
}

function List({ items }: { items: string[] }) {
  return (
    <ul className="mt-1 list-disc space-y-1 pl-5">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

function Pairs({ items }: { items: LabelledValue[] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
      {items.map((item) => (
        <div key={item.label} className="contents">
          <dt className="font-medium text-slate-900 dark:text-white">{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
