import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { useShellFile } from '../../netlify/functions/_shared/auth-pages.ts';

/** Gives the login pages a page shell of the test's own (as the build ships dist/auth/shell.html). */
export async function useTestShell(html: string): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'auth-shell-'));
  const file = path.join(dir, 'shell.html');
  await writeFile(file, html);
  useShellFile(file);
  return async () => {
    useShellFile(undefined);
    await rm(dir, { recursive: true, force: true });
  };
}
