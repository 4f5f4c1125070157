import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { ProgressEvent } from '../../../domain/ideas/generate.ts';
import type { EngineInfo } from '../../../domain/ideas/models.ts';
import { DEFAULT_SETTINGS } from '../../../domain/ideas/defaults.ts';
import type { GenerateRequest, GenerateResponse } from '../../../domain/ideas/schema.ts';
import { searchFromSettings, settingsFromSearch } from '../../../domain/ideas/settings-url.ts';
import { OPTION_FIELDS, OPTION_LABELS, type OptionField } from '../../../domain/option-labels.ts';
import { apiGet } from '../../../lib/api.ts';
import { fetchNavUser } from '../../../scripts/user-nav.ts';
import { AssistantButton } from './AssistantButton.tsx';
import { generateWithProgress } from './generate-client.ts';

// The result panel is only needed once an idea arrives: fetched when a generation starts.
const loadResultPanel = () => import('./ResultPanel.tsx').then((m) => ({ default: m.ResultPanel }));
const ResultPanel = lazy(loadResultPanel);

interface Props {
  /** Models known at build time; refreshed from GET /api/engines. */
  engines: EngineInfo;
  assistant: { name: string; url: string; credit: string };
}

const FIELD_LABELS: Record<OptionField, string> = {
  businessCategory: 'Business category',
  targetMarket: 'Target market',
  aiFocus: 'AI focus',
  revenueModel: 'Revenue model',
  bsvFeature: 'BSV feature',
};

/** One generation: the island keeps only the latest (a new one replaces the previous result). */
type Generation = { status: 'idle' } | { status: 'pending' } | { status: 'error'; error: Error } | { status: 'success'; data: GenerateResponse };

/*
 * No react-query on this page (JS budget of issue 10, like the idea detail page): the two reads
 * are plain fetches with the spec's defaults (no retry, no refetch) and the generation is one
 * request at a time, so local state says everything a mutation would.
 */
export default function GeneratorApp(props: Props) {
  return <Generator {...props} />;
}

function Generator({ engines: initialEngines, assistant }: Props) {
  const id = useId();
  // Starts from the defaults (what the static HTML shows), then reads the URL once hydrated.
  const [settings, setSettings] = useState<GenerateRequest>(DEFAULT_SETTINGS);
  const [urlRead, setUrlRead] = useState(false);
  const [progress, setProgress] = useState<ProgressEvent[]>([]);
  const [generation, setGeneration] = useState<Generation>({ status: 'idle' });
  const [engines, setEngines] = useState(initialEngines);
  const [isAuthenticated, setAuthenticated] = useState(false);
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
    setSettings(settingsFromSearch(location.search));
    setUrlRead(true);
  }, []);

  // The controls live in the URL, so a link reproduces a configuration.
  useEffect(() => {
    if (!urlRead) return;
    const query = searchFromSettings(settings);
    if (query !== location.search && !(query === '' && location.search === ''))
      history.replaceState(history.state, '', `${location.pathname}${query}${location.hash}`);
  }, [settings, urlRead]);

  const generate = (body: GenerateRequest) => {
    void loadResultPanel().catch(() => undefined);
    setProgress([]);
    setGeneration({ status: 'pending' });
    generateWithProgress(body, (event) => setProgress((list) => [...list, event])).then(
      (data) => setGeneration({ status: 'success', data }),
      (error: unknown) => setGeneration({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) }),
    );
  };

  // Each new result scrolls into view once its panel is on the page.
  const resultRef = useCallback(
    (panel: HTMLElement | null) => {
      clearTimeout(scrollTimer.current);
      if (panel) scrollTimer.current = setTimeout(() => panel.scrollIntoView({ behavior: 'smooth', block: 'start' }), 100);
    },
    // A new idea gets a new ref callback, hence a new scroll.
    [generation],
  );
  useEffect(() => () => clearTimeout(scrollTimer.current), []);

  const update = <K extends keyof GenerateRequest>(key: K, value: GenerateRequest[K]) => setSettings((s) => ({ ...s, [key]: value }));
  const chosen = settings.useAnthropic ? engines.anthropic : engines.openai;
  const pending = generation.status === 'pending';

  return (
    <div className="space-y-8">
      <form
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900"
        aria-labelledby={`${id}-title`}
        onSubmit={(e) => {
          e.preventDefault();
          if (!pending) generate(settings);
        }}
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={`${id}-title`} className="text-2xl font-bold text-slate-900 dark:text-white">
            Configure Your Vision
          </h2>
          <AssistantButton {...assistant} />
        </div>
        <div className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {OPTION_FIELDS.map((field) => (
            <div key={field}>
              <label htmlFor={`${id}-${field}`} className="block text-sm font-semibold text-slate-800 dark:text-slate-200">
                {FIELD_LABELS[field]}
              </label>
              <select
                id={`${id}-${field}`}
                name={field}
                value={settings[field]}
                onChange={(e) => update(field, e.target.value as never)}
                className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-white"
              >
                {Object.entries(OPTION_LABELS[field]).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
          ))}
          <div>
            <label htmlFor={`${id}-level`} className="block text-sm font-semibold text-slate-800 dark:text-slate-200">
              Innovation level: <output htmlFor={`${id}-level`}>{settings.innovationLevel}</output>/10
            </label>
            <input
              id={`${id}-level`}
              name="innovationLevel"
              type="range"
              min={1}
              max={10}
              step={1}
              value={settings.innovationLevel}
              onChange={(e) => update('innovationLevel', Math.round(Number(e.target.value)))}
              className="mt-3 w-full accent-brand-700"
            />
            <div className="flex justify-between text-xs text-slate-600 dark:text-slate-300" aria-hidden="true">
              <span>Practical</span>
              <span>Moonshot</span>
            </div>
          </div>
        </div>

        <div className="mt-6 flex flex-wrap items-center gap-3">
          <span className="text-sm font-semibold text-slate-800 dark:text-slate-200" id={`${id}-engine`}>
            AI engine
          </span>
          <span className={`text-sm ${settings.useAnthropic ? 'text-slate-600 dark:text-slate-300' : 'font-semibold text-slate-900 dark:text-white'}`}>
            OpenAI {engines.openai.label}
          </span>
          <button
            type="button"
            role="switch"
            aria-checked={settings.useAnthropic}
            aria-labelledby={`${id}-engine`}
            aria-describedby={`${id}-engine-state`}
            onClick={() => update('useAnthropic', !settings.useAnthropic)}
            className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors ${settings.useAnthropic ? 'bg-brand-700' : 'bg-slate-500'}`}
          >
            <span
              aria-hidden="true"
              className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${settings.useAnthropic ? 'translate-x-6' : 'translate-x-1'}`}
            />
          </button>
          <span className={`text-sm ${settings.useAnthropic ? 'font-semibold text-slate-900 dark:text-white' : 'text-slate-600 dark:text-slate-300'}`}>
            Anthropic {engines.anthropic.label}
          </span>
          <span id={`${id}-engine-state`} className="basis-full text-sm text-slate-600 dark:text-slate-300">
            {settings.useAnthropic ? `Anthropic ${engines.anthropic.label}` : `OpenAI ${engines.openai.label}`} selected.
            {!chosen.configured && ' No API key is configured for it here, so the offline engine will compose the idea from the book.'}
          </span>
        </div>

        <button
          type="submit"
          disabled={pending}
          className="mt-6 w-full rounded-xl bg-gradient-to-r from-brand-700 to-brand-900 px-6 py-4 text-lg font-bold text-white shadow hover:from-brand-800 hover:to-brand-900 disabled:cursor-not-allowed disabled:opacity-70"
        >
          {pending ? 'GENERATING...' : 'Generate Revolutionary Idea'}
        </button>
      </form>

      <div aria-live="polite">
        {pending && (
          <section className="rounded-2xl border border-brand-200 bg-brand-50 p-6 dark:border-brand-800 dark:bg-slate-900" data-testid="loading-panel">
            <div className="flex items-center gap-3">
              <span aria-hidden="true" className="h-6 w-6 animate-spin rounded-full border-4 border-brand-300 border-t-brand-700" />
              <h2 className="text-xl font-semibold text-slate-900 dark:text-white">AI Processing Your Vision...</h2>
            </div>
            <ol className="mt-4 space-y-1 text-sm text-slate-700 dark:text-slate-300" aria-label="Progress">
              {progress.map((p, i) => (
                <li key={`${i}-${p.message}`} className={i === progress.length - 1 ? 'font-semibold text-slate-900 dark:text-white' : ''}>
                  {p.message}
                </li>
              ))}
            </ol>
          </section>
        )}
        {generation.status === 'error' && (
          <section role="alert" className="rounded-2xl border border-red-300 bg-red-50 p-6 dark:border-red-800 dark:bg-red-950" data-testid="error-panel">
            <h2 className="text-xl font-semibold text-red-900 dark:text-red-100">Generation Failed</h2>
            <p className="mt-2 break-words text-red-900 dark:text-red-100">{generation.error.message || 'Please check your connection and try again.'}</p>
          </section>
        )}
      </div>
      {generation.status === 'success' && (
        <Suspense fallback={null}>
          <ResultPanel ref={resultRef} idea={generation.data} signedIn={isAuthenticated} />
        </Suspense>
      )}
    </div>
  );
}
