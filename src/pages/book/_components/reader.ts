/**
 * The reader's progressive enhancement (docs/decisions/014): the chapter page is a complete
 * document without it; this adds the tabs, copy buttons, read marks, the current-section
 * highlight, keyboard shortcuts, search (loaded on demand) and the saved reading position.
 */
import { readPosition, recordRead, recordVisit, savePosition } from '../../../scripts/reading-state.ts';
import { isFieldTarget } from '../../../scripts/site-search.ts';

/** The element id a URL fragment names, or null for none or a malformed one ("#%", "#%E0%A4%A"). */
export function fragmentId(hash: string): string | null {
  if (hash.length <= 1) return null;
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
}

/** How long 'Copied!' stays on a button (docs/spec.md). */
const COPIED_MS = 2000;

const $ = <T extends Element = HTMLElement>(selector: string, root: ParentNode = document) => root.querySelector<T>(selector);
const $$ = <T extends Element = HTMLElement>(selector: string, root: ParentNode = document) => [...root.querySelectorAll<T>(selector)];

/** Copies `text`; the button reads 'Copied!' (or 'Copy failed') for two seconds. */
async function copy(button: HTMLButtonElement, text: string): Promise<void> {
  const label = button.dataset['label'] ?? 'Copy';
  const name = button.dataset['name'] ?? button.getAttribute('aria-label');
  if (name) button.dataset['name'] = name;
  clearTimeout(Number(button.dataset['timer']));
  let ok = true;
  try {
    await navigator.clipboard.writeText(text);
  } catch (error) {
    console.warn('Copy to clipboard failed', error);
    ok = false;
  }
  button.removeAttribute('aria-label');
  button.textContent = ok ? 'Copied!' : 'Copy failed';
  button.dataset['timer'] = String(
    setTimeout(() => {
      button.textContent = label;
      if (name) button.setAttribute('aria-label', name);
    }, COPIED_MS),
  );
}

function initCopyButtons(article: HTMLElement | null): void {
  // Every code block in the text gets a Copy button (it copies the code, not the line numbers or markup).
  for (const pre of article ? $$('pre', article) : []) {
    const wrap = document.createElement('div');
    wrap.className = 'code-block';
    pre.replaceWith(wrap);
    wrap.append(pre);
    const button = document.createElement('button');
    button.type = 'button';
    button.className =
      'code-copy rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100';
    button.textContent = button.dataset['label'] = 'Copy';
    button.setAttribute('aria-label', 'Copy code');
    wrap.append(button);
  }
  initScrollFades();
  for (const button of $$<HTMLButtonElement>('[data-copy]')) button.classList.remove('invisible');
  document.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('[data-copy], .code-copy');
    if (!button) return;
    const source = button.dataset['copy'] ? $(button.dataset['copy']) : $('pre', button.parentElement ?? document);
    // An example open in the editor: Copy takes what the reader sees there (src/runner/editor.ts).
    const editor = source?.closest('[data-example-panel]')?.querySelector<HTMLElement & { editorText?: () => string }>('.runner-editor');
    void copy(button, editor?.editorText?.() ?? source?.textContent ?? '');
  });
}

/**
 * A code block wider than its column scrolls sideways; while more of it lies to the right, a fade
 * at its edge says so (CSS in ReaderLayout.astro, on `.code-block[data-scrolls]`).
 */
function initScrollFades(): void {
  const blocks = $$('.chapter-text .code-block');
  const update = (block: HTMLElement) => {
    const pre = $('pre', block);
    if (!pre) return;
    block.toggleAttribute('data-scrolls', pre.scrollWidth > pre.clientWidth + 1);
    block.toggleAttribute('data-at-end', pre.scrollLeft + pre.clientWidth >= pre.scrollWidth - 1);
  };
  for (const block of blocks) {
    update(block);
    $('pre', block)?.addEventListener('scroll', () => update(block), { passive: true });
  }
  new ResizeObserver(() => blocks.forEach(update)).observe(document.body);
}

/** The reader bar's menus (chapters, sections): Escape closes one, as does a click outside or opening the other. */
function initBarMenus(): void {
  const menus = $$<HTMLDetailsElement>('[data-bar-menu]');
  for (const menu of menus) {
    menu.addEventListener('toggle', () => {
      if (menu.open) for (const other of menus) if (other !== menu) other.open = false;
    });
    menu.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || !menu.open) return;
      event.preventDefault();
      menu.open = false;
      $('summary', menu)?.focus();
    });
  }
  document.addEventListener('click', (event) => {
    for (const menu of menus) if (menu.open && !menu.contains(event.target as Node)) menu.open = false;
  });
}

/** WAI-ARIA tabs (automatic activation) over the sections the page renders one after another. */
function initTabs(onSelect: (name: string) => void): (name: string) => void {
  const list = $('[data-tabs]');
  const tabs = list ? $$<HTMLAnchorElement>('[data-tab]', list) : [];
  if (!list || tabs.length === 0) return () => {};
  list.setAttribute('role', 'tablist');
  list.setAttribute('aria-label', 'Chapter sections');
  const panelOf = (tab: HTMLElement) => document.getElementById(tab.dataset['tab'] ?? '');
  for (const tab of tabs) {
    const panel = panelOf(tab);
    tab.id = `tab-${tab.dataset['tab']}`;
    tab.setAttribute('role', 'tab');
    tab.setAttribute('aria-controls', panel?.id ?? '');
    panel?.setAttribute('role', 'tabpanel');
    panel?.removeAttribute('aria-label');
    panel?.setAttribute('aria-labelledby', tab.id);
    panel?.classList.remove('mt-12');
    for (const title of panel ? $$('.panel-title', panel) : []) title.classList.add('sr-only');
  }
  const select = (name: string, focus = false) => {
    for (const tab of tabs) {
      const on = tab.dataset['tab'] === name;
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = on ? 0 : -1;
      const panel = panelOf(tab);
      if (panel) panel.hidden = !on;
      if (on && focus) tab.focus();
    }
    onSelect(name);
  };
  /** The chosen tab goes into the address (a link then opens Code Examples or Resources directly). */
  const remember = (name: string) => {
    const hash = name === 'content' ? '' : `#${name}`;
    if (location.hash !== hash) history.replaceState(history.state, '', `${location.pathname}${location.search}${hash}`);
  };
  list.addEventListener('click', (event) => {
    const tab = (event.target as Element).closest<HTMLElement>('[data-tab]');
    if (!tab) return;
    event.preventDefault();
    select(tab.dataset['tab'] ?? 'content');
    remember(tab.dataset['tab'] ?? 'content');
  });
  list.addEventListener('keydown', (event) => {
    const i = tabs.findIndex((t) => t.getAttribute('aria-selected') === 'true');
    const last = tabs.length - 1;
    const target = { ArrowRight: i === last ? 0 : i + 1, ArrowLeft: i === 0 ? last : i - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(tabs[target]?.dataset['tab'] ?? 'content', true);
    remember(tabs[target]?.dataset['tab'] ?? 'content');
  });
  // An address that points into a panel (a section heading, #resources) opens that panel.
  const fromHash = (event?: Event) => {
    const id = fragmentId(location.hash);
    const target = id ? document.getElementById(id) : null;
    const panel = target?.closest<HTMLElement>('[data-panel]');
    select(panel?.id ?? 'content');
    // The browser already scrolled to a heading of the text on load; a panel that was hidden needs it.
    if (target && panel && (event || panel.id !== 'content')) (target === panel ? list : target).scrollIntoView();
  };
  window.addEventListener('hashchange', fromHash);
  fromHash();
  return select;
}

/** The Code Examples tab shows one example at a time, the first when the chapter opens (docs/spec.md). */
function initExamplePicker(): void {
  const picker = $('[data-example-picker]');
  if (!picker) return;
  picker.classList.replace('hidden', 'flex');
  const show = (id: string) => {
    for (const b of $$('[data-example]', picker)) b.setAttribute('aria-pressed', String(b.dataset['example'] === id));
    for (const p of $$('[data-example-panel]')) p.hidden = p.dataset['examplePanel'] !== id;
  };
  picker.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLElement>('[data-example]');
    if (button?.dataset['example']) show(button.dataset['example']);
  });
  show($('[data-example]', picker)?.dataset['example'] ?? '');
}

function markRead(read: Set<string>): void {
  for (const link of $$<HTMLAnchorElement>('[data-chapter-list] [data-chapter]')) {
    if (!read.has(link.dataset['chapter'] ?? '') || link.querySelector('[data-read-mark]')) continue;
    link.insertAdjacentHTML(
      'beforeend',
      '<span class="mt-0.5 shrink-0" title="Read" data-read-mark><svg aria-hidden="true" viewBox="0 0 24 24" class="h-4 w-4" fill="none" stroke="currentColor" stroke-width="2.5"><path d="M5 12l5 5L20 7"/></svg><span class="sr-only">(read)</span></span>',
    );
  }
}

/** Where the reading line is: just below the sticky bars (the site header, and the reader bar on narrow screens). */
function readingLine(): number {
  const bar = $('[data-reader-bar]');
  const barBottom = bar && getComputedStyle(bar).display !== 'none' ? bar.getBoundingClientRect().bottom : 0;
  return Math.max(barBottom, $('[data-site-header]')?.getBoundingClientRect().bottom ?? 0);
}

/**
 * A chapter counts as read when its end has been reached: the end of the text comes into view, or
 * 90% of the page has been scrolled. Opening it is not reading it.
 */
function initReadMark(id: string, article: HTMLElement): void {
  const end = $('[data-chapter-end]') ?? article.lastElementChild;
  let done = false;
  const mark = () => {
    if (done) return;
    done = true;
    markRead(recordRead(id));
    observer?.disconnect();
    window.removeEventListener('scroll', onScroll);
  };
  const onScroll = () => {
    const scrollable = document.documentElement.scrollHeight - window.innerHeight;
    if (scrollable > 0 && window.scrollY / scrollable >= 0.9) mark();
  };
  const observer = end ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && mark()) : undefined;
  if (end) observer?.observe(end);
  window.addEventListener('scroll', onScroll, { passive: true });
}

/**
 * "On this page" marks the section being read, and the reader bar names it (or the tab shown
 * instead of the text); the position (the section heading above the reading line and how far past
 * it) is saved so the chapter reopens where the reader left off. Returns the update to run when the
 * tab changes.
 */
function initSections(id: string, title: string, article: HTMLElement, contentShown: () => boolean): () => void {
  const headings = $$('h2[id], h3[id]', article);
  const links = new Map<string, HTMLAnchorElement[]>();
  for (const a of $$<HTMLAnchorElement>('[data-toc] a, [data-toc-bar] a')) {
    const key = fragmentId(a.hash) ?? '';
    links.set(key, [...(links.get(key) ?? []), a]);
  }
  const barMenu = $<HTMLDetailsElement>('[data-toc-bar]');
  const barCurrent = $('[data-toc-current]');
  // Choosing a section in the bar's list jumps there and closes the list.
  barMenu?.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) barMenu.open = false;
  });
  let current: HTMLAnchorElement[] | undefined;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;

  const headingAbove = (line: number) => {
    let above: HTMLElement | undefined;
    for (const h of headings) {
      if (h.getBoundingClientRect().top <= line + 32) above = h;
      else break;
    }
    return above;
  };

  const update = () => {
    if (!contentShown()) {
      // Another tab (Code examples, Resources): the bar names it, not a section hidden behind it.
      for (const a of current ?? []) a.removeAttribute('aria-current');
      current = undefined;
      if (barCurrent) barCurrent.textContent = $('[role="tab"][aria-selected="true"]')?.textContent?.trim() ?? '';
      return;
    }
    const line = readingLine();
    const atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
    // At the very end the last sections may never reach the line: the last heading in view wins.
    const active = atEnd ? headings.filter((h) => h.getBoundingClientRect().top < window.innerHeight).at(-1) : headingAbove(line);
    const link = active ? links.get(active.id) : undefined;
    if (link !== current) {
      for (const a of current ?? []) a.removeAttribute('aria-current');
      for (const a of link ?? []) a.setAttribute('aria-current', 'true');
      current = link;
      // The rail beside a long chapter scrolls itself to keep the current section in view.
      const inRail = link?.find((a) => a.closest('[data-toc]'));
      const rail = inRail?.closest<HTMLElement>('.reader-column');
      if (inRail && rail && rail.scrollHeight > rail.clientHeight) {
        const box = rail.getBoundingClientRect();
        const at = inRail.getBoundingClientRect();
        const margin = 48;
        if (at.top < box.top + margin) rail.scrollTop -= box.top + margin - at.top;
        else if (at.bottom > box.bottom - margin) rail.scrollTop += at.bottom - (box.bottom - margin);
      }
    }
    const name = active?.textContent?.trim() ?? '';
    if (barCurrent && barCurrent.textContent !== name) barCurrent.textContent = name;
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => {
      const anchor = headingAbove(line);
      const top = (anchor ?? article).getBoundingClientRect().top;
      savePosition({ id, title, anchor: anchor?.id ?? '', offset: Math.round(Math.max(0, (anchor ? line : 0) - top)) });
    }, 250);
  };

  // A fresh visit (not a reload or Back, where the browser restores the scroll itself) without a
  // section in the address returns to the saved position of this chapter.
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const saved = readPosition();
  if (saved?.id === id && !location.hash && (navigation?.type ?? 'navigate') === 'navigate') {
    const anchor = saved.anchor ? document.getElementById(saved.anchor) : null;
    const y = anchor
      ? anchor.getBoundingClientRect().top + window.scrollY - readingLine() + saved.offset
      : saved.offset
        ? article.getBoundingClientRect().top + window.scrollY + saved.offset
        : 0;
    if (y > 0) window.scrollTo({ top: y, behavior: 'instant' });
  } else if (saved?.id !== id) {
    savePosition({ id, title, anchor: '', offset: 0 });
  }

  let frame = 0;
  window.addEventListener(
    'scroll',
    () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(update);
    },
    { passive: true },
  );
  update();
  return update;
}

/** ArrowLeft / ArrowRight go to the previous / next chapter ("/" and Ctrl+K open search: site-search.ts). */
function initKeys(): void {
  const previous = $<HTMLAnchorElement>('[data-previous]');
  const next = $<HTMLAnchorElement>('[data-next]');
  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.altKey || isFieldTarget(event.target)) return;
    // Arrow keys on the tab list (switching tabs) or in code (scrolling) keep their own meaning.
    if (
      event.ctrlKey ||
      event.metaKey ||
      event.shiftKey ||
      (event.target instanceof Element && event.target.closest('[role="tablist"], pre, .code-example, [data-runner], [data-example-panel]'))
    )
      return;
    const link = event.key === 'ArrowLeft' ? previous : event.key === 'ArrowRight' ? next : null;
    if (link) {
      event.preventDefault();
      window.location.assign(link.href);
    }
  });
}

export function initReader(): void {
  const root = $('[data-reader]');
  const article = $('.chapter-text');
  if (!root || !article) return;
  const id = root.dataset['reader'] ?? '';
  markRead(recordVisit(id));
  initReadMark(id, article);
  initCopyButtons(article);
  initExamplePicker();
  let tab = 'content';
  // The tabs come first (an address may open one); the sections then follow the chosen tab.
  const sections: { changed?: () => void } = {};
  initTabs((name) => {
    tab = name;
    sections.changed?.();
  });
  sections.changed = initSections(id, root.dataset['title'] ?? '', article, () => tab === 'content');
  initKeys();
  initBarMenus();
  root.dataset['ready'] = ''; // for tests: every control above is live
}
