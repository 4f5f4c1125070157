import { useState } from 'react';
import { ApiError, apiPatch } from '../../lib/api.ts';

/** What "listed" means to a reader, in one place for the badge, the switch and its explanation. */
const PUBLIC = 'Public';
const PRIVATE = 'Only you';
const EXPLAIN_PUBLIC = 'Shown in Recent Ideas and the community gallery.';
const EXPLAIN_PRIVATE = 'Not in any list; only people you give the link to can open it.';

/** "Public" or "Only you" on an idea's card. */
export function VisibilityBadge({ listed }: { listed: boolean }) {
  return (
    <span
      data-visibility={listed ? 'public' : 'private'}
      title={listed ? EXPLAIN_PUBLIC : EXPLAIN_PRIVATE}
      className={
        listed
          ? 'rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-900 dark:bg-green-950 dark:text-green-100'
          : 'rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100'
      }
    >
      {listed ? PUBLIC : PRIVATE}
    </span>
  );
}

/**
 * The owner's switch between public (listed in Recent Ideas and the gallery) and only-you. The
 * change is saved at once (PATCH /api/idea/{id}); on failure the switch stays where it was and
 * says why.
 */
export function VisibilitySwitch({
  id,
  title,
  listed,
  onChange,
  compact = false,
}: {
  id: string;
  title: string;
  listed: boolean;
  onChange: (listed: boolean) => void;
  compact?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const toggle = () => {
    // aria-disabled, not disabled, while saving: a disabled button drops the keyboard's focus to the page.
    if (busy) return;
    setBusy(true);
    setFailure(null);
    apiPatch<{ listed: boolean }>(`/api/idea/${encodeURIComponent(id)}`, { listed: !listed })
      .then((r) => onChange(r.listed))
      .catch((e: unknown) => setFailure(e instanceof ApiError ? `${e.status}: ${e.serverMessage ?? e.message}` : 'Please check your connection and try again.'))
      .finally(() => setBusy(false));
  };
  return (
    <div className={compact ? 'flex flex-wrap items-center gap-2' : 'flex flex-wrap items-center gap-3'}>
      <button
        type="button"
        role="switch"
        aria-checked={listed}
        aria-label={compact ? `Show ${title} in the community lists` : 'Show this idea in the community lists'}
        aria-disabled={busy}
        onClick={toggle}
        className="inline-flex min-h-11 items-center gap-2 rounded-md px-1 text-sm font-semibold text-slate-800 aria-disabled:opacity-60 dark:text-slate-100"
      >
        <span
          aria-hidden="true"
          className={`relative inline-block h-6 w-11 rounded-full transition-colors ${listed ? 'bg-brand-700' : 'bg-slate-400 dark:bg-slate-600'}`}
        >
          <span className={`absolute top-0.5 left-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform ${listed ? 'translate-x-5' : ''}`} />
        </span>
        {listed ? PUBLIC : PRIVATE}
      </button>
      {!compact && <span className="text-sm text-slate-600 dark:text-slate-400">{listed ? EXPLAIN_PUBLIC : EXPLAIN_PRIVATE}</span>}
      {failure && (
        <span role="alert" className="basis-full text-sm text-red-800 dark:text-red-200">
          The change was not saved ({failure}).
        </span>
      )}
    </div>
  );
}
