import { forwardRef, useMemo } from 'react';
import { IdeaArticle } from '../../../components/idea/IdeaArticle.tsx';
import { buttonClass } from '../../../components/idea/ui.tsx';
import { normalizeIdea } from '../../../domain/ideas/normalize.ts';
import { shareIdea } from '../../../lib/share-window.ts';
import type { GenerationResult } from './use-generation.ts';

interface Props {
  result: GenerationResult;
  signedIn: boolean;
}

const ID = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * The generated idea: the same article as the idea page (one view, one set of section names),
 * with the generator's own parts around it (who wrote it, the notice, View / Share / save). A part
 * whose data the answer lacks (no `id`, no `engine`...) is not shown.
 */
export const ResultPanel = forwardRef<HTMLElement, Props>(function ResultPanel({ result, signedIn }, ref) {
  const { idea, settings, receivedAt } = result;
  const listed = settings.listed !== false;
  const id = typeof idea.id === 'string' && ID.test(idea.id) ? idea.id : null;
  const view = useMemo(
    () =>
      normalizeIdea({
        id: id ?? '',
        businessName: idea.businessName,
        generatedIdea: idea,
        parameters: settings,
        resolvedSettings: idea.resolvedSettings,
        createdAt: receivedAt,
        engine: idea.engine,
        model: idea.model,
      }),
    [id, idea, settings, receivedAt],
  );

  const extra = (
    <div className="mt-4 space-y-3">
      {typeof idea.notice === 'string' && idea.notice && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">{idea.notice}</p>
      )}
      {id && (
        <div className="flex flex-wrap items-center gap-3">
          <a href={`/idea/${id}`} className={buttonClass('primary')}>
            View
          </a>
          <button type="button" onClick={() => shareIdea({ id, title: view.title, summary: view.summary })} className={buttonClass('secondary')}>
            Share
          </button>
          <span className="text-sm text-slate-600 dark:text-slate-300" data-testid="saved-state">
            {listed ? 'Listed in the community ideas.' : 'Unlisted: only people with its link can see it.'}{' '}
            {signedIn ? (
              'Saved to your ideas.'
            ) : (
              <>
                {/* Sign-in returns to the idea, which then becomes the user's (the claim cookie proves this browser made it). */}
                <a
                  href={`/api/login?returnTo=${encodeURIComponent(`/idea/${id}?claim=1`)}`}
                  className="font-semibold text-brand-700 underline dark:text-brand-300"
                >
                  Login to Save Ideas
                </a>{' '}
                to keep it as your own.
              </>
            )}
          </span>
        </div>
      )}
    </div>
  );

  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-label="Your idea"
      className="scroll-mt-20 sm:rounded-2xl sm:border sm:border-brand-200 sm:bg-gradient-to-br sm:from-brand-50 sm:to-white sm:p-6 sm:dark:border-brand-800 sm:dark:from-slate-900 sm:dark:to-slate-950"
      data-testid="result-panel"
    >
      <p className="mb-2 text-sm font-semibold tracking-wide text-brand-800 uppercase dark:text-brand-200">Your idea</p>
      <IdeaArticle idea={view} titleLevel={2} headerExtra={extra} />
    </section>
  );
});
