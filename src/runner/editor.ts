import { javascript } from '@codemirror/lang-javascript';
import { Prec, StateEffect, StateField } from '@codemirror/state';
import { Decoration, keymap, type DecorationSet } from '@codemirror/view';
import { basicSetup, EditorView } from 'codemirror';
import { editorTheme } from './editor-theme.ts';
import { edits } from './edits.ts';

/**
 * Edit and run: CodeMirror 6, loaded on the first Edit (its own chunk, counted apart from
 * the runner). The editor replaces the printed code view of one example; Run takes its text and
 * "Reset code" puts the printed version back.
 */
const views = new Map<string, EditorView>();

/** Where an example's edits are kept across visits: per chapter page and example, until Reset code. */
function storageKey(id: string): string {
  return `runner-edit:${location.pathname}:${id}`;
}

/** The reader's kept edit of an example, or null (storage may be unavailable: private modes). */
function keptEdit(id: string): string | null {
  try {
    return localStorage.getItem(storageKey(id));
  } catch {
    return null;
  }
}

function keep(id: string, text: string | null): void {
  try {
    if (text === null) localStorage.removeItem(storageKey(id));
    else localStorage.setItem(storageKey(id), text);
  } catch {
    // Storage full or refused: the edit still runs, it is only not kept.
  }
}

/** The editor's text, read by the page's Copy button (src/pages/book/_components/reader.ts). */
interface EditorHost extends HTMLElement {
  editorText?: () => string;
}

function printed(panel: HTMLElement): string {
  return panel.querySelector('.code-example pre')?.textContent ?? '';
}

/** Marks the line a run's error came from (cleared by the next edit). */
const setErrorLine = StateEffect.define<number | null>();
const errorLineMark = Decoration.line({ class: 'runner-error-line' });
const errorLineField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, tr) {
    let next = tr.docChanged ? Decoration.none : marks.map(tr.changes);
    for (const effect of tr.effects)
      if (effect.is(setErrorLine))
        next =
          effect.value === null || effect.value > tr.state.doc.lines
            ? Decoration.none
            : Decoration.set([errorLineMark.range(tr.state.doc.line(effect.value).from)]);
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

/** Marks `line` of the example's editor as where its error came from, puts the cursor there and scrolls to it. */
export function markError(id: string, line: number): void {
  const editor = views.get(id);
  if (editor === undefined || line < 1 || line > editor.state.doc.lines) return;
  const at = editor.state.doc.line(line).from;
  editor.dispatch({ effects: [setErrorLine.of(line), EditorView.scrollIntoView(at, { y: 'center' })], selection: { anchor: at } });
}

/** Opens the editor of every example this page has kept edits for (on load). */
export function restoreEdits(): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-runner]')) {
    const id = root.dataset['runner'];
    const button = root.querySelector<HTMLButtonElement>('[data-edit]');
    if (id !== undefined && button !== null && keptEdit(id) !== null) edit(button, { focus: false });
  }
}

export function edit(button: HTMLButtonElement, { focus = true }: { focus?: boolean } = {}): void {
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
  const host: EditorHost = document.createElement('div');
  host.className = 'runner-editor';
  // A scrolling box a keyboard can reach (as the printed code's region is).
  host.tabIndex = 0;
  host.setAttribute('role', 'region');
  host.setAttribute('aria-label', `${root.dataset['file'] ?? 'example'} editor`);
  view.hidden = true;
  view.after(host);
  let saving = 0;
  const editor = new EditorView({
    doc: keptEdit(id) ?? printed(panel),
    parent: host,
    extensions: [
      // Ctrl/Cmd+Enter runs the example from the editor (before basicSetup's own use of the keys).
      Prec.highest(
        keymap.of([
          {
            key: 'Mod-Enter',
            run: () => {
              root.querySelector<HTMLButtonElement>('[data-run]')?.click();
              return true;
            },
          },
        ]),
      ),
      basicSetup,
      errorLineField,
      javascript({ typescript: true }),
      // The site's theme at the first Edit; long lines wrap, so only the editor's box scrolls.
      editorTheme(document.documentElement.classList.contains('dark')),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': `Edit ${root.dataset['file'] ?? 'example'} (Ctrl+Enter runs it)` }),
      // Kept as the reader types (a reload keeps the edit until Reset code).
      EditorView.updateListener.of((update) => {
        if (!update.docChanged) return;
        clearTimeout(saving);
        saving = window.setTimeout(() => {
          const text = update.state.doc.toString();
          keep(id, text === printed(panel) ? null : text);
        }, 300);
      }),
    ],
  });
  host.editorText = () => editor.state.doc.toString();
  views.set(id, editor);
  edits.set(id, () => editor.state.doc.toString());
  const resetCode = root.querySelector<HTMLButtonElement>('[data-reset-code]');
  if (resetCode) resetCode.hidden = false;
  button.hidden = true;
  if (focus) editor.focus();
}

export function resetCode(button: HTMLButtonElement): void {
  const id = button.closest<HTMLElement>('[data-runner]')?.dataset['runner'];
  const panel = button.closest<HTMLElement>('[data-example-panel]');
  const editor = id === undefined ? undefined : views.get(id);
  if (id === undefined || editor === undefined || panel === null) return;
  editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: printed(panel) } });
  keep(id, null);
  const status = button.closest<HTMLElement>('[data-runner]')?.querySelector<HTMLElement>('[data-status]');
  if (status) status.textContent = 'The code is back to the printed version.';
  editor.focus();
}
