/** Theme preference (SPEC.md section 4): 'light' or 'dark', saved under localStorage 'theme'. */
export type Theme = 'light' | 'dark';
export const THEME_KEY = 'theme';

/** The saved preference, else the system dark preference, else light. */
export function initialTheme(): Theme {
  try {
    const saved = localStorage.getItem(THEME_KEY);
    if (saved === 'light' || saved === 'dark') return saved;
  } catch {
    // storage blocked: fall through to the system preference
  }
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function currentTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

/** Applies a theme to the page root and saves it. */
export function setTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // storage blocked: the theme still applies to this page
  }
  document.dispatchEvent(new CustomEvent('themechange', { detail: theme }));
}

export function toggleTheme(): Theme {
  const next = currentTheme() === 'dark' ? 'light' : 'dark';
  setTheme(next);
  return next;
}

/** Wires every `[data-theme-toggle]` button once. */
export function initThemeToggles(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-theme-toggle]:not([data-bound])')) {
    button.dataset['bound'] = '';
    const sync = () => button.setAttribute('aria-pressed', String(currentTheme() === 'dark'));
    sync();
    button.addEventListener('click', () => {
      toggleTheme();
    });
    document.addEventListener('themechange', sync);
  }
}
