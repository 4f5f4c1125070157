/**
 * `npm run example -- <id> [args...]`: runs one of the book's examples on this machine, offline, in
 * the same harness as `npm run test:examples` (a Node child process whose fetch goes to the fake
 * chain, ARC, WhatsOnChain and wallet), with the run options the in-page runner gives it
 * (src/sandbox/run-options.ts); arguments after the id replace the declared ones. A server example
 * keeps running until Ctrl-C.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { exampleContext, type ExampleContext } from '../tests/examples/harness/context.ts';
import { runExample, startExample, workDir, type Started } from '../tests/examples/harness/run.ts';
import { givenBy, resolveRunSpec, RUN_OPTIONS, type RunSpec } from '../src/sandbox/run-options.ts';
import { startServices, type ServiceName } from '../src/sandbox/services.ts';

const [id, ...extra] = process.argv.slice(2);
const ctx = await exampleContext();
if (id === undefined || !ctx.hasExample(id)) {
  console.error(`usage: npm run example -- <id> [args...]\nexamples: ${ctx.ids().join(', ')}`);
  await ctx.close();
  process.exit(2);
}
const cwd = await workDir();
const isServer = (other: string): boolean => /\.listen\(/.test(ctx.example(other).code);
const servers: Started[] = [];
const services = new Map<string, ServiceName>();
/** Template values of this run's world: the server wallet's identity key, the services' values. */
const given = new Map<string, string>([['wallet.identityKey', ctx.wallet.identityKey]]);
let browserOrigin: string | undefined;

/** Starts a server example with its run options (its wallet served apart, as in the page). */
async function startServer(c: ExampleContext, other: string): Promise<Started> {
  const options = RUN_OPTIONS[other];
  const resolved = resolveRunSpec(options ?? {}, c.chain, given);
  const serverWallet = c.newWallet();
  c.net.serveWallet('wallet.server.test', serverWallet);
  given.set('serverWallet.identityKey', serverWallet.identityKey);
  const server = await startExample(c.example(other).file, { net: c.net.url, cwd, env: resolved.env, timeoutMs: 60_000 }, /http:\/\/localhost:\d+/);
  // A client then behaves as a page of the server's app would (cookies, CORS): see preload.ts.
  if (resolved.env['APP_ORIGIN'] !== undefined) browserOrigin = resolved.env['APP_ORIGIN'];
  return server;
}

const options = RUN_OPTIONS[id];
if (isServer(id)) {
  const server = await startServer(ctx, id);
  console.log(server.output().trim());
  console.log('(running offline against the fake chain; Ctrl-C stops it)');
  process.on('SIGINT', () => void server.stop().then(() => ctx.close()));
} else {
  /** Runs one example to its end with its run options (in the same working directory and chain). */
  const runOne = async (which: string, spec: RunSpec, args?: string[]) => {
    await startServices(spec.hosts ?? {}, ctx.chain, services, (host, handler) => ctx.net.route(host, handler), given);
    const resolved = resolveRunSpec(spec, ctx.chain, given);
    for (const [name, content] of Object.entries(resolved.files)) await writeFile(path.join(cwd, name), content);
    for (const [host, paths] of Object.entries(resolved.routes)) {
      ctx.net.route(host, (req) => {
        const answer = paths[`${req.method} ${req.url.pathname}`];
        return answer === undefined ? { status: 404 } : { status: answer.status, headers: { 'content-type': answer.contentType }, body: answer.body };
      });
    }
    const file =
      resolved.main === undefined
        ? ctx.example(which).file
        : (await ctx.driver(which, resolved.main), path.join(path.dirname(ctx.example(which).file), `driver-${which}.ts`));
    return runExample(file, {
      net: ctx.net.url,
      cwd,
      env: { ...resolved.env, ...(browserOrigin === undefined ? {} : { EXAMPLES_BROWSER_ORIGIN: browserOrigin }) },
      args: args ?? resolved.args,
    });
  };
  const spec = options ?? {};
  // A required server is started; a required step (chapter 12's commission, then transform) runs
  // to its end first, as the in-page runner does.
  for (const other of spec.requires ?? []) {
    if (isServer(other)) servers.push(await startServer(ctx, other));
    else {
      const step = RUN_OPTIONS[other];
      console.log(`[${other} runs first]`);
      const first = await runOne(other, step ?? {});
      for (const [name, value] of givenBy(step ?? {}, first.stdout)) given.set(name, value);
      process.stdout.write(first.stdout);
      process.stderr.write(first.stderr);
    }
  }
  const before = ctx.chain.accepted.length;
  const r = await runOne(id, spec, extra.length > 0 ? extra : undefined);
  process.stdout.write(r.stdout);
  process.stderr.write(r.stderr);
  for (const tx of ctx.chain.accepted.slice(before)) console.log(`[fake ARC] accepted ${tx.id('hex')}`);
  for (const server of servers) await server.stop();
  await ctx.close();
  process.exit(r.code ?? 1);
}
