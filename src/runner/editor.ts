import { javascript } from '@codemirror/lang-javascript';
import { basicSetup, EditorView } from 'codemirror';
import { editorTheme } from './editor-theme.ts';
import { edits } from './edits.ts';

/**
 * Edit and run (issue 30): CodeMirror 6, loaded on the first Edit (its own chunk, counted apart from
 * the runner). The editor replaces the printed code view of one example; Run takes its text and
 * "Reset code" puts the printed version back.
 */
const views = new Map<string, EditorView>();

function printed(panel: HTMLElement): string {
  return panel.querySelector('.code-example pre')?.textContent ?? '';
}

export function edit(button: HTMLButtonElement): void {
  const root = button.closest<HTMLElement>('[data-runner]');
  const panel = button.closest<HTMLElement>('[data-example-panel]');
  const id = root?.dataset['runner'];
  const view = panel?.querySelector<HTMLElement>('.code-example');
  if (root === null || panel === null || id === undefined || view === null || view === undefined) return;
  const existing = views.get(id);
  if (existing !== undefined) {
    existing.focus();
    return;
  }
  const host = document.createElement('div');
  host.className = 'runner-editor';
  // A scrolling box a keyboard can reach (as the printed code's region is).
  host.tabIndex = 0;
  host.setAttribute('role', 'region');
  host.setAttribute('aria-label', `${root.dataset['file'] ?? 'example'} editor`);
  view.hidden = true;
  view.after(host);
  const editor = new EditorView({
    doc: printed(panel),
    parent: host,
    extensions: [
      basicSetup,
      javascript({ typescript: true }),
      // The site's theme at the first Edit; long lines wrap, so only the editor's box scrolls.
      editorTheme(document.documentElement.classList.contains('dark')),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': `Edit ${root.dataset['file'] ?? 'example'}` }),
    ],
  });
  views.set(id, editor);
  edits.set(id, () => editor.state.doc.toString());
  const resetCode = root.querySelector<HTMLButtonElement>('[data-reset-code]');
  if (resetCode) resetCode.hidden = false;
  button.hidden = true;
  editor.focus();
}

export function resetCode(button: HTMLButtonElement): void {
  const id = button.closest<HTMLElement>('[data-runner]')?.dataset['runner'];
  const panel = button.closest<HTMLElement>('[data-example-panel]');
  const editor = id === undefined ? undefined : views.get(id);
  if (editor === undefined || panel === null) return;
  editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: printed(panel) } });
  const status = button.closest<HTMLElement>('[data-runner]')?.querySelector<HTMLElement>('[data-status]');
  if (status) status.textContent = 'The code is back to the printed version.';
  editor.focus();
}
