/**
 * After `astro build`: writes `dist/_headers` with the site's Content-Security-Policy, listing the
 * SHA-256 of every inline script the pages run (Astro inlines small module scripts and
 * our theme script), so no `unsafe-inline` is needed. Netlify (and the local NetlifyDev server)
 * apply `_headers` together with the common headers of netlify.toml.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assistantFrameSource, inlineScripts, pageCsp, RUNNER_WORKER_CSP, sha256Base64 } from '../src/domain/security/csp.ts';
import { book } from '../src/lib/site.ts';

const dist = path.resolve(process.env['ASTRO_OUT_DIR'] ?? 'dist');
// The assistant dialog frames the external assistant, or our own /assistant page ('self').
const assistantOrigin = assistantFrameSource(book.assistant.url);

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return e.name === '_astro' || e.name === 'pagefind' ? [] : htmlFiles(full);
      return e.name.endsWith('.html') ? [full] : [];
    }),
  );
  return nested.flat();
}

// One policy for the whole site (the union of every page's inline-script hashes): Netlify serves
// 404.html for unknown paths under the requested path's rules, so a per-page policy would leave
// those responses without one, and two matching policies would both be enforced.
const hashes = new Set<string>();
const files = await htmlFiles(dist);
for (const file of files) for (const h of inlineScripts(await readFile(file, 'utf8')).map(sha256Base64)) hashes.add(h);
const csp = pageCsp({ scriptHashes: hashes, assistantOrigin });
// The example runner's worker (scripts/build-runner.ts) has its own policy, listed after the site's
// so it replaces it for /runner/*: it may evaluate the reader's example code, inside the worker only,
// and reach nothing but the site. The page's policy is unchanged. Its name is content-hashed
// (scripts/build-runner.ts), so it is cached for good.
await writeFile(
  path.join(dist, '_headers'),
  `/*\n  Content-Security-Policy: ${csp}\n/runner/*\n  Content-Security-Policy: ${RUNNER_WORKER_CSP}\n  Cache-Control: public, max-age=31536000, immutable\n`,
);
console.log(`postbuild: Content-Security-Policy with ${hashes.size} inline-script hashes from ${files.length} pages written to dist/_headers`);
