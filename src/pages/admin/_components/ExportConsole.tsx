import { useEffect, useId, useReducer, useSyncExternalStore, type SubmitEvent } from 'react';
import { createPortal } from 'react-dom';
import { ApiError, apiGet, apiPost } from '../../../lib/api.ts';
import type { ExportResult } from '../../../domain/epub/result.ts';
import { AdminGate, ConsoleDisabled } from './AdminGate.tsx';
import { canAuthenticate, canExport, consoleReducer, initialState } from './console-state.ts';
import { ExportForm } from './ExportForm.tsx';
import { ExportResultCard } from './ExportResultCard.tsx';
import { alert, card } from './ui.ts';

interface Props {
  bookTitle: string;
  defaultAuthor: string;
}

interface Status {
  authenticated: boolean;
  enabled?: boolean;
}

/** The element in the page's nav (export-book.astro) that shows the admin session state. */
export const ADMIN_NAV_SLOT = 'admin-nav-state';

/** docs/spec.md section 8: 'Invalid password' when the error says so, otherwise 'Authentication failed'. */
function authError(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  if (message.includes('Invalid password')) return 'Invalid password';
  const detail = e instanceof ApiError ? e.serverMessage : undefined;
  return detail ? `Authentication failed: ${detail}` : 'Authentication failed';
}

const subscribeNever = () => () => {};

/** The admin EPUB export console (docs/spec.md "Admin export"): password gate, export form, result card. */
export default function ExportConsole({ bookTitle, defaultAuthor }: Props) {
  const id = useId();
  const [state, dispatch] = useReducer(consoleReducer, undefined, () => initialState(bookTitle, defaultAuthor));
  // The nav lives outside this island: found after hydration (null on the server and while hydrating).
  const navSlot = useSyncExternalStore(
    subscribeNever,
    () => document.getElementById(ADMIN_NAV_SLOT),
    () => null,
  );

  useEffect(() => {
    let cancelled = false;
    apiGet<Status>('/api/admin/export-status')
      .then((s) => {
        if (!cancelled) dispatch({ type: 'statusChecked', enabled: s.enabled, authenticated: s.authenticated });
      })
      .catch((e: unknown) => {
        console.warn('Admin status check failed; treating as not authenticated', e);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  async function onAuthenticate(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    dispatch({ type: 'authRequested' });
    if (!canAuthenticate(state)) return;
    try {
      await apiPost('/api/admin/authenticate', { password: state.password });
      dispatch({ type: 'authSucceeded' });
    } catch (e) {
      dispatch({ type: 'authFailed', message: authError(e) });
    }
  }

  async function onLogout() {
    try {
      await apiPost('/api/admin/logout', {});
    } catch (e) {
      console.warn('Admin logout request failed', e);
    }
    dispatch({ type: 'loggedOut' });
  }

  async function onExport(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    dispatch({ type: 'exportRequested' });
    if (!canExport(state)) return;
    try {
      dispatch({ type: 'exportSucceeded', result: await apiPost<ExportResult>('/api/admin/export-epub', state.settings) });
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) dispatch({ type: 'sessionEnded' });
      else dispatch({ type: 'exportFailed', message: (e instanceof ApiError && e.serverMessage) || 'Export failed' });
    }
  }

  const navState =
    navSlot && state.access === 'console'
      ? createPortal(
          <span className="inline-flex items-center gap-1.5 rounded-full border border-emerald-300 bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100">
            <span aria-hidden="true" className="h-2 w-2 rounded-full bg-emerald-600"></span>
            Signed in as admin
          </span>,
          navSlot,
        )
      : null;

  if (state.access === 'disabled') return <ConsoleDisabled id={id} />;

  if (state.access === 'gate') {
    return (
      <AdminGate
        id={id}
        password={state.password}
        authenticating={state.authenticating}
        error={state.gateError}
        notice={state.notice}
        onPasswordChange={(password) => dispatch({ type: 'passwordChanged', password })}
        onSubmit={(e) => void onAuthenticate(e)}
      />
    );
  }

  return (
    <section className={card} aria-labelledby={`${id}-console`}>
      {navState}
      <ExportForm
        id={id}
        settings={state.settings}
        generating={state.generating}
        onChange={(settings) => dispatch({ type: 'settingsChanged', settings })}
        onSubmit={(e) => void onExport(e)}
        onLogout={() => void onLogout()}
      />
      {state.exportError && (
        <p className={alert} role="alert">
          {state.exportError}
        </p>
      )}
      {state.result && <ExportResultCard id={id} result={state.result} />}
    </section>
  );
}
