/**
 * After `astro build`: bundles the in-page example runner (src/runner/worker.ts: @bsv/sdk, the
 * sandbox, Sucrase) into dist/runner/worker.js. It is a worker script served from the site; its CSP
 * (written by scripts/postbuild-headers.ts for /runner/*) allows evaluation inside the worker only.
 */
import path from 'node:path';
import { build } from 'esbuild';

const dist = path.resolve(process.env['ASTRO_OUT_DIR'] ?? 'dist');
await build({
  entryPoints: [path.resolve('src/runner/worker.ts')],
  outfile: path.join(dist, 'runner', 'worker.js'),
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});
console.log('build-runner: dist/runner/worker.js written');
