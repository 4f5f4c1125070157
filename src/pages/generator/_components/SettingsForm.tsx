import { useId } from 'react';
import type { EngineInfo } from '../../../domain/ideas/models.ts';
import type { GenerateRequest } from '../../../domain/ideas/schema.ts';
import { OPTION_FIELDS, OPTION_LABELS, type OptionField } from '../../../domain/option-labels.ts';
import { AssistantButton } from './AssistantButton.tsx';

interface Props {
  settings: GenerateRequest;
  /** Whether the next idea will be listed in the community ideas (consent to publish). */
  listed: boolean;
  onListedChange: (listed: boolean) => void;
  onChange: <K extends keyof GenerateRequest>(key: K, value: GenerateRequest[K]) => void;
  engines: EngineInfo;
  assistant: { name: string; url: string; credit: string };
  pending: boolean;
  onSubmit: () => void;
}

const FIELD_LABELS: Record<OptionField, string> = {
  businessCategory: 'Business category',
  targetMarket: 'Target market',
  aiFocus: 'AI focus',
  revenueModel: 'Revenue model',
  bsvFeature: 'BSV feature',
};

/** 'Configure Your Vision': the five dropdowns, the innovation slider, the engine switch and the button. */
export function SettingsForm({ settings, onChange, listed, onListedChange, engines, assistant, pending, onSubmit }: Props) {
  const id = useId();
  const chosen = settings.useAnthropic ? engines.anthropic : engines.openai;
  return (
    <form
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        if (!pending) onSubmit();
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
              onChange={(e) => onChange(field, e.target.value as never)}
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
          <div className="flex items-baseline justify-between gap-2 text-sm font-semibold text-slate-800 dark:text-slate-200">
            <label htmlFor={`${id}-level`}>Innovation level</label>
            <output htmlFor={`${id}-level`} aria-hidden="true">
              {settings.innovationLevel}/10
            </output>
          </div>
          <input
            id={`${id}-level`}
            name="innovationLevel"
            type="range"
            min={1}
            max={10}
            step={1}
            value={settings.innovationLevel}
            aria-valuetext={`${settings.innovationLevel} of 10`}
            onChange={(e) => onChange('innovationLevel', Math.round(Number(e.target.value)))}
            className="mt-3 w-full accent-brand-700"
          />
          <div className="flex justify-between text-xs text-slate-600 dark:text-slate-300" aria-hidden="true">
            <span>Practical</span>
            <span>Moonshot</span>
          </div>
        </div>
      </div>

      {/* The label above, the two providers either side of the switch on one row at every width. */}
      <div className="mt-6">
        <span className="block text-sm font-semibold text-slate-800 dark:text-slate-200" id={`${id}-engine`}>
          AI engine
        </span>
        <div className="mt-2 flex items-center gap-3" data-testid="engine-row">
          <span className={`min-w-0 text-sm ${settings.useAnthropic ? 'text-slate-600 dark:text-slate-300' : 'font-semibold text-slate-900 dark:text-white'}`}>
            OpenAI {engines.openai.label}
          </span>
          <button
            type="button"
            role="switch"
            aria-checked={settings.useAnthropic}
            // Read aloud as what it does, not "AI engine, on".
            aria-label={`AI engine: Anthropic ${engines.anthropic.label} when on, OpenAI ${engines.openai.label} when off`}
            aria-describedby={`${id}-engine-state`}
            onClick={() => onChange('useAnthropic', !settings.useAnthropic)}
            className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors ${settings.useAnthropic ? 'bg-brand-700' : 'bg-slate-500'}`}
          >
            <span
              aria-hidden="true"
              className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${settings.useAnthropic ? 'translate-x-6' : 'translate-x-1'}`}
            />
          </button>
          <span className={`min-w-0 text-sm ${settings.useAnthropic ? 'font-semibold text-slate-900 dark:text-white' : 'text-slate-600 dark:text-slate-300'}`}>
            Anthropic {engines.anthropic.label}
          </span>
        </div>
        <p id={`${id}-engine-state`} className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          {settings.useAnthropic ? `Anthropic ${engines.anthropic.label}` : `OpenAI ${engines.openai.label}`} selected.
          {!chosen.configured && " No API key is configured for it here, so the idea will come from the book's offline library of ideas written by people."}
        </p>
      </div>

      <div className="mt-6 rounded-lg border border-slate-200 bg-slate-50 p-4 dark:border-slate-700 dark:bg-slate-800">
        <label className="flex items-start gap-3 text-sm text-slate-800 dark:text-slate-200">
          <input
            type="checkbox"
            name="listed"
            checked={listed}
            onChange={(e) => onListedChange(e.target.checked)}
            aria-describedby={`${id}-listed-state`}
            className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
          />
          <span className="font-semibold">List this idea in the community ideas</span>
        </label>
        <p id={`${id}-listed-state`} className="mt-1 pl-7 text-sm text-slate-600 dark:text-slate-300" data-testid="listed-state">
          {listed
            ? 'The idea will be listed on Browse Ideas for everyone to see.'
            : 'The idea will be unlisted: stored, and visible only to people who have its link.'}
        </p>
      </div>

      <button
        type="submit"
        disabled={pending}
        className="mt-4 w-full rounded-xl bg-gradient-to-r from-brand-700 to-brand-900 px-6 py-4 text-lg font-bold text-white shadow hover:from-brand-800 hover:to-brand-900 disabled:cursor-not-allowed disabled:opacity-70"
      >
        {pending ? 'GENERATING...' : 'Generate Revolutionary Idea'}
      </button>
    </form>
  );
}
