/** Theme preference (docs/spec.md section 4): 'light' or 'dark', saved under localStorage 'theme'. */
type Theme = 'light' | 'dark';
const THEME_KEY = 'theme';

function currentTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

/** Applies a theme to the page root and saves it. */
function setTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // storage blocked: the theme still applies to this page
  }
  document.dispatchEvent(new CustomEvent('themechange', { detail: theme }));
}

function toggleTheme(): Theme {
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
