/**
 * `npm run verify:deploy`: proves the Netlify path with Netlify's own build. Runs
 * `netlify build --offline --context production`, unzips every function bundle into a folder of
 * its own, starts each from there (scripts/deploy-check/harness.ts: the cwd a deployed function
 * has, nothing to import but the bundle) against a fresh local Blobs server, and calls them as a
 * visitor and the admin would. A missing `included_files` entry or an unbundled dependency fails
 * here. Prints each bundle's size against Netlify's 50 MB limit.
 * The build runs in a temporary copy of the tree (node_modules hard-linked), so the check leaves
 * the working tree as it found it, even when interrupted: `git status` stays clean and `dist/`
 * keeps the local build. The bundles are kept in .netlify/deploy-check/ (git-ignored).
 * Options: --no-build (reuse the bundles of the previous check).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, cp, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Utils } from '@bsv/sdk';
import JSZip from 'jszip';
import { URLPattern } from 'urlpattern-polyfill/urlpattern';
import { isSampleTipAddress } from '../../src/domain/book/tip-address.ts';
import { startLocalBlobs } from '../local-blobs.ts';

const ROOT = process.cwd();
/** Where the bundles of the last check are kept (git-ignored), for --no-build. */
const FUNCTIONS_DIR = path.join(ROOT, '.netlify', 'deploy-check', 'functions');
const HARNESS = path.join(ROOT, 'scripts', 'deploy-check', 'harness.ts');
const SIZE_LIMIT = 50 * 1024 * 1024;
const SITE_HOST = 'deploy-check.netlify.app';
const SITE = `https://${SITE_HOST}`;
const EPUBCHECK = '/usr/share/java/epubcheck.jar';

interface ManifestFunction {
  name: string;
  path: string;
  routes?: { pattern: string; literal?: string; methods: string[] }[];
}
interface Running {
  name: string;
  port: number;
  child: ChildProcess;
  stderr: string[];
  patterns: URLPattern[];
}
interface Answer {
  status: number;
  headers: Headers;
  body: Buffer;
  text: () => string;
  json: () => unknown;
}

const failures: string[] = [];
function check(ok: boolean, what: string): void {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

async function unzip(zipFile: string, into: string): Promise<number> {
  const zip = await JSZip.loadAsync(await readFile(zipFile));
  let total = 0;
  for (const entry of Object.values(zip.files)) {
    const target = path.join(into, entry.name);
    if (!target.startsWith(into + path.sep)) throw new Error(`${zipFile}: entry outside the bundle: ${entry.name}`);
    if (entry.dir) {
      await mkdir(target, { recursive: true });
      continue;
    }
    const data = await entry.async('nodebuffer');
    total += data.length;
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, data);
  }
  return total;
}

function startFunction(fn: ManifestFunction, cwd: string, env: NodeJS.ProcessEnv): Promise<Running> {
  const child = spawn(process.execPath, [HARNESS, fn.name], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const stderr: string[] = [];
  child.stderr?.on('data', (d: Buffer) => stderr.push(d.toString()));
  const patterns = (fn.routes ?? []).map((r) => new URLPattern({ pathname: r.pattern }));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${fn.name}: did not start within 60 s\n${stderr.join('')}`)), 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${fn.name}: exited (${code}) before serving: the bundle cannot load\n${stderr.join('')}`));
    });
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({ name: fn.name, port: (JSON.parse(line) as { port: number }).port, child, stderr, patterns });
    });
  });
}

/** Sends a request to the function whose route matches, as Netlify's router would. */
async function call(
  functions: Running[],
  method: string,
  pathAndQuery: string,
  init: { body?: unknown; cookie?: string; json?: boolean } = {},
): Promise<Answer & { fn: string }> {
  const url = new URL(pathAndQuery, SITE);
  for (const fn of functions) {
    for (const pattern of fn.patterns) {
      const match = pattern.exec({ pathname: url.pathname });
      if (!match) continue;
      const headers: Record<string, string> = {
        'x-harness-host': SITE_HOST,
        'x-harness-params': JSON.stringify(match.pathname.groups),
        'sec-fetch-site': 'same-origin',
        accept: init.json === false ? 'text/html' : 'application/json',
      };
      if (method !== 'GET') headers['origin'] = SITE;
      if (init.cookie) headers['cookie'] = init.cookie;
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`http://127.0.0.1:${fn.port}${url.pathname}${url.search}`, {
        method,
        headers,
        redirect: 'manual',
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
        signal: AbortSignal.timeout(60_000),
      });
      const body = Buffer.from(await res.arrayBuffer());
      return {
        fn: fn.name,
        status: res.status,
        headers: res.headers,
        body,
        text: () => body.toString('utf8'),
        json: () => JSON.parse(body.toString('utf8')) as unknown,
      };
    }
  }
  throw new Error(`no function serves ${method} ${url.pathname}`);
}

function cookieFrom(answer: Answer): string {
  return answer.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function main(): Promise<void> {
  const build = !process.argv.includes('--no-build');
  if (build) {
    console.log('netlify build --offline --context production (in a temporary copy of the tree)');
    const started = Date.now();
    await buildInCopy();
    console.log(`  built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  const manifest = JSON.parse(await readFile(path.join(FUNCTIONS_DIR, 'manifest.json'), 'utf8')) as { functions: ManifestFunction[] };
  // The manifest names the folder the bundles were built in; they now live in FUNCTIONS_DIR.
  for (const fn of manifest.functions) fn.path = path.join(FUNCTIONS_DIR, path.basename(fn.path));
  const sourceFunctions = (await import('node:fs')).readdirSync(path.join(ROOT, 'netlify', 'functions')).filter((f) => /^[^_.].*\.m?ts$/.test(f));
  check(
    manifest.functions.length === sourceFunctions.length,
    `every function is bundled (${manifest.functions.length} bundles, ${sourceFunctions.length} function files)`,
  );

  const work = await mkdtemp(path.join(tmpdir(), 'deploy-check-'));
  const blobsDir = path.join(work, '_blobs');
  const token = randomBytes(16).toString('hex');
  const blobs = await startLocalBlobs({ directory: blobsDir, token });
  const blobsPort = blobs.port;
  const adminPassword = randomBytes(12).toString('base64url');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env['PATH'],
    NODE_ENV: 'production',
    NETLIFY: 'true',
    CONTEXT: 'production',
    URL: SITE,
    SESSION_SECRET: randomBytes(48).toString('base64'),
    ADMIN_PASSWORD: adminPassword,
    NETLIFY_BLOBS_CONTEXT: Buffer.from(
      JSON.stringify({
        edgeURL: `http://127.0.0.1:${blobsPort}`,
        uncachedEdgeURL: `http://127.0.0.1:${blobsPort}`,
        token,
        siteID: 'deploy-check',
        deployID: 'deploy-check',
      }),
    ).toString('base64'),
  };

  console.log('\nBundles (Netlify limit: 50 MB zipped)');
  const running: Running[] = [];
  try {
    for (const fn of manifest.functions) {
      const zipped = (await stat(fn.path)).size;
      const folder = path.join(work, fn.name);
      await mkdir(folder, { recursive: true });
      const unzipped = await unzip(fn.path, folder);
      console.log(`  ${fn.name.padEnd(22)} ${mb(zipped).padStart(8)} zipped ${mb(unzipped).padStart(9)} unzipped`);
      if (zipped > SIZE_LIMIT) failures.push(`${fn.name}: ${mb(zipped)} zipped is over Netlify's 50 MB limit`);
    }
    // Start them a few at a time: each loads its whole bundle.
    for (let i = 0; i < manifest.functions.length; i += 4) {
      running.push(...(await Promise.all(manifest.functions.slice(i, i + 4).map((fn) => startFunction(fn, path.join(work, fn.name), env)))));
    }

    console.log('\nCalls');
    await checks(running, adminPassword);
    for (const fn of running) {
      const thrown = fn.stderr.join('').match(/deploy-check harness: .* threw[\s\S]*/)?.[0];
      if (thrown) failures.push(`${fn.name} threw: ${thrown.slice(0, 600)}`);
    }
  } finally {
    for (const fn of running) fn.child.kill();
    await blobs.stop();
    await rm(work, { recursive: true, force: true });
  }
  if (failures.length > 0) {
    console.error(`\nverify:deploy FAILED (${failures.length}):\n- ${failures.join('\n- ')}`);
    process.exit(1);
  }
  console.log('\nverify:deploy passed: every bundle loads from its own folder and answers.');
}

/**
 * Runs Netlify's build in a temporary copy of the tree (the files git tracks or would track, with
 * node_modules hard-linked) and keeps its function bundles in FUNCTIONS_DIR. A deployed build
 * refuses the sample tip address that ships in content/book.json (nobody running the site controls
 * it), so the copy's build gets a valid address of a random key-hash through SUPPORT_ADDRESS
 * (src/lib/site.ts); content/book.json is never rewritten.
 */
async function buildInCopy(): Promise<void> {
  const copy = await mkdtemp(path.join(tmpdir(), 'deploy-build-'));
  const removeCopy = () => rm(copy, { recursive: true, force: true });
  const onSignal = () => void removeCopy().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const listed = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
    for (const file of listed.stdout.split('\0').filter((f) => f !== '' && existsSync(path.join(ROOT, f)))) {
      await mkdir(path.dirname(path.join(copy, file)), { recursive: true });
      await copyFile(path.join(ROOT, file), path.join(copy, file));
    }
    // Hard links: a second copy of 1 GB of packages would take longer than the build.
    const linked = spawnSync('cp', ['-al', path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules')], { encoding: 'utf8' });
    if (linked.status !== 0) await cp(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'), { recursive: true, verbatimSymlinks: true });
    const book = JSON.parse(await readFile(path.join(ROOT, 'content', 'book.json'), 'utf8')) as { supportAddress: string };
    const tipAddress = isSampleTipAddress(book.supportAddress) ? Utils.toBase58Check([...randomBytes(20)], [0x00]) : undefined;
    if (tipAddress) console.log(`  (the build gets a generated tip address through SUPPORT_ADDRESS: ${tipAddress})`);
    const result = spawnSync(path.join(copy, 'node_modules', '.bin', 'netlify'), ['build', '--offline', '--context', 'production'], {
      cwd: copy,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NETLIFY_TELEMETRY_DISABLED: '1', ASTRO_TELEMETRY_DISABLED: '1', ...(tipAddress ? { SUPPORT_ADDRESS: tipAddress } : {}) },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (result.status !== 0) {
      console.error(result.stdout, result.stderr);
      throw new Error(`netlify build failed (exit ${result.status})`);
    }
    await rm(FUNCTIONS_DIR, { recursive: true, force: true });
    await mkdir(path.dirname(FUNCTIONS_DIR), { recursive: true });
    await cp(path.join(copy, '.netlify', 'functions'), FUNCTIONS_DIR, { recursive: true });
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await removeCopy();
  }
}

async function checks(fns: Running[], adminPassword: string): Promise<void> {
  const checked = new Set<string>();
  const mark = (a: { fn: string }) => checked.add(a.fn);

  const health = await call(fns, 'GET', '/api/health');
  mark(health);
  check(health.status === 200, `health: GET /api/health -> ${health.status}`);

  const engines = await call(fns, 'GET', '/api/engines');
  mark(engines);
  check(engines.status === 200 && typeof engines.json() === 'object', `engines: GET /api/engines -> ${engines.status}`);

  const settings = {
    businessCategory: 'fintech',
    targetMarket: 'b2b',
    aiFocus: 'nlp',
    revenueModel: 'micropayments',
    bsvFeature: 'timestamping',
    innovationLevel: 6,
    useAnthropic: true,
  };
  const generated = await call(fns, 'POST', '/api/generate-idea', { body: settings });
  mark(generated);
  const idea = generated.status === 200 ? (generated.json() as { id?: string; businessName?: string }) : {};
  check(
    generated.status === 200 && typeof idea.id === 'string' && typeof idea.businessName === 'string',
    `generate-idea: POST -> ${generated.status} ${generated.status === 200 ? idea.businessName : generated.text().slice(0, 200)}`,
  );

  const recent = await call(fns, 'GET', '/api/recent-ideas?limit=20');
  mark(recent);
  check(
    recent.status === 200 && Array.isArray(recent.json()) && (recent.json() as { id: string }[]).some((r) => r.id === idea.id),
    `recent-ideas: lists the new idea -> ${recent.status}`,
  );

  const one = await call(fns, 'GET', `/api/idea/${idea.id ?? 'none'}`);
  mark(one);
  check(one.status === 200 && (one.json() as { id?: string }).id === idea.id, `idea: GET /api/idea/{id} -> ${one.status}`);

  const page = await call(fns, 'GET', `/idea/${idea.id ?? 'none'}`, { json: false });
  mark(page);
  const ogTitle = /<meta property="og:title" content="([^"]*)"/.exec(page.text())?.[1];
  check(
    page.status === 200 && !!ogTitle && !!idea.businessName && ogTitle.includes(idea.businessName.slice(0, 20).replace(/&/g, '&amp;')),
    `idea-page: GET /idea/{id} -> ${page.status}, og:title "${ogTitle ?? ''}"`,
  );

  // The share card renders with resvg's WebAssembly and the Inter fonts, read at run time from the
  // bundle (included_files): a missing file is a 503 here.
  const card = await call(fns, 'GET', `/api/idea/${idea.id ?? 'none'}/share-card.png`, { json: false });
  mark(card);
  check(
    card.status === 200 && card.body.subarray(1, 4).toString() === 'PNG' && card.body.readUInt32BE(16) === 1200,
    `share-card: GET /api/idea/{id}/share-card.png -> ${card.status}, ${(card.body.length / 1024).toFixed(0)} KB`,
  );

  const gallery = await call(fns, 'GET', '/api/ideas?limit=5');
  mark(gallery);
  check(
    gallery.status === 200 && ((gallery.json() as { ideas?: { id: string }[] }).ideas ?? []).some((r) => r.id === idea.id),
    `ideas: the gallery lists the new idea -> ${gallery.status}`,
  );

  const user = await call(fns, 'GET', '/api/auth/user');
  mark(user);
  check(user.status === 401, `auth-user: anonymous -> ${user.status}`);

  const saved = await call(fns, 'GET', '/api/saved-ideas');
  mark(saved);
  check(saved.status === 401, `saved-ideas: anonymous -> ${saved.status}`);

  // Production with no OpenID Connect provider configured: sign-in is unavailable (never the
  // local form, which would let anyone sign in as anyone).
  const login = await call(fns, 'GET', '/api/login', { json: false });
  mark(login);
  check(
    login.status === 503 && /text\/html/.test(login.headers.get('content-type') ?? '') && !/<form[^>]*action="\/api\/login"/.test(login.text()),
    `login: production without OIDC -> ${login.status}, the page explains, no local form`,
  );

  const callback = await call(fns, 'GET', '/api/auth/callback?code=x&state=y', { json: false });
  mark(callback);
  check(callback.status >= 300 && callback.status < 600 && callback.status !== 500, `auth-callback: without a login in progress -> ${callback.status}`);

  const logout = await call(fns, 'GET', '/api/logout', { json: false });
  mark(logout);
  check(logout.status < 500, `logout: GET /api/logout -> ${logout.status}`);

  const status = await call(fns, 'GET', '/api/admin/export-status');
  mark(status);
  check(status.status === 200 && (status.json() as { authenticated?: boolean }).authenticated === false, `admin-export-status: anonymous -> ${status.status}`);

  const auth = await call(fns, 'POST', '/api/admin/authenticate', { body: { password: adminPassword } });
  mark(auth);
  const cookie = cookieFrom(auth);
  check(auth.status === 200 && cookie !== '', `admin-authenticate: the right password -> ${auth.status}`);

  const exported = await call(fns, 'POST', '/api/admin/export-epub', {
    cookie,
    body: { title: 'Infrastructure Renaissance', author: 'Deploy Check', includeCodeExamples: true, includeResources: true },
  });
  mark(exported);
  const result = exported.status === 200 ? (exported.json() as { success?: boolean; downloadUrl?: string; chaptersCount?: number }) : {};
  check(
    exported.status === 200 && result.success === true && typeof result.downloadUrl === 'string',
    `admin-export-epub: -> ${exported.status}, ${result.chaptersCount ?? 0} chapters ${exported.status === 200 ? '' : exported.text().slice(0, 200)}`,
  );

  if (result.downloadUrl) {
    const file = await call(fns, 'GET', result.downloadUrl, { cookie, json: false });
    mark(file);
    const isEpub =
      file.status === 200 && file.body.subarray(0, 2).toString() === 'PK' && file.body.subarray(30, 58).toString() === 'mimetypeapplication/epub+zip';
    check(isEpub, `admin-download: -> ${file.status}, ${(file.body.length / 1024).toFixed(0)} KB, an EPUB container`);
    if (isEpub && existsSync(EPUBCHECK)) {
      const epub = path.join(tmpdir(), `deploy-check-${process.pid}.epub`);
      await writeFile(epub, file.body);
      const out = spawnSync('java', ['-jar', EPUBCHECK, epub], { encoding: 'utf8' });
      await rm(epub, { force: true });
      const summary = /Messages: .*/.exec(`${out.stdout}${out.stderr}`)?.[0] ?? (out.stderr || 'no summary').slice(0, 200);
      check(/0 fatals \/ 0 errors \/ 0 warnings/.test(summary), `admin-download: EPUBCheck ${summary}`);
    }
  } else {
    check(false, 'admin-download: no download URL to call');
  }

  const adminOut = await call(fns, 'POST', '/api/admin/logout', { cookie, body: {} });
  mark(adminOut);
  check(adminOut.status === 200, `admin-logout: -> ${adminOut.status}`);

  const asked = await call(fns, 'POST', '/api/ask', { body: { question: 'What does SPV let a client check without a full node?' } });
  mark(asked);
  const answer = asked.status === 200 ? (asked.json() as { engine?: string; citations?: unknown[] }) : {};
  check(
    asked.status === 200 && answer.engine === 'offline' && (answer.citations?.length ?? 0) > 0,
    `ask: POST /api/ask -> ${asked.status}, ${answer.citations?.length ?? 0} citations`,
  );

  // A word the book never uses loads the English word list (an-array-of-english-words) at run time:
  // "donors" is the reader's word, so the answer has no "Read as" line (it read "doors" before).
  const donors = await call(fns, 'POST', '/api/ask', { body: { question: 'How can a small charity show donors where every dollar went?' } });
  mark(donors);
  const read = donors.status === 200 ? ((donors.json() as { answer?: string }).answer ?? '') : '';
  check(donors.status === 200 && read !== '' && !read.includes('Read as'), `ask (an English word the book lacks): POST /api/ask -> ${donors.status}`);

  const assistant = await call(fns, 'GET', '/assistant', { json: false });
  mark(assistant);
  check(
    assistant.status === 200 && /frame-ancestors 'self'/.test(assistant.headers.get('content-security-policy') ?? ''),
    `assistant-page: GET /assistant -> ${assistant.status}, framable by this site only`,
  );

  // Functions added later without a check of their own still have to load and answer.
  for (const fn of fns) {
    if (checked.has(fn.name)) continue;
    const pattern = fn.patterns[0];
    if (!pattern) continue;
    const samplePath = pattern.pathname.replace(/:([A-Za-z]+)/g, 'deploy-check').replace(/\*/g, '');
    const answer = await call(fns, 'GET', samplePath);
    check(answer.status < 500 || answer.status === 503, `${fn.name}: GET ${samplePath} -> ${answer.status} (no check of its own yet)`);
  }
}

await main();
