import { useState } from 'react';
import type { AskResponse } from '../../../domain/assistant/schema.ts';

/**
 * "Did this answer your question? Yes / No" under an answer: the vote, the question and the
 * answer's citations go to POST /api/ask/feedback (no personal data), so the next question set
 * comes from readers. One vote an answer; the reply says what happened to it.
 */
export function AnswerFeedback({
  question,
  response,
  voted,
  onVoted,
}: {
  question: string;
  response: AskResponse;
  /** Voted on already (the conversation kept in this tab remembers): not asked again. */
  voted: boolean;
  onVoted: () => void;
}) {
  const [state, setState] = useState<'ask' | 'sending' | 'thanks' | 'failed'>('ask');
  const vote = async (helpful: boolean) => {
    setState('sending');
    try {
      const res = await fetch('/api/ask/feedback', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          question: question.slice(0, 1000),
          citations: response.citations.slice(0, 10).map((c) => c.url),
          helpful,
          engine: response.engine,
        }),
      });
      setState(res.ok ? 'thanks' : 'failed');
      if (res.ok) onVoted();
    } catch {
      setState('failed');
    }
  };
  if (voted && state === 'ask') return null;
  if (state === 'thanks' || state === 'failed')
    return (
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-300" role="status">
        {state === 'thanks' ? 'Thank you: your answer helps the next reader.' : 'Your vote could not be sent; the answer is unchanged.'}
      </p>
    );
  const button =
    'min-h-11 min-w-11 rounded-md border border-slate-300 px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-60 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800';
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2" role="group" aria-label="Did this answer your question?">
      <span className="text-xs text-slate-600 dark:text-slate-300">Did this answer your question?</span>
      <button type="button" className={button} disabled={state === 'sending'} onClick={() => void vote(true)}>
        Yes
      </button>
      <button type="button" className={button} disabled={state === 'sending'} onClick={() => void vote(false)}>
        No
      </button>
    </div>
  );
}
