import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { ProgressEvent } from '../../../domain/ideas/generate.ts';
import type { EngineInfo } from '../../../domain/ideas/models.ts';
import { DEFAULT_SETTINGS } from '../../../domain/ideas/defaults.ts';
import type { GenerateRequest } from '../../../domain/ideas/schema.ts';
import { SEED_PATTERN, searchFromSettings, settingsFromSearch } from '../../../domain/ideas/settings-url.ts';
import { apiGet } from '../../../lib/api.ts';
import { fetchNavUser } from '../../../scripts/user-nav.ts';
import { SettingsForm } from './SettingsForm.tsx';
import { useGeneration } from './use-generation.ts';

// The result panel is only needed once an idea arrives: fetched when a generation starts.
const loadResultPanel = () => import('./ResultPanel.tsx').then((m) => ({ default: m.ResultPanel }));
const ResultPanel = lazy(loadResultPanel);
const preloadResultPanel = () => void loadResultPanel().catch(() => undefined);

interface Props {
  /** Models known at build time; refreshed from GET /api/engines. */
  engines: EngineInfo;
  assistant: { name: string; url: string; credit: string };
}

/*
 * No react-query on this page (JS budget , like the idea detail page): the two reads
 * are plain fetches with the spec's defaults (no retry, no refetch) and the generation is one
 * request at a time (useGeneration).
 */
export default function GeneratorApp({ engines: initialEngines, assistant }: Props) {
  // Starts from the defaults (what the static HTML shows), then reads the URL once hydrated.
  const [settings, setSettings] = useState<GenerateRequest>(DEFAULT_SETTINGS);
  const [listed, setListed] = useState(true);
  // The seed in the URL: the shown idea's (the offline engine's answer carries it) or the opened
  // link's. A link's seed is sent with the next generation only, so that one reproduces the idea
  // and later clicks give new ones; changing a control drops it.
  const [seed, setSeed] = useState<string | undefined>(undefined);
  const linkSeed = useRef<string | undefined>(undefined);
  const [urlRead, setUrlRead] = useState(false);
  const [engines, setEngines] = useState(initialEngines);
  const [isAuthenticated, setAuthenticated] = useState(false);
  const { generation, progress, generate, pending } = useGeneration(preloadResultPanel);
  const scrollTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    let live = true;
    apiGet<EngineInfo>('/api/engines').then(
      (fresh) => live && setEngines(fresh),
      () => undefined, // the build-time view stays
    );
    // The nav's request (one GET /api/auth/user per page); any failure means anonymous.
    void fetchNavUser().then((user) => live && setAuthenticated(!!user));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const { seed: fromLink, ...fromUrl } = settingsFromSearch(location.search);
    setSettings(fromUrl);
    setSeed(fromLink);
    linkSeed.current = fromLink;
    setUrlRead(true);
  }, []);

  useEffect(() => {
    if (generation.status !== 'success') return;
    const answered = generation.result.idea['seed'];
    setSeed(typeof answered === 'string' && SEED_PATTERN.test(answered) ? answered : undefined);
  }, [generation]);

  // The controls (and the seed) live in the URL, so a link reproduces a configuration (and an idea).
  useEffect(() => {
    if (!urlRead) return;
    const query = searchFromSettings({ ...settings, ...(seed ? { seed } : {}) });
    if (query !== location.search && !(query === '' && location.search === ''))
      history.replaceState(history.state, '', `${location.pathname}${query}${location.hash}`);
  }, [settings, seed, urlRead]);

  // Each new result scrolls into view once its panel is on the page (docs/spec.md: after 100 ms). The
  // callback changes with each result (its receipt time), so React calls it again for a new idea.
  const resultReceivedAt = generation.status === 'success' ? generation.result.receivedAt : null;
  const resultRef = useCallback(
    (panel: HTMLElement | null) => {
      clearTimeout(scrollTimer.current);
      if (panel && resultReceivedAt)
        scrollTimer.current = setTimeout(() => {
          panel.scrollIntoView({ behavior: 'smooth', block: 'start' });
          // The keyboard's focus follows to what Generate produced (the disabled button had dropped it to the page).
          if (document.activeElement === document.body || document.activeElement === null) panel.focus({ preventScroll: true });
        }, 100);
    },
    [resultReceivedAt],
  );
  useEffect(() => () => clearTimeout(scrollTimer.current), []);

  const update = useCallback(<K extends keyof GenerateRequest>(key: K, value: GenerateRequest[K]) => {
    setSettings((s) => ({ ...s, [key]: value }));
    setSeed(undefined);
    linkSeed.current = undefined;
  }, []);
  // One series per visit: each click asks the offline engine for the next concept of the series
  // (`<base>--<n>`), so clicking again never shows the same concept twice (a linked seed is sent as it is).
  const series = useRef({ base: '', clicks: 0 });
  const submit = () => {
    const fromLink = linkSeed.current;
    linkSeed.current = undefined;
    series.current.base ||= seriesBase();
    series.current.clicks += 1;
    generate({ ...settings, listed, seed: fromLink ?? `${series.current.base}--${series.current.clicks}` });
  };

  return (
    <div className="space-y-8">
      <SettingsForm
        settings={settings}
        onChange={update}
        listed={listed}
        onListedChange={setListed}
        engines={engines}
        assistant={assistant}
        pending={pending}
        onSubmit={submit}
      />
      <div aria-live="polite">
        {pending && <LoadingPanel progress={progress} offline={!(settings.useAnthropic ? engines.anthropic : engines.openai).configured} />}
        {generation.status === 'error' && <ErrorPanel error={generation.error} />}
      </div>
      {generation.status === 'success' && (
        <Suspense fallback={null}>
          <ResultPanel ref={resultRef} result={generation.result} signedIn={isAuthenticated} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * While the idea is written. A language model gets docs/spec.md's "AI Processing Your Vision...";
 * the offline engine, which chooses an idea of the book's library, says so (a departure recorded in
 * docs/architecture.md).
 */
function LoadingPanel({ progress, offline }: { progress: ProgressEvent[]; offline: boolean }) {
  return (
    <section className="rounded-2xl border border-brand-200 bg-brand-50 p-6 dark:border-brand-800 dark:bg-slate-900" data-testid="loading-panel">
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="h-6 w-6 animate-spin rounded-full border-4 border-brand-300 border-t-brand-700" />
        <h2 className="text-xl font-semibold text-slate-900 dark:text-white">
          {offline ? "Choosing an idea from the book's library..." : 'AI Processing Your Vision...'}
        </h2>
      </div>
      <ol className="mt-4 space-y-1 text-sm text-slate-700 dark:text-slate-300" aria-label="Progress">
        {progress.map((p, i) => (
          <li key={`${i}-${p.message}`} className={i === progress.length - 1 ? 'font-semibold text-slate-900 dark:text-white' : ''}>
            {p.message}
          </li>
        ))}
      </ol>
    </section>
  );
}

function ErrorPanel({ error }: { error: Error }) {
  return (
    <section role="alert" className="rounded-2xl border border-red-300 bg-red-50 p-6 dark:border-red-800 dark:bg-red-950" data-testid="error-panel">
      <h2 className="text-xl font-semibold text-red-900 dark:text-red-100">Generation Failed</h2>
      <p className="mt-2 break-words text-red-900 dark:text-red-100">{error.message || 'Please check your connection and try again.'}</p>
    </section>
  );
}

/** A random base for this visit's series of seeds (8 URL-safe characters). */
function seriesBase(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(6))))
    .replace(/\+/g, 'A')
    .replace(/\//g, 'B');
}
