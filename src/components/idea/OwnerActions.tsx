import { useEffect, useState } from 'react';
import { DeleteIdea } from './DeleteIdea.tsx';
import { VisibilitySwitch } from './Visibility.tsx';
import type { ViewedIdea } from '../../domain/ideas/read.ts';
import { ApiError, apiGet, apiPost } from '../../lib/api.ts';
import { useUser } from '../../lib/use-user.ts';

/** `?claim=1`: the page was opened by "Login to Save Ideas" on a generator result. */
const CLAIM_PARAM = 'claim';

type Claim = { status: 'none' } | { status: 'saved' } | { status: 'failed'; message: string };

/**
 * What the visitor who may manage the idea can do on its page: its signed-in owner, or the browser
 * that made it while signed out (GET /api/idea/{id} says `canManage`: the claim cookie is HttpOnly).
 * They switch it between public and only-you, and delete it; a signed-in visitor back from "Login
 * to Save Ideas" (`?claim=1`) keeps it first. Nothing is shown to anyone else, and nothing before
 * the visitor is known (so the server render and the first client render agree).
 */
export function OwnerActions({ id, title, onDeleted }: { id: string; title: string; onDeleted: () => void }) {
  const { isAuthenticated, isLoading } = useUser();
  const [listed, setListed] = useState<boolean | null>(null);
  const [claim, setClaim] = useState<Claim>({ status: 'none' });

  useEffect(() => {
    if (isLoading) return;
    let live = true;
    const url = new URL(window.location.href);
    const claiming = isAuthenticated && url.searchParams.get(CLAIM_PARAM) === '1';
    const claimed = claiming
      ? apiPost(`/api/idea/${encodeURIComponent(id)}/claim`, {}).then(
          () => live && setClaim({ status: 'saved' }),
          (e: unknown) => live && setClaim({ status: 'failed', message: e instanceof ApiError ? `${e.status}: ${e.serverMessage ?? e.message}` : String(e) }),
        )
      : Promise.resolve();
    if (claiming) {
      url.searchParams.delete(CLAIM_PARAM);
      history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
    }
    void claimed
      .then(() => apiGet<ViewedIdea>(`/api/idea/${encodeURIComponent(id)}`))
      .then(
        (idea) => live && setListed(idea.canManage ? idea.listed !== false : null),
        () => undefined, // no controls then; the idea itself is already on the page
      );
    return () => {
      live = false;
    };
  }, [id, isAuthenticated, isLoading]);

  if (listed === null && claim.status === 'none') return null;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3" data-owner-actions>
      {claim.status === 'saved' && (
        <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm font-semibold text-green-900 dark:bg-green-950 dark:text-green-100">
          Saved to your ideas.
        </p>
      )}
      {claim.status === 'failed' && (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          This idea could not be saved to your ideas ({claim.message}).
        </p>
      )}
      {listed !== null && (
        <>
          <VisibilitySwitch id={id} title={title} listed={listed} onChange={setListed} />
          <DeleteIdea id={id} title={title} onDeleted={onDeleted} />
        </>
      )}
    </div>
  );
}
