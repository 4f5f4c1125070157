import { readFile } from 'node:fs/promises';
import path from 'node:path';

const cache = new Map<string, Promise<string>>();

/**
 * A page shell Astro pre-rendered into `dist/` (layout, nav, footer, theme, styles), read from
 * the function's own bundle (netlify.toml `included_files`), once per process. Never fetched over
 * the network: a request's Host header must not choose the page a function serves. A failed read
 * is not cached (the next request tries again).
 *
 * @param file a path relative to the working directory, e.g. `dist/auth/shell.html`
 */
export function readPageShell(file: string): Promise<string> {
  let pending = cache.get(file);
  if (!pending) {
    pending = readFile(path.resolve(file), 'utf8');
    pending.catch(() => cache.delete(file));
    cache.set(file, pending);
  }
  return pending;
}
