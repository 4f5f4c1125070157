import { DeleteIdea } from '../../../components/idea/DeleteIdea.tsx';
import { VisibilityBadge, VisibilitySwitch } from '../../../components/idea/Visibility.tsx';
import { CopyLinkButton } from '../../../components/idea/ShareActions.tsx';
import { formatShortDate, type IdeaView } from '../../../domain/ideas/normalize.ts';
import { shareIdea } from '../../../lib/share-window.ts';

/** What the owner's own cards (Your Ideas) add: whether the idea is public, a switch, and Delete. */
export interface OwnCard {
  listed: boolean;
  onListedChange: (listed: boolean) => void;
  onDeleted: () => void;
}

/**
 * One idea in a grid: title, category badge, summary, date, View, Share and Copy link; on the
 * owner's own cards also "Public" or "Only you", the switch between them, and Delete. A long
 * category wraps below the title rather than squeezing it.
 */
export function IdeaCard({ idea, own }: { idea: IdeaView; own?: OwnCard | undefined }) {
  return (
    <li className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900" data-idea-card>
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <h3 className="min-w-[60%] flex-1 text-lg font-semibold break-words text-slate-900 dark:text-white">{idea.title}</h3>
        <span
          className="max-w-full rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold break-words text-brand-800 dark:bg-brand-900 dark:text-brand-100"
          data-category
        >
          {idea.category}
        </span>
        {own && <VisibilityBadge listed={own.listed} />}
      </div>
      {idea.summary && <p className="mt-2 line-clamp-3 text-sm break-words text-slate-700 dark:text-slate-300">{idea.summary}</p>}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-4">
        {idea.createdAt && formatShortDate(idea.createdAt) !== 'Unknown date' ? (
          <time dateTime={idea.createdAt} className="text-xs text-slate-600 dark:text-slate-400">
            {formatShortDate(idea.createdAt)}
          </time>
        ) : (
          <span className="text-xs text-slate-600 dark:text-slate-400">Unknown date</span>
        )}
        <div className="flex flex-wrap gap-2">
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
          <CopyLinkButton
            id={idea.id}
            title={idea.title}
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800"
          />
          {own && <DeleteIdea id={idea.id} title={idea.title} onDeleted={own.onDeleted} compact />}
        </div>
      </div>
      {own && (
        <div className="mt-3 border-t border-slate-200 pt-2 dark:border-slate-800">
          <VisibilitySwitch id={idea.id} title={idea.title} listed={own.listed} onChange={own.onListedChange} compact />
        </div>
      )}
    </li>
  );
}
