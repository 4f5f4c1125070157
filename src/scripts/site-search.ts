/**
 * Search from any page: the header's search button, "/" and Ctrl+K (Cmd+K) open the site's search
 * dialog (components/SearchDialog.astro). The search code and Pagefind's index load only when it
 * first opens, so a page ships none of it before (the chapter page's JavaScript budget).
 */

/** Keys typed into a field or a dialog are text, not shortcuts. */
export function isFieldTarget(target: EventTarget | null): boolean {
  return target instanceof Element && !!target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], dialog, .cm-editor');
}

export function initSiteSearch(): void {
  const dialog = document.querySelector<HTMLDialogElement>('#search-dialog');
  if (!dialog || dialog.dataset['bound'] !== undefined) return;
  dialog.dataset['bound'] = '';
  let opener: HTMLElement | null = null;
  const open = (from: HTMLElement | null) => {
    if (dialog.open) return;
    opener = from;
    dialog.showModal();
    import('./search.ts').then(({ bindSearch }) => bindSearch(dialog)).catch((error: unknown) => console.error('Search failed to load', error));
  };
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-search-open]')) {
    button.addEventListener('click', () => open(button));
  }
  dialog.querySelector('[data-search-close]')?.addEventListener('click', () => dialog.close());
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close(); // a click on the backdrop
  });
  // Escape closes the dialog even from a non-empty search box (which would only clear itself); the
  // arrow keys move between the box and the results' links.
  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      dialog.close();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const box = dialog.querySelector<HTMLInputElement>('input[type="search"], input');
    const links = [...dialog.querySelectorAll<HTMLAnchorElement>('[data-search-results] a[href]')];
    if (links.length === 0) return;
    const stops: HTMLElement[] = [...(box ? [box] : []), ...links];
    const at = stops.indexOf(document.activeElement as HTMLElement);
    const next = stops[event.key === 'ArrowDown' ? Math.min(stops.length - 1, at + 1) : Math.max(0, at - 1)];
    if (!next || at < 0) return;
    event.preventDefault();
    next.focus();
  });
  dialog.addEventListener('close', () => (opener ?? document.querySelector<HTMLElement>('[data-search-open]'))?.focus());
  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.altKey || isFieldTarget(event.target)) return;
    const ctrl = event.ctrlKey || event.metaKey;
    if ((ctrl && event.key.toLowerCase() === 'k') || (!ctrl && !event.shiftKey && event.key === '/')) {
      event.preventDefault();
      open(null);
    }
  });
}
