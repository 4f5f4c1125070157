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
const post = (message: FromWorker): void => self.postMessage(message);

self.addEventListener('message', (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === 'reset') {
    sandbox = new Sandbox();
    post({ type: 'reset', run: message.run });
    return;
  }
  const options = RUN_OPTIONS[message.id];
  void (async () => {
    const report = isLocalOnly(options)
      ? { code: 1, stdout: '', stderr: `This example ${options.local}: run it locally with npm run example -- ${message.id}\n`, transactions: [] }
      : await sandbox.run(message.code, message.fileName, options ?? {}, (stream, text) => post({ type: 'output', run: message.run, stream, text }));
    post({ type: 'done', run: message.run, report });
  })();
});
