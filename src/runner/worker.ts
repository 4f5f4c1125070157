/// <reference lib="webworker" />
import { RUN_OPTIONS, isLocalOnly } from '../sandbox/run-options.ts';
import type { FromWorker, ToWorker } from './protocol.ts';
import { Sandbox } from './sandbox.ts';

/**
 * The in-page runner (served as /runner/worker.js with its own CSP, see scripts/build-runner.ts):
 * one Sandbox (fake chain, network, wallet, files) until Reset; each Run executes an example in it.
 */
declare const self: DedicatedWorkerGlobalScope;
let sandbox = new Sandbox();
/** Examples run in this sandbox (a server a later example requires runs once until Reset). */
let ran = new Set<string>();
const post = (message: FromWorker): void => self.postMessage(message);

self.addEventListener('message', (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === 'reset') {
    sandbox = new Sandbox();
    ran = new Set();
    post({ type: 'reset', run: message.run });
    return;
  }
  const write = (stream: 'stdout' | 'stderr', text: string): void => post({ type: 'output', run: message.run, stream, text });
  void (async () => {
    for (const required of message.requires) {
      const options = RUN_OPTIONS[required.id];
      if (ran.has(required.id) || options === undefined || isLocalOnly(options)) continue;
      write('stdout', `[${required.id} runs first]\n`);
      const first = await sandbox.run(required.code, required.fileName, options, write);
      if (first.code === 0) ran.add(required.id);
    }
    const options = RUN_OPTIONS[message.id];
    const report = isLocalOnly(options)
      ? { code: 1, stdout: '', stderr: `This example ${options.local}: run it locally with npm run example -- ${message.id}\n`, transactions: [] }
      : await sandbox.run(message.code, message.fileName, options ?? {}, write);
    if (report.code === 0) ran.add(message.id);
    post({ type: 'done', run: message.run, report });
  })();
});
