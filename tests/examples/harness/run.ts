import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { codeExamplesFileSchema, type CodeExample } from '../../../src/domain/book/schema.ts';

/** Where examples are written to run: inside the project, so `@bsv/sdk` resolves from its node_modules. */
export const WORK_DIR = path.resolve('.tmp-examples');
const NODE = path.resolve('node_modules/.bin/node');
const PRELOAD = path.resolve('tests/examples/harness/preload.ts');

export interface ExtractedExample extends CodeExample {
  chapter: string;
  file: string;
}

/** Reads every `content/code-examples/chapter-NN.json` (validated) and writes each TypeScript example to its own folder. */
export async function extractExamples(contentDir = path.resolve('content')): Promise<Map<string, ExtractedExample>> {
  const dir = path.join(contentDir, 'code-examples');
  const out = new Map<string, ExtractedExample>();
  for (const name of (await readdir(dir)).filter((n) => /^chapter-\d\d\.json$/.test(n)).sort()) {
    const chapter = name.replace(/\.json$/, '');
    const examples = codeExamplesFileSchema.parse(JSON.parse(await readFile(path.join(dir, name), 'utf8')));
    for (const example of examples) {
      if (out.has(example.id)) throw new Error(`duplicate example id ${example.id}`);
      const folder = path.join(WORK_DIR, chapter, example.id);
      await mkdir(folder, { recursive: true });
      const file = path.join(folder, example.fileName);
      await writeAtomically(file, example.code);
      out.set(example.id, { ...example, chapter, file });
    }
  }
  return out;
}

/**
 * Test files run in parallel and each extracts the examples: write through a temporary file and a
 * rename, so no example process ever reads a half-written file.
 */
async function writeAtomically(file: string, content: string): Promise<void> {
  if ((await readFile(file, 'utf8').catch(() => undefined)) === content) return;
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temp, content);
  await rename(temp, file);
}

/** A fresh working directory for one run (examples read and write files relative to it). */
export async function workDir(): Promise<string> {
  await mkdir(WORK_DIR, { recursive: true });
  return await mkdtemp(path.join(WORK_DIR, 'run-'));
}

/** Removes everything a previous run left (vitest globalSetup). */
export async function cleanWorkDir(): Promise<void> {
  await rm(WORK_DIR, { recursive: true, force: true });
}

export interface RunOptions {
  /** The FakeNet URL every public fetch goes to. */
  net: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  timeoutMs?: number;
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function spawnExample(file: string, options: RunOptions): ChildProcess {
  // Only what the example needs: no inherited secrets, and no proxy settings that could reach out.
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', EXAMPLES_NET: options.net, ...options.env };
  return spawn(NODE, ['--disable-warning=ExperimentalWarning', '--import', PRELOAD, file, ...(options.args ?? [])], {
    cwd: options.cwd ?? path.dirname(file),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Runs an example (or a driver script) to completion under Node 22's type stripping, offline. */
export async function runExample(file: string, options: RunOptions): Promise<RunResult> {
  const child = spawnExample(file, options);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 20_000);
  const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
  clearTimeout(timer);
  return { code, stdout, stderr };
}

export interface Started {
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts a long-running example (a server) and waits until its output matches `ready`. */
export async function startExample(file: string, options: RunOptions, ready: RegExp): Promise<Started> {
  const child = spawnExample(file, options);
  let out = '';
  const started = new Promise<void>((resolve, reject) => {
    const check = (c: Buffer): void => {
      out += c.toString();
      if (ready.test(out)) resolve();
    };
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    child.on('close', (code) => reject(new Error(`example exited (${code ?? 'signal'}) before it was ready:\n${out}`)));
    setTimeout(() => reject(new Error(`example not ready in time:\n${out}`)), options.timeoutMs ?? 20_000);
  });
  await started;
  return {
    child,
    output: () => out,
    stop: async () => {
      if (child.exitCode !== null) return;
      const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
      child.kill('SIGTERM');
      await closed;
    },
  };
}

/** Writes a driver script next to an example, so tests can import the example's exports. */
export async function writeDriver(example: ExtractedExample, name: string, code: string): Promise<string> {
  const file = path.join(path.dirname(example.file), name);
  await writeAtomically(file, code);
  return file;
}
