import type { SubmitEvent } from 'react';
import type { ExportSettings } from '../../../domain/epub/settings.ts';
import { heading, input, label, primary } from './ui.ts';

interface FormProps {
  id: string;
  settings: ExportSettings;
  generating: boolean;
  onChange: (settings: Partial<ExportSettings>) => void;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  onLogout: () => void;
}

/** The console's header (with Logout) and the export configuration form. */
export function ExportForm({ id, settings, generating, onChange, onSubmit, onLogout }: FormProps) {
  return (
    <>
      <div className="flex items-start justify-between gap-4">
        <div>
          <h1 id={`${id}-console`} className={heading}>
            EPUB Export Console
          </h1>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Builds the whole book as an EPUB 3 file from the current chapters.</p>
        </div>
        <button
          type="button"
          onClick={onLogout}
          className="rounded-lg border border-slate-400 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          Logout
        </button>
      </div>

      <form className="mt-6 space-y-5" onSubmit={onSubmit}>
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Export configuration</h2>
        <div>
          <label htmlFor={`${id}-title`} className={label}>
            Title
          </label>
          <input id={`${id}-title`} className={input} required maxLength={200} value={settings.title} onChange={(e) => onChange({ title: e.target.value })} />
        </div>
        <div>
          <label htmlFor={`${id}-author`} className={label}>
            Author
          </label>
          <input
            id={`${id}-author`}
            className={input}
            required
            maxLength={200}
            value={settings.author}
            onChange={(e) => onChange({ author: e.target.value })}
          />
        </div>
        <fieldset className="space-y-3">
          <legend className={label}>Contents</legend>
          <label className="flex items-center gap-3 text-slate-800 dark:text-slate-200">
            <input
              type="checkbox"
              className="h-4 w-4 accent-brand-700"
              checked={settings.includeCodeExamples}
              onChange={(e) => onChange({ includeCodeExamples: e.target.checked })}
            />
            Include code examples
          </label>
          <label className="flex items-center gap-3 text-slate-800 dark:text-slate-200">
            <input
              type="checkbox"
              className="h-4 w-4 accent-brand-700"
              checked={settings.includeResources}
              onChange={(e) => onChange({ includeResources: e.target.checked })}
            />
            Include resources
          </label>
        </fieldset>
        <button type="submit" className={`${primary} w-full`} disabled={generating}>
          {generating ? 'Generating EPUB...' : 'Generate EPUB'}
        </button>
      </form>
    </>
  );
}
