/**
 * Fills the nav's user area from GET /api/auth/user (no retry): profile image and first name
 * (falling back to email, then 'User') with Logout, or the Login link when anonymous.
 */
import type { User } from '../domain/auth/user.ts';

/** The name shown for a user: first name, else email, else 'User'. */
export function displayName(user: Partial<Pick<User, 'firstName' | 'email'>>): string {
  return user.firstName?.trim() || user.email?.trim() || 'User';
}

let pending: Promise<User | null> | undefined;

/** Set by the server beside the HttpOnly session cookie (see netlify/functions/_shared/session.ts). */
const HINT = 'signed_in';

function hasSessionHint(): boolean {
  return document.cookie.split(';').some((c) => c.trim().startsWith(`${HINT}=1`));
}

function clearSessionHint(): void {
  document.cookie = `${HINT}=; Path=/; Max-Age=0; SameSite=Lax`;
}

/**
 * The current user, fetched once per page; null when anonymous or on any failure. Without the
 * session hint cookie no request is made (an anonymous visitor has no session to ask about).
 */
export function fetchNavUser(): Promise<User | null> {
  pending ??= hasSessionHint()
    ? fetch('/api/auth/user', { credentials: 'include', headers: { accept: 'application/json' } })
        .then((res) => {
          if (res.ok) return res.json() as Promise<User>;
          clearSessionHint(); // the session expired or was refused: stop asking on every page
          return null;
        })
        .catch(() => null)
    : Promise.resolve(null);
  return pending;
}

export function initUserAreas(): void {
  const areas = document.querySelectorAll<HTMLElement>('[data-user-area]:not([data-bound])');
  if (areas.length === 0) return;
  const returnTo = encodeURIComponent(location.pathname + location.search);
  for (const area of areas) {
    area.dataset['bound'] = '';
    const login = area.querySelector<HTMLAnchorElement>('[data-login-link]');
    if (login) login.href = `/api/login?returnTo=${returnTo}`;
  }
  void fetchNavUser().then((user) => {
    if (!user) return;
    // Calls to sign in elsewhere on the page ('Login to Save Ideas' on the generator).
    for (const element of document.querySelectorAll<HTMLElement>('[data-anonymous-only]')) element.hidden = true;
    for (const area of areas) {
      area.querySelector('[data-login-link]')?.classList.add('hidden');
      const info = area.querySelector<HTMLElement>('[data-user-info]');
      info?.classList.remove('hidden');
      info?.classList.add('flex');
      const name = area.querySelector<HTMLElement>('[data-user-name]');
      if (name) name.textContent = displayName(user);
      // The image is made here, not left in the markup without a source (invalid HTML).
      const slot = area.querySelector<HTMLElement>('[data-user-image]');
      if (slot && user.profileImageUrl && /^https?:\/\//.test(user.profileImageUrl)) {
        const img = document.createElement('img');
        img.alt = '';
        img.width = 28;
        img.height = 28;
        img.referrerPolicy = 'no-referrer';
        img.className = 'h-7 w-7 rounded-full object-cover';
        img.src = user.profileImageUrl;
        slot.replaceChildren(img);
      }
    }
  });
}
