/**
 * After `astro build`: bundles the in-page example runner (src/runner/worker.ts: @bsv/sdk, the
 * sandbox, Sucrase) into dist/runner/worker.<hash>.js. It is a worker script served from the site; its CSP
 * (written by scripts/postbuild-headers.ts for /runner/*) allows evaluation inside the worker only.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const dist = path.resolve(process.env['ASTRO_OUT_DIR'] ?? 'dist');
const result = await build({
  entryPoints: [path.resolve('src/runner/worker.ts')],
  outfile: path.join(dist, 'runner', 'worker.js'),
  write: false,
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  legalComments: 'none',
  // @bsv/auth-express-middleware imports these for res.sendFile only (see the stub).
  alias: { fs: path.resolve('src/runner/node-stub.ts'), 'mime-types': path.resolve('src/runner/node-stub.ts') },
  logLevel: 'warning',
});

// A content-hashed name, cached for good (dist/_headers: /runner/*): a chapter does not download the
// worker again, and a new build is a new name. The pages name it in `data-runner-worker`.
const bundle = result.outputFiles[0]?.contents;
if (bundle === undefined) throw new Error('build-runner: esbuild wrote nothing');
const name = `worker.${createHash('sha256').update(bundle).digest('hex').slice(0, 12)}.js`;
await mkdir(path.join(dist, 'runner'), { recursive: true });
await writeFile(path.join(dist, 'runner', name), bundle);
let pages = 0;
for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
  const file = path.join(entry.parentPath, entry.name);
  const html = await readFile(file, 'utf8');
  if (!html.includes('data-runner-worker="/runner/worker.js"')) continue;
  await writeFile(file, html.replaceAll('data-runner-worker="/runner/worker.js"', `data-runner-worker="/runner/${name}"`));
  pages += 1;
}
console.log(`build-runner: dist/runner/${name} written, named in ${pages} pages`);
