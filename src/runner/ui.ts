import { edits } from './edits.ts';
import type { FromWorker, ToWorker } from './protocol.ts';
import type { RunReport } from './sandbox.ts';

/**
 * The page side of the example runner, loaded on the first Run (src/pages/book/_components/
 * ExampleRunner.astro): starts the worker, sends the example's code as printed, and shows what came
 * back: the console output as written, the transactions the fake ARC accepted, an error's line.
 * A run can always be ended: Stop, the time limit and the output cap terminate the worker (and
 * whatever code it was running) and the next Run starts a fresh one; Reset does the same.
 */
/** A run is stopped after this long. */
const TIME_LIMIT_MS = 10_000;
/** Output past this many lines (or bytes) is not shown: the run is stopped. */
const OUTPUT_LINES_CAP = 2_000;
const OUTPUT_BYTES_CAP = 1_048_576;

let worker: Worker | undefined;
let nextRun = 1;
const waiting = new Map<number, (m: FromWorker) => void>();
/** How each run in flight ends when its worker is terminated (Stop, the limits, a crash, Reset). */
const stoppers = new Map<number, (why: string) => void>();
/** The newest run of each example: its late output still shows until the example runs again. */
const lastRun = new Map<string, number>();

function runner(): Worker {
  if (worker !== undefined) return worker;
  // The page names the built worker (content-hashed by scripts/build-runner.ts).
  const url = document.querySelector<HTMLElement>('[data-runner-worker]')?.dataset['runnerWorker'] ?? '/runner/worker.js';
  const started = new Worker(url, { name: 'example-runner' });
  started.addEventListener('message', (event: MessageEvent<FromWorker>) => waiting.get(event.data.run)?.(event.data));
  // A worker that dies (out of memory, a crash) ends its runs; the next Run starts another.
  started.addEventListener('error', (event) => {
    event.preventDefault();
    if (worker === started) stopWorker('The run stopped: the simulated runtime crashed (out of memory?).');
  });
  worker = started;
  return started;
}

/** Terminates the worker (and any code it runs) and ends every run in flight with `why`. */
function stopWorker(why: string): void {
  worker?.terminate();
  worker = undefined;
  waiting.clear();
  const stops = [...stoppers.values()];
  stoppers.clear();
  for (const stop of stops) stop(why);
}

function send(message: ToWorker, on: (m: FromWorker) => void): void {
  waiting.set(message.run, on);
  runner().postMessage(message);
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function renderReport(box: HTMLElement, report: RunReport): void {
  if (report.transactions.length > 0) {
    const heading = el(
      'h4',
      'runner-heading',
      report.transactions.length === 1 ? '1 transaction reached the fake ARC' : `${report.transactions.length} transactions reached the fake ARC`,
    );
    const list = el('ul', 'runner-txs');
    for (const tx of report.transactions) {
      const item = el('li', 'runner-tx');
      item.dataset['txid'] = tx.txid;
      const id = el('p', '');
      id.append('id ', el('code', 'runner-txid', tx.txid));
      item.append(id, el('p', '', `${tx.size} bytes, fee ${tx.fee === undefined ? 'unknown' : `${tx.fee} sats`}`));
      const outs = el('ul', 'runner-outputs');
      outs.setAttribute('aria-label', 'Outputs');
      tx.outputs.forEach((o, i) => outs.append(el('li', '', `output ${i}: ${o.satoshis} sats, ${o.script}`)));
      const decoded = el('details', 'runner-raw');
      const inputs = el('ul', 'runner-outputs');
      inputs.setAttribute('aria-label', 'Inputs');
      tx.inputs.forEach((input, i) =>
        inputs.append(el('li', 'runner-hex', `input ${i}: spends ${input.outpoint}${input.satoshis === undefined ? '' : ` (${input.satoshis} sats)`}`)),
      );
      const scripts = el('ul', 'runner-outputs');
      scripts.setAttribute('aria-label', 'Output scripts');
      tx.outputs.forEach((o, i) => scripts.append(el('li', 'runner-hex', `output ${i} script: ${o.asm}`)));
      decoded.append(el('summary', '', 'Decoded: inputs and scripts'), inputs, scripts);
      const raw = el('details', 'runner-raw');
      raw.append(el('summary', '', 'Raw transaction (hex)'), el('code', 'runner-hex', tx.hex));
      item.append(outs, decoded, raw);
      list.append(item);
    }
    box.append(heading, list);
  }
  if (report.code !== 0)
    box.append(
      el('p', 'runner-error', report.errorLine === undefined ? `Exited with code ${report.code}` : `Error on ${place(report)} (exit code ${report.code})`),
    );
}

/** "line 3" or "line 3, column 14". */
function place(report: RunReport): string {
  return report.errorColumn === undefined ? `line ${report.errorLine}` : `line ${report.errorLine}, column ${report.errorColumn}`;
}

/**
 * Points at the line an error came from: in the editor when it is open (marked and scrolled to),
 * else in the printed code (the line is highlighted and scrolled into view).
 */
function markErrorLine(root: HTMLElement, panel: HTMLElement, line: number): void {
  const id = root.dataset['runner'] ?? '';
  if (edits.has(id)) {
    void import('./editor.ts').then((editor) => editor.markError(id, line));
    return;
  }
  for (const marked of panel.querySelectorAll('.runner-error-line')) marked.classList.remove('runner-error-line');
  const target = panel.querySelectorAll<HTMLElement>('.code-example pre .line')[line - 1];
  if (!target) return;
  target.classList.add('runner-error-line');
  target.scrollIntoView({ block: 'nearest' });
}

function summary(report: RunReport, lines: number): string {
  const txs = report.transactions.length;
  const done = report.code === 0 ? 'Run finished' : report.errorLine === undefined ? 'Run failed' : `Run failed on ${place(report)}`;
  return `${done}: ${lines} ${lines === 1 ? 'line' : 'lines'} of output, ${txs} ${txs === 1 ? 'transaction' : 'transactions'} accepted.`;
}

/**
 * Console output as it arrives, written to the page once a frame (100,000 lines would otherwise be
 * 100,000 nodes), counted, and cut at the cap.
 */
class ConsoleView {
  lines = 0;
  bytes = 0;
  private pending: { text: string; stderr: boolean }[] = [];
  private frame = 0;
  private readonly box: HTMLElement;

  constructor(box: HTMLElement) {
    this.box = box;
  }

  /** Set once the run ended: text arriving later is flushed at once and says it came late. */
  late = false;

  /** Adds text; false once the cap is reached (the text past it is dropped). */
  add(text: string, stderr: boolean): boolean {
    this.lines += (text.match(/\n/g) ?? []).length;
    this.bytes += text.length;
    if (this.lines > OUTPUT_LINES_CAP || this.bytes > OUTPUT_BYTES_CAP) return false;
    const last = this.pending.at(-1);
    if (last && last.stderr === stderr) last.text += text;
    else this.pending.push({ text, stderr });
    this.frame ||= requestAnimationFrame(() => this.flush());
    if (this.late) this.flush();
    return true;
  }

  flush(): void {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    for (const { text, stderr } of this.pending) {
      const last = this.box.lastElementChild;
      if (last instanceof HTMLSpanElement && last.classList.contains('runner-stderr') === stderr) last.append(text);
      else this.box.append(el('span', stderr ? 'runner-stderr' : '', text));
    }
    this.pending = [];
  }

  /** Lines shown, server lines included (a last line without a newline counts). */
  shownLines(): number {
    const text = this.box.textContent ?? '';
    return text === '' ? 0 : text.replace(/\n$/, '').split('\n').length;
  }
}

/** The controls of the example whose toolbar holds `button`. */
function controls(button: HTMLElement) {
  const root = button.closest<HTMLElement>('[data-runner]');
  const panel = root?.closest<HTMLElement>('[data-example-panel]') ?? button.closest<HTMLElement>('[data-example-panel]');
  if (!root || !panel) return null;
  const output = root.querySelector<HTMLElement>('[data-output]');
  const status = root.querySelector<HTMLElement>('[data-status]');
  const runButton = root.querySelector<HTMLButtonElement>('[data-run]');
  const stopButton = root.querySelector<HTMLButtonElement>('[data-stop]');
  if (!output || !status || !runButton) return null;
  return { root, panel, output, status, runButton, stopButton };
}

/** Runs the example whose toolbar holds `button`. */
export function run(button: HTMLButtonElement): void {
  const c = controls(button);
  if (c === null || c.runButton.dataset['running'] !== undefined) return;
  const { root, panel, output, status, runButton, stopButton } = c;
  const id = root.dataset['runner'] ?? '';
  const code = edits.get(id)?.() ?? panel.querySelector('.code-example pre')?.textContent ?? '';
  output.hidden = false;
  output.replaceChildren();
  const consoleOut = el('pre', 'runner-console');
  consoleOut.setAttribute('aria-label', 'Console output');
  consoleOut.tabIndex = 0;
  output.append(consoleOut);
  const view = new ConsoleView(consoleOut);
  status.textContent = `Running… (stops after ${TIME_LIMIT_MS / 1000} s)`;
  runButton.dataset['running'] = '';
  runButton.disabled = true;
  if (stopButton) {
    stopButton.hidden = false;
    // Focus follows the control that can act now: Stop while the run goes, Run after.
    if (document.activeElement === runButton || document.activeElement === document.body) stopButton.focus();
  }
  const runId = nextRun++;
  // A new run of this example stops listening to the one before (whose late output went to it).
  const before = lastRun.get(id);
  if (before !== undefined) waiting.delete(before);
  lastRun.set(id, runId);
  const finish = (text: string, report?: RunReport): void => {
    clearTimeout(timer);
    stoppers.delete(runId);
    view.flush();
    if (consoleOut.textContent === '') consoleOut.textContent = '(no output)';
    if (report) {
      renderReport(output, report);
      if (report.errorLine !== undefined) markErrorLine(root, panel, report.errorLine);
    }
    status.textContent = text;
    delete runButton.dataset['running'];
    runButton.disabled = false;
    const hadFocus = stopButton !== null && document.activeElement === stopButton;
    if (stopButton) stopButton.hidden = true;
    if (hadFocus || document.activeElement === document.body) runButton.focus();
  };
  const timer = setTimeout(
    () => stopWorker(`Stopped after ${TIME_LIMIT_MS / 1000} s, the time limit. The simulated chain starts again on the next Run.`),
    TIME_LIMIT_MS,
  );
  stoppers.set(runId, (why) => finish(why));
  const requires = (root.dataset['requires'] ?? '')
    .split(' ')
    .filter(Boolean)
    .map((other) => ({
      id: other,
      code: document.querySelector(`[data-example-panel="${other}"] pre`)?.textContent ?? '',
      fileName: document.querySelector<HTMLElement>(`[data-runner="${other}"]`)?.dataset['file'] ?? 'example.ts',
    }));
  const args = root.querySelector<HTMLInputElement>('[data-args]')?.value;
  send({ type: 'run', run: runId, id, code, fileName: root.dataset['file'] ?? 'example.ts', requires, ...(args === undefined ? {} : { args }) }, (m) => {
    if (m.type === 'output') {
      if (!view.add(m.text, m.stream === 'stderr'))
        stopWorker(
          `Output truncated at ${OUTPUT_LINES_CAP.toLocaleString('en-US')} lines: the run was stopped. The simulated chain starts again on the next Run.`,
        );
    } else if (m.type === 'done') {
      view.flush();
      finish(summary(m.report, view.shownLines()), m.report);
      // Output that comes after the run ended (a timer, a late rejection) still shows.
      view.late = true;
    }
  });
}

/** Ends the run of the example whose toolbar holds `button` (and any other on the page: they share the worker). */
export function stop(_button: HTMLButtonElement): void {
  stopWorker('Stopped. The simulated chain starts again on the next Run.');
}

/** Restores the chain, wallet and files every example on the page shares: a fresh worker, so no code outlives it. */
export function reset(button: HTMLButtonElement): void {
  const status = button.closest<HTMLElement>('[data-runner]')?.querySelector<HTMLElement>('[data-status]');
  stopWorker('Stopped by Reset.');
  for (const out of document.querySelectorAll<HTMLElement>('[data-runner] [data-output]')) {
    out.hidden = true;
    out.replaceChildren();
  }
  for (const s of document.querySelectorAll<HTMLElement>('[data-runner] [data-status]')) s.textContent = '';
  if (status) status.textContent = 'The fake chain, wallet and files are back to their start.';
}
