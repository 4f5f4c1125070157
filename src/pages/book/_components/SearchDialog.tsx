import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState } from 'react';

/** The parts of Pagefind's browser API we use (https://pagefind.app/docs/api/). */
interface PagefindSubResult {
  title: string;
  url: string;
  excerpt: string;
}
interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: { title?: string };
  sub_results: PagefindSubResult[];
}
interface Pagefind {
  init?: () => Promise<void>;
  debouncedSearch: (term: string, options?: object, debounceMs?: number) => Promise<{ results: { id: string; data: () => Promise<PagefindResultData> }[] } | null>;
}

/** Built by `pagefind --site dist` after `astro build`; loaded only when search opens. */
const PAGEFIND_URL = '/pagefind/pagefind.js';
let pagefind: Promise<Pagefind> | undefined;
function loadPagefind(): Promise<Pagefind> {
  pagefind ??= (import(/* @vite-ignore */ PAGEFIND_URL) as Promise<Pagefind>).then(async (pf) => {
    await pf.init?.();
    return pf;
  });
  pagefind.catch(() => {
    pagefind = undefined;
  });
  return pagefind;
}

/** Pagefind indexes `chapter-06.html`; the site serves it at `/book/chapter-06`. */
export function prettyUrl(url: string): string {
  return url.replace(/\.html(?=#|$)/, '');
}

interface Hit {
  id: string;
  data: PagefindResultData;
}

type State = { kind: 'idle' } | { kind: 'loading' } | { kind: 'error' } | { kind: 'results'; hits: Hit[] };

/** Full-text search over the whole book (Pagefind), opened from the reader with '/' or Ctrl+K. */
export default function SearchDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [query, setQuery] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const latest = useRef('');

  useEffect(() => {
    if (open) void loadPagefind().catch((error: unknown) => console.error('Search index failed to load', error));
  }, [open]);

  useEffect(() => {
    const term = query.trim();
    latest.current = term;
    if (!term) {
      setState({ kind: 'idle' });
      return;
    }
    setState((s) => (s.kind === 'results' ? s : { kind: 'loading' }));
    loadPagefind()
      .then((pf) => pf.debouncedSearch(term, {}, 150))
      .then(async (search) => {
        if (!search || latest.current !== term) return;
        const hits = await Promise.all(search.results.slice(0, 8).map(async (r) => ({ id: r.id, data: await r.data() })));
        if (latest.current === term) setState({ kind: 'results', hits });
      })
      .catch((error: unknown) => {
        console.error('Search failed', error);
        setState({ kind: 'error' });
      });
  }, [query]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content className="fixed top-[10vh] left-1/2 z-50 flex max-h-[80vh] w-[min(42rem,95vw)] -translate-x-1/2 flex-col rounded-xl border border-slate-200 bg-white shadow-xl dark:border-slate-700 dark:bg-slate-900">
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 p-4 dark:border-slate-700">
            <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">Search the book</Dialog.Title>
            <Dialog.Close className="rounded-md px-2 py-1 text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800">Close</Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Type a word or phrase; results link to the chapter and section.</Dialog.Description>
          <div className="p-4">
            <label htmlFor="book-search" className="sr-only">
              Search the book
            </label>
            <input
              id="book-search"
              type="search"
              autoComplete="off"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="Search all chapters…"
              className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 dark:border-slate-600 dark:bg-slate-950 dark:text-white dark:placeholder:text-slate-400"
            />
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 pb-4" aria-live="polite">
            {state.kind === 'loading' && <p className="text-sm text-slate-600 dark:text-slate-300">Searching…</p>}
            {state.kind === 'error' && <p className="text-sm text-red-700 dark:text-red-300">Search is unavailable right now.</p>}
            {state.kind === 'results' && state.hits.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-300">No results for “{query.trim()}”.</p>}
            {state.kind === 'results' && state.hits.length > 0 && (
              <ul className="space-y-3" aria-label="Search results">
                {state.hits.map(({ id, data }) => (
                  <li key={id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                    <a href={prettyUrl(data.url)} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
                      {data.meta.title ?? prettyUrl(data.url)}
                    </a>
                    {/* Pagefind's excerpts are the page's own text with matches wrapped in <mark>. */}
                    <p className="mt-1 text-sm text-slate-700 dark:text-slate-300" dangerouslySetInnerHTML={{ __html: data.excerpt }} />
                    {data.sub_results.length > 0 && (
                      <ul className="mt-2 space-y-1 border-l-2 border-slate-200 pl-3 dark:border-slate-700">
                        {data.sub_results.slice(0, 3).map((s) => (
                          <li key={s.url}>
                            <a href={prettyUrl(s.url)} className="text-sm font-medium text-slate-800 hover:underline dark:text-slate-100">
                              {s.title}
                            </a>
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
