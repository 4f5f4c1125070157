import { useState } from 'react';
import type { ChapterIndexEntry } from '../../../domain/book/reader.ts';
import { chapterPath, shortSubtitle } from '../../../domain/book/reader.ts';

interface Props {
  chapters: ChapterIndexEntry[];
  currentId: string;
  read: ReadonlySet<string>;
}

/** The collapsible chapter list: count, current chapter, and every chapter with its short subtitle. */
export function ChapterList({ chapters, currentId, read }: Props) {
  const [open, setOpen] = useState(true);
  const current = chapters.find((c) => c.id === currentId);
  return (
    <section aria-labelledby="chapter-list-heading" className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <h2 id="chapter-list-heading" className="text-base font-semibold text-slate-900 dark:text-white">
        <button
          type="button"
          aria-expanded={open}
          aria-controls="chapter-list"
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-center justify-between gap-2 rounded-md text-left"
        >
          <span>
            Chapters <span className="ml-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200">{chapters.length}</span>
          </span>
          <svg aria-hidden="true" viewBox="0 0 24 24" className={`h-5 w-5 transition-transform ${open ? 'rotate-180' : ''}`} fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M6 9l6 6 6-6" />
          </svg>
        </button>
      </h2>
      {current && (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          Current: <span className="font-medium text-slate-900 dark:text-white">{current.title}</span>
        </p>
      )}
      <ol id="chapter-list" hidden={!open} className="mt-3 space-y-1" data-pagefind-ignore>
        {chapters.map((c) => {
          const isCurrent = c.id === currentId;
          return (
            <li key={c.id}>
              <a
                href={chapterPath(c.id)}
                aria-current={isCurrent ? 'page' : undefined}
                className={`flex items-start gap-2 rounded-md px-2 py-1.5 text-sm ${
                  isCurrent
                    ? 'bg-brand-700 text-white'
                    : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white'
                }`}
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-medium">{c.title}</span>
                  <span className={`block text-xs ${isCurrent ? 'text-white' : 'text-slate-600 dark:text-slate-400'}`}>{shortSubtitle(c.subtitle)}</span>
                </span>
                {read.has(c.id) && (
                  <span className="mt-0.5 shrink-0" title="Read">
                    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2.5">
                      <path d="M5 12l5 5L20 7" />
                    </svg>
                    <span className="sr-only">(read)</span>
                  </span>
                )}
              </a>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
