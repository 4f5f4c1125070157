/**
 * Full-text search over the book (Pagefind), bound to the site search dialog (in every page header) the first time
 * it opens. Pagefind's own JS, index and WebAssembly load only then (docs/decisions/014).
 */

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
interface PagefindResult {
  id: string;
  data: () => Promise<PagefindResultData>;
}
interface Pagefind {
  init?: () => Promise<void>;
  debouncedSearch: (term: string, options?: object, debounceMs?: number) => Promise<{ results: PagefindResult[] } | null>;
}

/** Results shown at once; "Show more results" adds as many again. */
const PAGE_SIZE = 10;
/** Sections listed under a result. */
const SECTIONS = 3;

/** Built by `pagefind --site dist` after `astro build`. */
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

/**
 * The sections worth listing under a result: not the page itself again (a sub-result without a
 * heading anchor, or titled like the page), at most `limit`.
 */
export function distinctSections(data: Pick<PagefindResultData, 'url' | 'meta' | 'sub_results'>, limit = SECTIONS): PagefindSubResult[] {
  const page = prettyUrl(data.url);
  const title = data.meta.title?.trim();
  return data.sub_results.filter((s) => prettyUrl(s.url) !== page && s.url.includes('#') && s.title.trim() !== title).slice(0, limit);
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function resultItem(data: PagefindResultData): HTMLLIElement {
  const li = el('li', 'rounded-lg border border-slate-200 p-3 dark:border-slate-700');
  const link = el('a', 'font-semibold text-brand-700 hover:underline dark:text-brand-300', data.meta.title ?? prettyUrl(data.url));
  link.href = prettyUrl(data.url);
  const excerpt = el('p', 'mt-1 text-sm text-slate-700 dark:text-slate-300');
  // Pagefind's excerpts are the page's own text, escaped, with matches wrapped in <mark>.
  excerpt.innerHTML = data.excerpt;
  li.append(link, excerpt);
  const sections = distinctSections(data);
  if (sections.length > 0) {
    const ul = el('ul', 'mt-2 space-y-1 border-l-2 border-slate-200 pl-3 dark:border-slate-700');
    for (const s of sections) {
      const a = el('a', 'text-sm font-medium text-slate-800 hover:underline dark:text-slate-100', s.title);
      a.href = prettyUrl(s.url);
      const item = el('li', '');
      item.append(a);
      ul.append(item);
    }
    li.append(ul);
  }
  return li;
}

const bound = new WeakSet<HTMLDialogElement>();

/** Wires the dialog's search box to Pagefind (once per dialog) and focuses it. */
export function bindSearch(dialog: HTMLDialogElement): void {
  const input = dialog.querySelector<HTMLInputElement>('input[type="search"]');
  const out = dialog.querySelector<HTMLElement>('[data-search-results]');
  if (!input || !out) return;
  input.focus();
  if (bound.has(dialog)) return;
  bound.add(dialog);
  void loadPagefind().catch((error: unknown) => console.error('Search index failed to load', error));

  let latest = '';
  const status = (text: string, error = false) =>
    out.replaceChildren(el('p', `text-sm ${error ? 'text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-300'}`, text));

  const search = async () => {
    const term = input.value.trim();
    latest = term;
    if (!term) {
      out.replaceChildren();
      return;
    }
    if (!out.querySelector('ul')) status('Searching…');
    try {
      const found = await (await loadPagefind()).debouncedSearch(term, {}, 150);
      if (!found || latest !== term) return;
      if (found.results.length === 0) {
        status(`No results for “${term}”.`);
        return;
      }
      const list = el('ul', 'space-y-3');
      list.setAttribute('aria-label', 'Search results');
      const summary = el(
        'p',
        'mb-2 text-sm text-slate-600 dark:text-slate-300',
        `${found.results.length} ${found.results.length === 1 ? 'chapter' : 'chapters'} found`,
      );
      const more = el(
        'button',
        'mt-3 w-full rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800',
        'Show more results',
      );
      more.type = 'button';
      let shown = 0;
      const showMore = async () => {
        const next = found.results.slice(shown, shown + PAGE_SIZE);
        shown += next.length;
        const items = await Promise.all(next.map(async (r) => resultItem(await r.data())));
        if (latest !== term) return;
        list.append(...items);
        more.hidden = shown >= found.results.length;
      };
      more.addEventListener('click', () => {
        const first = list.children.length;
        void showMore().then(() => list.children[first]?.querySelector('a')?.focus());
      });
      await showMore();
      if (latest === term) out.replaceChildren(summary, list, more);
    } catch (error) {
      console.error('Search failed', error);
      status('Search is unavailable right now.', true);
    }
  };
  input.addEventListener('input', () => void search());
  if (input.value.trim()) void search();
}
