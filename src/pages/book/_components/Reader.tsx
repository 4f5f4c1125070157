import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import type { ReaderCodeExample } from '../../../lib/book-build.ts';
import { chapterPath, neighbours, shortSubtitle, type ChapterIndexEntry } from '../../../domain/book/reader.ts';
import type { Heading } from '../../../domain/book/render.ts';
import type { Resource } from '../../../domain/book/schema.ts';
import { ChapterList } from './ChapterList.tsx';
import { CodeExamples } from './CodeExamples.tsx';
import { recordVisit } from './reading-state.ts';
import { Resources } from './Resources.tsx';
import { Sidebar } from './Sidebar.tsx';
import { Tabs } from './Tabs.tsx';

const SearchDialog = lazy(() => import('./SearchDialog.tsx'));

export interface ReaderProps {
  chapters: ChapterIndexEntry[];
  currentId: string;
  headings: Heading[];
  codeExamples: ReaderCodeExample[];
  resources: Resource[];
  supportAddress: string;
  qrSrc: string;
  /** The chapter's rendered text, pre-rendered by Astro (in the static HTML, not in the props). */
  children?: ReactNode;
}

/** Keys typed into a field are text, not reader shortcuts. */
function isFieldTarget(target: EventTarget | null): boolean {
  return target instanceof Element && !!target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="dialog"]');
}

/** Arrow keys on a tab list (switching tabs) or in a code block (scrolling) keep their own meaning. */
function ownsArrowKeys(target: EventTarget | null): boolean {
  return target instanceof Element && !!target.closest('[role="tablist"], pre');
}

const tabClass =
  'rounded-md px-4 py-2 text-sm font-semibold text-slate-700 hover:text-slate-900 aria-selected:bg-white aria-selected:text-brand-700 aria-selected:shadow-sm dark:text-slate-300 dark:hover:text-white dark:aria-selected:bg-slate-950 dark:aria-selected:text-brand-300';

/**
 * The book reader of one chapter page: chapter list, header, Content / Code Examples / Resources
 * tabs, sidebar, search and keyboard navigation. Moving to another chapter loads its static page.
 */
export default function Reader({ chapters, currentId, headings, codeExamples, resources, supportAddress, qrSrc, children }: ReaderProps) {
  const index = chapters.findIndex((c) => c.id === currentId);
  const chapter = chapters[index];
  const { previous, next } = neighbours(chapters, currentId);
  const [read, setRead] = useState<ReadonlySet<string>>(new Set());
  const [searchOpen, setSearchOpen] = useState(false);

  const go = useCallback((target: ChapterIndexEntry | undefined) => {
    if (target) window.location.assign(chapterPath(target.id));
  }, []);

  useEffect(() => setRead(recordVisit(currentId)), [currentId]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || isFieldTarget(event.target)) return;
      const ctrl = event.ctrlKey || event.metaKey;
      if ((ctrl && event.key.toLowerCase() === 'k') || (!ctrl && event.key === '/')) {
        event.preventDefault();
        setSearchOpen(true);
        return;
      }
      if (ctrl || event.shiftKey || ownsArrowKeys(event.target)) return;
      if (event.key === 'ArrowLeft' && previous) {
        event.preventDefault();
        go(previous);
      } else if (event.key === 'ArrowRight' && next) {
        event.preventDefault();
        go(next);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [go, previous, next]);

  if (!chapter) return null;

  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 lg:grid-cols-[16rem_minmax(0,1fr)_16rem]">
      <div className="lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)] lg:self-start lg:overflow-y-auto">
        <ChapterList chapters={chapters} currentId={currentId} read={read} />
      </div>

      <div className="min-w-0">
        <header className="mb-4 flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <h1 className="font-serif text-3xl font-bold text-slate-900 dark:text-white">{chapter.title}</h1>
            <p className="mt-1 text-lg text-slate-700 dark:text-slate-300">{chapter.subtitle}</p>
          </div>
          <button
            type="button"
            onClick={() => setSearchOpen(true)}
            aria-keyshortcuts="/ Control+K"
            className="flex items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
              <circle cx="11" cy="11" r="7" />
              <path d="M20 20l-3.5-3.5" />
            </svg>
            Search
            <kbd className="rounded border border-slate-300 px-1.5 text-xs dark:border-slate-600">/</kbd>
          </button>
        </header>

        <Tabs
          label="Chapter sections"
          listClassName="mb-4 inline-flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800"
          tabClassName={tabClass}
          tabs={[
            {
              value: 'content',
              label: 'Content',
              keepMounted: true,
              content: (
                <div
                  role="region"
                  aria-label="Chapter text"
                  tabIndex={0}
                  className="h-[600px] overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
                >
                  <article data-pagefind-body className="prose max-w-none prose-slate dark:prose-invert prose-pre:p-4 prose-headings:scroll-mt-4 [&>:nth-child(2)]:mt-0">
                    <span hidden data-pagefind-meta="title">{`${chapter.title}: ${shortSubtitle(chapter.subtitle)}`}</span>
                    {children}
                  </article>
                </div>
              ),
            },
            { value: 'code', label: 'Code Examples', content: <CodeExamples key={currentId} examples={codeExamples} /> },
            { value: 'resources', label: 'Resources', content: <Resources resources={resources} /> },
          ]}
        />
      </div>

      <aside aria-label="Reading tools" className="lg:sticky lg:top-20 lg:self-start">
        <Sidebar
          chapters={chapters}
          index={index}
          headings={headings}
          supportAddress={supportAddress}
          qrSrc={qrSrc}
          onPrevious={previous ? () => go(previous) : undefined}
          onNext={next ? () => go(next) : undefined}
        />
      </aside>

      {searchOpen && (
        <Suspense fallback={null}>
          <SearchDialog open={searchOpen} onOpenChange={setSearchOpen} />
        </Suspense>
      )}
    </div>
  );
}
