/**
 * `npm run example -- <id> [args...]`: runs one of the book's examples on this machine, offline, in
 * the same harness as `npm run test:examples` (a Node child process whose fetch goes to the fake
 * chain, ARC, WhatsOnChain and wallet), with the run options the in-page runner gives it
 * (src/sandbox/run-options.ts); arguments after the id replace the declared ones. A server example
 * keeps running until Ctrl-C.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { exampleContext } from '../tests/examples/harness/context.ts';
import { runExample, startExample, workDir } from '../tests/examples/harness/run.ts';
import { isLocalOnly, resolveRunSpec, RUN_OPTIONS } from '../src/sandbox/run-options.ts';

const [id, ...extra] = process.argv.slice(2);
const ctx = await exampleContext();
if (id === undefined || !ctx.hasExample(id)) {
  console.error(`usage: npm run example -- <id> [args...]\nexamples: ${ctx.ids().join(', ')}`);
  await ctx.close();
  process.exit(2);
}
const options = RUN_OPTIONS[id];
const example = ctx.example(id);
if (isLocalOnly(options)) {
  const server = await startExample(example.file, { net: ctx.net.url, env: { PORT: process.env['PORT'] ?? '3000' }, timeoutMs: 60_000 }, /http:\/\/\S+/);
  console.log(server.output().trim());
  console.log('(running offline against the fake chain; Ctrl-C stops it)');
  process.on('SIGINT', () => void server.stop().then(() => ctx.close()));
} else {
  const resolved = resolveRunSpec(options ?? {}, ctx.chain);
  const cwd = await workDir();
  for (const [name, content] of Object.entries(resolved.files)) await writeFile(path.join(cwd, name), content);
  const r = await runExample(example.file, { net: ctx.net.url, cwd, env: resolved.env, args: extra.length > 0 ? extra : resolved.args });
  process.stdout.write(r.stdout);
  process.stderr.write(r.stderr);
  for (const tx of ctx.chain.accepted) console.log(`[fake ARC] accepted ${tx.id('hex')}`);
  await ctx.close();
  process.exit(r.code ?? 1);
}
