import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { ApiError, apiGet, apiPost } from '../../../lib/api.ts';
import { DOWNLOAD_TTL_SECONDS, formatMegabytes, type ExportResult } from '../../../domain/epub/result.ts';
import type { ExportSettings } from '../../../domain/epub/settings.ts';

interface Props {
  bookTitle: string;
  defaultAuthor: string;
}

interface Status {
  authenticated: boolean;
  enabled?: boolean;
}

/**
 * The page is pre-rendered with the gate (so it paints before any script runs); the status check
 * after hydration opens the console for a valid admin session or shows that export is disabled.
 */
type Access = 'gate' | 'console' | 'disabled';

const card = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900';
const label = 'block text-sm font-semibold text-slate-800 dark:text-slate-200';
const input =
  'mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none dark:border-slate-600 dark:bg-slate-950 dark:text-white';
const primary =
  'inline-flex items-center justify-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-70 dark:focus-visible:ring-offset-slate-900';
const alert = 'mt-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200';
const note =
  'mt-4 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-200';

/** SPEC.md section 8: 'Invalid password' when the error says so, otherwise 'Authentication failed'. */
function authError(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  if (message.includes('Invalid password')) return 'Invalid password';
  const detail = e instanceof ApiError ? e.serverMessage : undefined;
  return detail ? `Authentication failed: ${detail}` : 'Authentication failed';
}

/** The admin EPUB export console (SPEC.md "Admin export"): password gate, export form, result card. */
export default function ExportConsole({ bookTitle, defaultAuthor }: Props) {
  const ids = useId();
  const [access, setAccess] = useState<Access>('gate');
  const [password, setPassword] = useState('');
  const [authenticating, setAuthenticating] = useState(false);
  const [gateError, setGateError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const [settings, setSettings] = useState<ExportSettings>({
    title: `The ${bookTitle}`,
    author: defaultAuthor,
    includeCodeExamples: true,
    includeResources: true,
  });
  const [generating, setGenerating] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const [result, setResult] = useState<ExportResult | null>(null);

  useEffect(() => {
    let cancelled = false;
    apiGet<Status>('/api/admin/export-status')
      .then((s) => {
        // Only while the gate is still showing: an authentication made meanwhile wins.
        const next: Access = s.enabled === false ? 'disabled' : s.authenticated ? 'console' : 'gate';
        if (!cancelled) setAccess((current) => (current === 'gate' ? next : current));
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
    setNotice(null);
    if (password.trim() === '') {
      setGateError('Please enter the export password');
      return;
    }
    setGateError(null);
    setAuthenticating(true);
    try {
      await apiPost('/api/admin/authenticate', { password });
      setPassword('');
      setAccess('console');
    } catch (e) {
      setGateError(authError(e));
    } finally {
      setAuthenticating(false);
    }
  }

  async function onLogout() {
    try {
      await apiPost('/api/admin/logout', {});
    } catch (e) {
      console.warn('Admin logout request failed', e);
    }
    setResult(null);
    setExportError(null);
    setGateError(null);
    setNotice('Logged out successfully');
    setAccess('gate');
  }

  async function onExport(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(null);
    setExportError(null);
    if (settings.title.trim() === '' || settings.author.trim() === '') {
      setExportError('Title and author must not be empty');
      return;
    }
    setGenerating(true);
    try {
      setResult(await apiPost<ExportResult>('/api/admin/export-epub', settings));
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) {
        setGateError('Your admin session has ended; authenticate again');
        setAccess('gate');
      } else {
        setExportError((e instanceof ApiError && e.serverMessage) || 'Export failed');
      }
    } finally {
      setGenerating(false);
    }
  }

  if (access === 'disabled') {
    return (
      <section className={card} aria-labelledby={`${ids}-disabled`}>
        <h1 id={`${ids}-disabled`} className="font-serif text-2xl font-bold text-slate-900 dark:text-white">
          Admin Access Required
        </h1>
        <p className={alert} role="alert">
          The export console is disabled on this server: no admin password (ADMIN_PASSWORD) is configured.
        </p>
      </section>
    );
  }

  if (access === 'gate') {
    return (
      <section className={card} aria-labelledby={`${ids}-gate`}>
        <h1 id={`${ids}-gate`} className="font-serif text-2xl font-bold text-slate-900 dark:text-white">
          Admin Access Required
        </h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">Enter the export password to open the EPUB export console.</p>
        {notice && (
          <p className={note} role="status">
            {notice}
          </p>
        )}
        <form className="mt-6" onSubmit={onAuthenticate} noValidate>
          <label htmlFor={`${ids}-password`} className={label}>
            Export password
          </label>
          <input
            id={`${ids}-password`}
            type="password"
            autoComplete="current-password"
            className={input}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={gateError ? true : undefined}
            aria-describedby={gateError ? `${ids}-gate-error` : undefined}
          />
          {gateError && (
            <p id={`${ids}-gate-error`} className={alert} role="alert">
              {gateError}
            </p>
          )}
          <button type="submit" className={`${primary} mt-6 w-full`} disabled={authenticating}>
            {authenticating ? 'Authenticating...' : 'Authenticate'}
          </button>
        </form>
      </section>
    );
  }

  const megabytes = result ? formatMegabytes(result.fileSize) : '';
  return (
    <section className={card} aria-labelledby={`${ids}-console`}>
      <div className="flex items-start justify-between gap-4">
        <div>
          <h1 id={`${ids}-console`} className="font-serif text-2xl font-bold text-slate-900 dark:text-white">
            EPUB Export Console
          </h1>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Builds the whole book as an EPUB 3 file from the current chapters.</p>
        </div>
        <button
          type="button"
          onClick={() => void onLogout()}
          className="rounded-lg border border-slate-400 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          Logout
        </button>
      </div>

      <form className="mt-6 space-y-5" onSubmit={onExport}>
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Export configuration</h2>
        <div>
          <label htmlFor={`${ids}-title`} className={label}>
            Title
          </label>
          <input
            id={`${ids}-title`}
            className={input}
            required
            maxLength={200}
            value={settings.title}
            onChange={(e) => setSettings({ ...settings, title: e.target.value })}
          />
        </div>
        <div>
          <label htmlFor={`${ids}-author`} className={label}>
            Author
          </label>
          <input
            id={`${ids}-author`}
            className={input}
            required
            maxLength={200}
            value={settings.author}
            onChange={(e) => setSettings({ ...settings, author: e.target.value })}
          />
        </div>
        <fieldset className="space-y-3">
          <legend className={label}>Contents</legend>
          <label className="flex items-center gap-3 text-slate-800 dark:text-slate-200">
            <input
              type="checkbox"
              className="h-4 w-4 accent-brand-700"
              checked={settings.includeCodeExamples}
              onChange={(e) => setSettings({ ...settings, includeCodeExamples: e.target.checked })}
            />
            Include code examples
          </label>
          <label className="flex items-center gap-3 text-slate-800 dark:text-slate-200">
            <input
              type="checkbox"
              className="h-4 w-4 accent-brand-700"
              checked={settings.includeResources}
              onChange={(e) => setSettings({ ...settings, includeResources: e.target.checked })}
            />
            Include resources
          </label>
        </fieldset>
        <button type="submit" className={`${primary} w-full`} disabled={generating}>
          {generating ? 'Generating EPUB...' : 'Generate EPUB'}
        </button>
      </form>

      {exportError && (
        <p className={alert} role="alert">
          {exportError}
        </p>
      )}

      {result && (
        <section
          className="mt-6 rounded-xl border border-emerald-300 bg-emerald-50 p-5 dark:border-emerald-800 dark:bg-emerald-950"
          aria-labelledby={`${ids}-result`}
        >
          <h2 id={`${ids}-result`} className="font-semibold text-emerald-900 dark:text-emerald-100">
            EPUB ready
          </h2>
          <p role="status" className="mt-1 text-emerald-900 dark:text-emerald-100">
            EPUB generated successfully! {result.chaptersCount} chapters processed.
          </p>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-800 dark:text-slate-200">
            <dt className="font-semibold">File name</dt>
            <dd className="font-mono break-all">{result.filename}</dd>
            <dt className="font-semibold">Size</dt>
            <dd>{megabytes}</dd>
          </dl>
          <a href={result.downloadUrl} download={result.filename} className={`${primary} mt-4`}>
            Download EPUB ({megabytes})
          </a>
          <p className="mt-2 text-xs text-slate-700 dark:text-slate-300">The download link is valid for {Math.round(DOWNLOAD_TTL_SECONDS / 60)} minutes.</p>
        </section>
      )}
    </section>
  );
}
