/// <reference lib="webworker" />
import './network-hook.ts';
import { RUN_OPTIONS } from '../sandbox/run-options.ts';
import { splitArgs } from '../sandbox/run-setup.ts';
import type { FromWorker, ToWorker } from './protocol.ts';
import { Sandbox } from './sandbox.ts';

/**
 * The in-page runner (served as /runner/worker.js with its own CSP, see scripts/build-runner.ts):
 * one Sandbox (fake chain, network, wallet, files) until Reset; each Run executes an example in it.
 */
declare const self: DedicatedWorkerGlobalScope;

/**
 * Nothing in this worker reaches the network but the simulated one. Its CSP (connect-src 'none',
 * worker-src 'none') already blocks real requests; the ways around fetch are removed as well, so
 * code pasted into the editor gets a clear error instead of the reader's cookies, and the API
 * refuses to be loaded as a script (netlify/functions/_shared/handler.ts).
 */
function lockDown(): void {
  const scope = self as unknown as Record<string, unknown>;
  const proto = Object.getPrototypeOf(self) as Record<string, unknown> | null;
  for (const name of ['XMLHttpRequest', 'WebSocket', 'EventSource', 'importScripts', 'Worker', 'SharedWorker', 'BroadcastChannel', 'WebTransport']) {
    // A function, not an arrow: `new XMLHttpRequest()` must reach the explanation too.
    const refuse = function (): never {
      throw new Error(`${name} is not available in the in-page runner: the example's requests go to the simulated network through fetch`);
    };
    for (let o: Record<string, unknown> | null = proto; o !== null; o = Object.getPrototypeOf(o) as Record<string, unknown> | null)
      if (Object.hasOwn(o, name)) delete o[name];
    Object.defineProperty(scope, name, { value: refuse, writable: false, configurable: false });
  }
}
lockDown();

const sandbox = new Sandbox();
/** Examples run in this sandbox (a server a later example requires runs once until Reset). */
const ran = new Set<string>();
const post = (message: FromWorker): void => self.postMessage(message);
/** The run whose code runs now: late output, uncaught errors and rejections are reported to it. */
let current = 0;
const uncaught = (text: string): void => post({ type: 'output', run: current, stream: 'stderr', text });
self.addEventListener('unhandledrejection', (event) => {
  event.preventDefault();
  const reason: unknown = event.reason;
  uncaught(`Unhandled promise rejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}\n`);
});
self.addEventListener('error', (event) => {
  event.preventDefault();
  uncaught(`Uncaught ${event.message}\n`);
});

self.addEventListener('message', (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  current = message.run;
  const write = (stream: 'stdout' | 'stderr', text: string): void => post({ type: 'output', run: message.run, stream, text });
  void (async () => {
    for (const required of message.requires) {
      const options = RUN_OPTIONS[required.id];
      if (ran.has(required.id) || options === undefined) continue;
      write('stdout', `[${required.id} runs first]\n`);
      const first = await sandbox.run(required.code, required.fileName, options, write);
      if (first.code === 0) ran.add(required.id);
    }
    const options = RUN_OPTIONS[message.id];
    // The reader's edited command line replaces the declared arguments.
    const spec = { ...(options ?? {}), ...(message.args === undefined ? {} : { args: splitArgs(message.args) }) };
    const report = await sandbox.run(message.code, message.fileName, spec, write).catch((error: unknown) => {
      // The setup itself failed (an edited argument names a key the run does not have).
      const text = `${error instanceof Error ? error.message : String(error)}\n`;
      write('stderr', text);
      return { code: 1, stdout: '', stderr: text, transactions: [] };
    });
    if (report.code === 0) ran.add(message.id);
    post({ type: 'done', run: message.run, report });
  })();
});
