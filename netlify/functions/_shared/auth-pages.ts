import path from 'node:path';
import { htmlHeaders } from './html.ts';
import { readPageShell } from './page-shell.ts';
import type { LocalSignInErrors } from '../../../src/domain/auth/local-user.ts';

/**
 * The HTML pages of the login flow (the local sign-in form, the logout confirmation, and the
 * messages of a failed or unavailable sign-in). They are served by functions but look like the
 * rest of the site: the function takes the page shell Astro pre-rendered (`src/pages/auth/shell.astro`,
 * built to SHELL_FILE and shipped with the function) and puts its own content into the shell's
 * `data-auth-slot` section.
 */
const SHELL_FILE = path.join('dist', 'auth', 'shell.html');
const SLOT = /<section\b[^>]*\bdata-auth-slot\b[^>]*>[\s\S]*?<\/section>/;

let shellFile = SHELL_FILE;

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

/** The site's pre-rendered shell from the bundle, or null (then the plain layout is used). */
async function loadShell(): Promise<string | null> {
  try {
    const html = await readPageShell(shellFile);
    if (!SLOT.test(html)) throw new Error('the shell has no data-auth-slot section');
    return html;
  } catch (e) {
    console.warn(`auth pages: cannot load the page shell ${shellFile} (${e instanceof Error ? e.message : String(e)}); serving the plain layout`);
    return null;
  }
}

/** Points the pages at another shell file (tests; `undefined` restores the built one). */
export function useShellFile(file: string | undefined): void {
  shellFile = file ?? SHELL_FILE;
}

const PLAIN_STYLE = `body{font-family:system-ui,sans-serif;margin:0;color:#0f172a;background:#fff}main{max-width:28rem;margin:0 auto;padding:3rem 1rem}
label{display:block;font-weight:600;margin-top:1rem}input{display:block;width:100%;box-sizing:border-box;padding:.5rem;margin-top:.25rem;font:inherit}
button{margin-top:1.5rem;padding:.6rem 1.2rem;font:inherit;font-weight:600;color:#fff;background:#1557d6;border:0;border-radius:.4rem}
a{color:#1557d6}[role=alert],.field-error{color:#b91c1c}
@media (prefers-color-scheme:dark){body{color:#f1f5f9;background:#020617}a{color:#8ecdff}[role=alert],.field-error{color:#fca5a5}}`;

/** A complete page when the shell cannot be loaded: same content, plain styling. */
function plainPage(title: string, main: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${PLAIN_STYLE}</style></head><body><main id="main">${main}</main></body></html>`;
}

export interface PageOptions {
  status: number;
  /** The page's own title (the shell appends the book title). */
  title: string;
  /** Trusted HTML for the page's main section (escape every value put into it). */
  main: string;
  headers?: Headers;
}

/**
 * An HTML response in the site's layout, never cached, with its own security headers. The CSP's
 * script hashes come from the trusted template (the shell, or the plain page), never from the
 * content put into it: `main` is escaped markup without scripts.
 */
export async function htmlPage({ status, title, main, headers = new Headers() }: PageOptions): Promise<Response> {
  const shell = await loadShell();
  const template = shell ?? plainPage('', '');
  const html = shell
    ? shell
        .replace(/<title>[^<]*?( \| [^<]*)?<\/title>/, (_m, suffix: string | undefined) => `<title>${escapeHtml(title)}${suffix ?? ''}</title>`)
        .replace(SLOT, () => `<section class="mx-auto max-w-xl px-4 py-16" data-auth-slot>${main}</section>`)
    : plainPage(title, main);
  for (const [name, value] of Object.entries(htmlHeaders(template, 'no-store'))) headers.set(name, value);
  return new Response(html, { status, headers });
}

const H1 = 'font-serif text-3xl font-bold text-slate-900 dark:text-white';
const TEXT = 'mt-3 text-slate-700 dark:text-slate-300';
const PRIMARY = 'inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800';
const SECONDARY =
  'inline-block rounded-lg border border-slate-300 px-5 py-2.5 font-semibold text-slate-900 hover:bg-slate-100 dark:border-slate-700 dark:text-white dark:hover:bg-slate-800';

/** A message page: heading, explanation and links onward. */
export function messageMain(heading: string, paragraphs: string[], links: { href: string; label: string; primary?: boolean }[]): string {
  return `<h1 class="${H1}">${escapeHtml(heading)}</h1>
${paragraphs.map((p) => `<p class="${TEXT}">${escapeHtml(p)}</p>`).join('\n')}
<div class="mt-8 flex flex-wrap gap-4">${links.map((l) => `<a class="${l.primary ? PRIMARY : SECONDARY}" href="${escapeHtml(l.href)}">${escapeHtml(l.label)}</a>`).join('')}</div>`;
}

export interface SignInFormState {
  csrf: string;
  returnTo: string;
  values?: { firstName?: string; email?: string };
  errors?: LocalSignInErrors;
  /** A problem with the form as a whole (expired form). */
  formError?: string;
}

const LABELS: Record<keyof LocalSignInErrors, string> = { firstName: 'First name', email: 'Email' };

/** The local sign-in form: labelled fields, errors linked to their fields and summarised on top. */
export function signInFormMain({ csrf, returnTo, values = {}, errors = {}, formError }: SignInFormState): string {
  const problems = [...(formError ? [`<li>${escapeHtml(formError)}</li>`] : [])];
  for (const field of ['firstName', 'email'] as const) {
    const message = errors[field];
    if (message) problems.push(`<li><a class="underline" href="#${field}">${escapeHtml(message)}</a></li>`);
  }
  const summary = problems.length
    ? `<div role="alert" aria-labelledby="signin-problem" class="mt-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
<h2 id="signin-problem" class="font-semibold">There is a problem</h2><ul class="mt-2 list-disc pl-5">${problems.join('')}</ul></div>`
    : '';
  const field = (name: 'firstName' | 'email', type: string, autocomplete: string) => {
    const message = errors[name];
    const describedBy = message ? ` aria-invalid="true" aria-describedby="${name}-error"` : '';
    return `<div class="mt-5">
<label for="${name}" class="block text-sm font-semibold text-slate-900 dark:text-white">${LABELS[name]}</label>
${message ? `<p id="${name}-error" class="mt-1 text-sm text-red-700 dark:text-red-300">${escapeHtml(message)}</p>` : ''}
<input id="${name}" name="${name}" type="${type}" autocomplete="${autocomplete}" required maxlength="${name === 'email' ? 254 : 60}" value="${escapeHtml(values[name] ?? '')}"${describedBy}
 class="mt-1 block w-full rounded-md border ${message ? 'border-red-600 dark:border-red-400' : 'border-slate-400 dark:border-slate-600'} bg-white px-3 py-2 text-slate-900 dark:bg-slate-900 dark:text-white" />
</div>`;
  };
  return `<h1 class="${H1}">Sign in</h1>
<p class="${TEXT}">Sign in to save the business ideas you generate and find them again under Browse Ideas. Your first name is shown in the menu; your email identifies you, so signing in again with the same email brings back your saved ideas.</p>
<p class="${TEXT}" data-local-signin-notice><strong>This is the local sign-in:</strong> there is no password and nothing is checked, so anyone using this site on this machine can sign in with any email. A site on the web signs people in through its own sign-in provider instead.</p>
${summary}
<form method="post" action="/api/login" novalidate class="mt-6">
<input type="hidden" name="csrf" value="${escapeHtml(csrf)}" />
<input type="hidden" name="returnTo" value="${escapeHtml(returnTo)}" />
${field('firstName', 'text', 'given-name')}
${field('email', 'email', 'email')}
<div class="mt-8 flex flex-wrap items-center gap-4">
<button type="submit" class="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">Sign in</button>
<a href="${escapeHtml(returnTo)}" class="${SECONDARY}">Cancel</a>
</div>
</form>
<p class="mt-8 text-sm text-slate-600 dark:text-slate-400">You stay signed in on this browser for 7 days, or until you log out.</p>`;
}

/** The logout confirmation shown when another site sent the visitor to GET /api/logout. */
export function logoutConfirmMain(): string {
  return `<h1 class="${H1}">Log out?</h1>
<p class="${TEXT}">Another site sent you to the logout link. You are still signed in; log out only if you meant to.</p>
<form method="post" action="/api/logout" class="mt-8 flex flex-wrap items-center gap-4">
<button type="submit" class="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">Log out</button>
<a href="/" class="${SECONDARY}">Stay signed in</a>
</form>`;
}
