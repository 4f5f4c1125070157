/** The mobile hamburger menu: opens and closes, closes when a link is chosen or on Escape. */
export function initMobileMenu(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-menu-button]');
  const menu = document.querySelector<HTMLElement>('[data-mobile-menu]');
  if (!button || !menu || button.dataset['bound'] !== undefined) return;
  button.dataset['bound'] = '';
  const setOpen = (open: boolean) => {
    menu.classList.toggle('hidden', !open);
    button.setAttribute('aria-expanded', String(open));
    button.setAttribute('aria-label', open ? 'Close menu' : 'Open menu');
    button.querySelector('[data-icon-open]')?.classList.toggle('hidden', open);
    button.querySelector('[data-icon-close]')?.classList.toggle('hidden', !open);
  };
  button.addEventListener('click', () => setOpen(button.getAttribute('aria-expanded') !== 'true'));
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) setOpen(false);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && button.getAttribute('aria-expanded') === 'true') {
      setOpen(false);
      button.focus();
    }
  });
}
