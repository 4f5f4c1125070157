import type { RunReport, Stream } from './sandbox.ts';

/** Messages between the page (src/runner/ui.ts) and the runner worker (src/runner/worker.ts). */
interface ExampleSource {
  id: string;
  code: string;
  fileName: string;
}
/** `args`: the command line the reader edited in the Setup disclosure (templates filled in the worker). */
export type ToWorker = { type: 'run'; run: number; requires: ExampleSource[]; args?: string } & ExampleSource;
export type FromWorker = { type: 'output'; run: number; stream: Stream; text: string } | { type: 'done'; run: number; report: RunReport };
