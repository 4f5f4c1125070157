import { forwardRef } from 'react';
import type { GenerateResponse } from '../../../domain/ideas/schema.ts';
import { shareIdea } from '../../../lib/share-window.ts';

interface Props {
  idea: GenerateResponse;
  signedIn: boolean;
}

const card = 'rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900';
const h3 = 'text-lg font-semibold text-slate-900 dark:text-white';
const muted = 'text-slate-700 dark:text-slate-300';

/** Splits camelCase labels into words: "targetTPS" -> "Target TPS". */
function words(label: string): string {
  const spaced = label.replace(/([a-z])([A-Z])/g, '$1 $2');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** The whole generated idea, every field, rendered as text (never as HTML). */
export const ResultPanel = forwardRef<HTMLElement, Props>(function ResultPanel({ idea, signedIn }, ref) {
  const engineName =
    idea.engine === 'offline' ? 'Offline engine (built from the book)' : idea.engine === 'anthropic' ? `Anthropic ${idea.model}` : `OpenAI ${idea.model}`;
  return (
    <section ref={ref} aria-labelledby="result-title" className="scroll-mt-20 space-y-5" data-testid="result-panel">
      <div className="rounded-2xl border border-brand-200 bg-gradient-to-br from-brand-50 to-white p-6 dark:border-brand-800 dark:from-slate-900 dark:to-slate-950">
        <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase dark:text-brand-200">Your idea</p>
        <h2 id="result-title" className="mt-1 font-serif text-3xl font-bold text-slate-900 dark:text-white">
          {idea.businessName}
        </h2>
        <p className={`mt-3 text-lg ${muted}`}>{idea.executiveSummary}</p>
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
          Written by: <span className="font-semibold">{engineName}</span>
        </p>
        {idea.notice && <p className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">{idea.notice}</p>}
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <a href={`/idea/${idea.id}`} className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
            View
          </a>
          <button
            type="button"
            onClick={() => shareIdea({ id: idea.id, title: idea.businessName, summary: idea.executiveSummary })}
            className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100 dark:border-slate-600 dark:text-white dark:hover:bg-slate-800"
          >
            Share
          </button>
          <span className="text-sm text-slate-600 dark:text-slate-300">
            {signedIn ? (
              'Saved to your ideas.'
            ) : (
              <>
                Saved to the community ideas.{' '}
                <a href="/api/login?returnTo=%2Fgenerator" className="font-semibold text-brand-700 underline dark:text-brand-300">
                  Login to Save Ideas
                </a>{' '}
                as your own.
              </>
            )}
          </span>
        </div>
        {idea.inspiredBy.length > 0 && (
          <div className="mt-4">
            <p className="text-sm font-semibold text-slate-800 dark:text-slate-200">Inspired by the book</p>
            <ul className="mt-1 flex flex-wrap gap-2">
              {idea.inspiredBy.map((c) => (
                <li key={c.id}>
                  <a
                    href={`/book/${c.id}`}
                    className="inline-block rounded-full border border-brand-300 px-3 py-1 text-sm text-brand-800 hover:bg-brand-50 dark:border-brand-700 dark:text-brand-200 dark:hover:bg-slate-800"
                  >
                    {c.title}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>

      <div className="grid gap-5 md:grid-cols-2">
        <div className={card}>
          <h3 className={h3}>Pain Points Solved</h3>
          <ul className={`mt-2 list-disc space-y-1 pl-5 ${muted}`}>
            {idea.painPointsSolved.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
        <div className={card}>
          <h3 className={h3}>Quick Stats</h3>
          <dl className="mt-2 grid grid-cols-1 gap-2">
            {Object.entries(idea.businessModel.quickStats).map(([k, v]) => (
              <div key={k}>
                <dt className="text-sm font-semibold text-slate-600 dark:text-slate-300">{words(k)}</dt>
                <dd className="text-slate-900 dark:text-white">{v}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>

      <div className={card}>
        <h3 className={h3}>Market Analysis</h3>
        <p className={`mt-2 ${muted}`}>{idea.marketAnalysis}</p>
      </div>

      <div className={card}>
        <h3 className={h3}>Technology Synergies</h3>
        <dl className="mt-2 grid gap-4 md:grid-cols-3">
          {(
            [
              ['Internet Infrastructure', idea.technologySynergies.internet],
              ['AI Integration', idea.technologySynergies.ai],
              ['BSV Blockchain', idea.technologySynergies.bsv],
            ] as const
          ).map(([label, text]) => (
            <div key={label}>
              <dt className="font-semibold text-slate-900 dark:text-white">{label}</dt>
              <dd className={`mt-1 text-sm ${muted}`}>{text}</dd>
            </div>
          ))}
        </dl>
      </div>

      <div className="grid gap-5 md:grid-cols-2">
        <div className={card}>
          <h3 className={h3}>Revenue Streams</h3>
          <ul className={`mt-2 list-disc space-y-1 pl-5 ${muted}`}>
            {idea.businessModel.revenueStreams.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </div>
        <div className={card}>
          <h3 className={h3}>Cost Structure</h3>
          <ul className={`mt-2 list-disc space-y-1 pl-5 ${muted}`}>
            {idea.businessModel.costStructure.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      </div>

      <div className={card}>
        <h3 className={h3}>Core Features</h3>
        <ul className="mt-2 grid gap-4 md:grid-cols-2">
          {idea.coreFeatures.map((f) => (
            <li key={f.title}>
              <p className="font-semibold text-slate-900 dark:text-white">{f.title}</p>
              <p className={`text-sm ${muted}`}>{f.description}</p>
            </li>
          ))}
        </ul>
      </div>

      <div className={card}>
        <h3 className={h3}>Implementation Roadmap</h3>
        <ol className="mt-3 space-y-4">
          {idea.implementationRoadmap.map((p, i) => (
            <li key={p.phase} className="flex gap-3">
              <span aria-hidden="true" className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white">
                {i + 1}
              </span>
              <div>
                <p className="font-semibold text-slate-900 dark:text-white">
                  {p.phase} <span className="font-normal text-slate-600 dark:text-slate-300">({p.timeline})</span>
                </p>
                <ul className={`mt-1 list-disc space-y-1 pl-5 text-sm ${muted}`}>
                  {p.tasks.map((t) => (
                    <li key={t}>{t}</li>
                  ))}
                </ul>
              </div>
            </li>
          ))}
        </ol>
      </div>

      <div className="grid gap-5 md:grid-cols-2">
        <div className={card}>
          <h3 className={h3}>Competitive Advantages</h3>
          <ul className={`mt-2 list-disc space-y-1 pl-5 ${muted}`}>
            {idea.marketDifferentiation.competitiveAdvantages.map((a) => (
              <li key={a}>{a}</li>
            ))}
          </ul>
        </div>
        <div className={card}>
          <h3 className={h3}>Technical Architecture</h3>
          <dl className="mt-2 space-y-2">
            {Object.entries(idea.marketDifferentiation.technicalArchitecture).map(([k, v]) => (
              <div key={k}>
                <dt className="text-sm font-semibold text-slate-600 dark:text-slate-300">{words(k)}</dt>
                <dd className="text-sm text-slate-900 dark:text-white">{v}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </section>
  );
});
