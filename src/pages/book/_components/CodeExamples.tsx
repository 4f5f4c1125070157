import { useState } from 'react';
import type { ReaderCodeExample } from '../../../lib/book-build.ts';
import { CopyButton } from './CopyButton.tsx';

/** The Code Examples tab: one example at a time, the first one when a chapter opens. */
export function CodeExamples({ examples }: { examples: ReaderCodeExample[] }) {
  const [selectedId, setSelectedId] = useState(examples[0]?.id);
  const selected = examples.find((e) => e.id === selectedId) ?? examples[0];
  if (!selected) {
    return <p className="py-12 text-center text-slate-600 dark:text-slate-300">No code examples available for this chapter</p>;
  }
  return (
    <div className="space-y-4">
      {examples.length > 1 && (
        <div role="group" aria-label="Code examples" className="flex flex-wrap gap-2">
          {examples.map((e) => (
            <button
              key={e.id}
              type="button"
              aria-pressed={e.id === selected.id}
              onClick={() => setSelectedId(e.id)}
              className="rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-800 hover:bg-slate-100 aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800 dark:aria-pressed:border-brand-300 dark:aria-pressed:bg-brand-300 dark:aria-pressed:text-slate-950"
            >
              {e.title}
            </button>
          ))}
        </div>
      )}
      <article aria-labelledby={`example-${selected.id}`} className="rounded-lg border border-slate-200 dark:border-slate-700">
        <header className="space-y-1 border-b border-slate-200 p-4 dark:border-slate-700">
          <h2 id={`example-${selected.id}`} className="text-lg font-semibold text-slate-900 dark:text-white">
            {selected.title}
          </h2>
          <p className="text-sm text-slate-700 dark:text-slate-300">{selected.description}</p>
          <div className="flex flex-wrap items-center justify-between gap-2 pt-1">
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-mono text-slate-800 dark:text-slate-200">{selected.fileName}</span>
              <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 uppercase dark:bg-slate-800 dark:text-slate-200">
                {selected.language}
              </span>
            </p>
            <CopyButton text={selected.code} ariaLabel={`Copy ${selected.fileName}`} />
          </div>
        </header>
        <div className="code-example max-h-[600px] overflow-auto text-sm [&_pre]:p-4" dangerouslySetInnerHTML={{ __html: selected.html }} />
      </article>
    </div>
  );
}
