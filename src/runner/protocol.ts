import type { RunReport, Stream } from './sandbox.ts';

/** Messages between the page (src/runner/ui.ts) and the runner worker (src/runner/worker.ts). */
interface ExampleSource {
  id: string;
  code: string;
  fileName: string;
}
export type ToWorker = { type: 'run'; run: number; requires: ExampleSource[] } & ExampleSource;
export type FromWorker = { type: 'output'; run: number; stream: Stream; text: string } | { type: 'done'; run: number; report: RunReport };
