import { edits } from './edits.ts';
import type { FromWorker, ToWorker } from './protocol.ts';
import type { RunReport } from './sandbox.ts';

/**
 * The page side of the example runner, loaded on the first Run (src/pages/book/_components/
 * ExampleRunner.astro): starts the worker, sends the example's code as printed, and shows what came
 * back: the console output as written, the transactions the fake ARC accepted, an error's line.
 */
let worker: Worker | undefined;
let nextRun = 1;
const waiting = new Map<number, (m: FromWorker) => void>();

function runner(): Worker {
  if (worker !== undefined) return worker;
  worker = new Worker('/runner/worker.js', { name: 'example-runner' });
  worker.addEventListener('message', (event: MessageEvent<FromWorker>) => waiting.get(event.data.run)?.(event.data));
  return worker;
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
      el(
        'p',
        'runner-error',
        report.errorLine === undefined ? `Exited with code ${report.code}` : `Error on line ${report.errorLine} (exit code ${report.code})`,
      ),
    );
}

function summary(report: RunReport): string {
  const lines = report.stdout.split('\n').filter((l) => l !== '').length;
  const txs = report.transactions.length;
  const done = report.code === 0 ? 'Run finished' : report.errorLine === undefined ? 'Run failed' : `Run failed on line ${report.errorLine}`;
  return `${done}: ${lines} ${lines === 1 ? 'line' : 'lines'} of output, ${txs} ${txs === 1 ? 'transaction' : 'transactions'} accepted.`;
}

/** Runs the example whose toolbar holds `button`. */
export function run(button: HTMLButtonElement): void {
  const root = button.closest<HTMLElement>('[data-runner]');
  const panel = button.closest<HTMLElement>('[data-example-panel]');
  if (root === null || panel === null) return;
  const id = root.dataset['runner'] ?? '';
  const code = edits.get(id)?.() ?? panel.querySelector('.code-example pre')?.textContent ?? '';
  const output = root.querySelector<HTMLElement>('[data-output]');
  const status = root.querySelector<HTMLElement>('[data-status]');
  if (output === null || status === null) return;
  output.hidden = false;
  output.replaceChildren();
  const consoleOut = el('pre', 'runner-console');
  consoleOut.setAttribute('aria-label', 'Console output');
  consoleOut.tabIndex = 0;
  output.append(consoleOut);
  status.textContent = 'Running…';
  button.disabled = true;
  const runId = nextRun++;
  const requires = (root.dataset['requires'] ?? '')
    .split(' ')
    .filter(Boolean)
    .map((other) => ({
      id: other,
      code: document.querySelector(`[data-example-panel="${other}"] pre`)?.textContent ?? '',
      fileName: document.querySelector<HTMLElement>(`[data-runner="${other}"]`)?.dataset['file'] ?? 'example.ts',
    }));
  send({ type: 'run', run: runId, id, code, fileName: root.dataset['file'] ?? 'example.ts', requires }, (m) => {
    if (m.type === 'output') {
      const span = el('span', m.stream === 'stderr' ? 'runner-stderr' : '', m.text);
      consoleOut.append(span);
    } else if (m.type === 'done') {
      waiting.delete(runId);
      button.disabled = false;
      if (consoleOut.textContent === '') consoleOut.textContent = '(no output)';
      renderReport(output, m.report);
      status.textContent = summary(m.report);
    }
  });
}

/** Restores the chain, wallet and files every example on the page shares. */
export function reset(button: HTMLButtonElement): void {
  const status = button.closest<HTMLElement>('[data-runner]')?.querySelector<HTMLElement>('[data-status]');
  const runId = nextRun++;
  send({ type: 'reset', run: runId }, () => {
    waiting.delete(runId);
    for (const out of document.querySelectorAll<HTMLElement>('[data-runner] [data-output]')) {
      out.hidden = true;
      out.replaceChildren();
    }
    for (const s of document.querySelectorAll<HTMLElement>('[data-runner] [data-status]')) s.textContent = '';
    if (status) status.textContent = 'The fake chain, wallet and files are back to their start.';
  });
}
