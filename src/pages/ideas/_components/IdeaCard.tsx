import { formatShortDate, type IdeaView } from '../../../domain/ideas/normalize.ts';
import { shareIdea } from '../../../lib/share-window.ts';

/** One idea in a grid: title, summary, date, category badge, View and Share. */
export function IdeaCard({ idea }: { idea: IdeaView }) {
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900" data-idea-card>
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{idea.title}</h3>
        <span className="shrink-0 rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-800 dark:bg-brand-900 dark:text-brand-100">{idea.category}</span>
      </div>
      {idea.summary && <p className="mt-2 line-clamp-3 text-sm text-slate-700 dark:text-slate-300">{idea.summary}</p>}
      <div className="mt-auto flex items-center justify-between gap-3 pt-4">
        {idea.createdAt && formatShortDate(idea.createdAt) !== 'Unknown date' ? (
          <time dateTime={idea.createdAt} className="text-xs text-slate-600 dark:text-slate-400">
            {formatShortDate(idea.createdAt)}
          </time>
        ) : (
          <span className="text-xs text-slate-600 dark:text-slate-400">Unknown date</span>
        )}
        <div className="flex gap-2">
          <a
            href={`/idea/${encodeURIComponent(idea.id)}`}
            aria-label={`View ${idea.title}`}
            className="rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800"
          >
            View
          </a>
          <button
            type="button"
            aria-label={`Share ${idea.title} on X`}
            onClick={() => shareIdea(idea)}
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800"
          >
            Share
          </button>
        </div>
      </div>
    </li>
  );
}
