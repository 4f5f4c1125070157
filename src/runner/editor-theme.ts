import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { tags as t } from '@lezer/highlight';
import { EditorView } from 'codemirror';

/**
 * The editor's colours, light and dark, chosen for at least 4.5:1 contrast on their backgrounds
 * (CodeMirror's defaults fall short of it for some tokens and the gutter).
 */
const palette = {
  light: {
    bg: '#ffffff',
    fg: '#0f172a',
    gutterBg: '#f1f5f9',
    gutterFg: '#475569',
    active: '#f1f5f9',
    keyword: '#7e22ce',
    string: '#166534',
    comment: '#52525b',
    number: '#9a3412',
    type: '#1d4ed8',
    fn: '#0f4c81',
  },
  dark: {
    bg: '#0f172a',
    fg: '#e2e8f0',
    gutterBg: '#1e293b',
    gutterFg: '#cbd5e1',
    active: '#1e293b',
    keyword: '#e9d5ff',
    string: '#bbf7d0',
    comment: '#cbd5e1',
    number: '#fed7aa',
    type: '#bfdbfe',
    fn: '#a5f3fc',
  },
};

export function editorTheme(dark: boolean): (ReturnType<typeof EditorView.theme> | ReturnType<typeof syntaxHighlighting>)[] {
  const c = dark ? palette.dark : palette.light;
  return [
    EditorView.theme(
      {
        '&': { backgroundColor: c.bg, color: c.fg },
        '.cm-content': { caretColor: c.fg },
        '.cm-cursor, .cm-dropCursor': { borderLeftColor: c.fg },
        '.cm-gutters': { backgroundColor: c.gutterBg, color: c.gutterFg, border: 'none' },
        '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: c.active },
        '.cm-activeLineGutter': { color: c.fg },
        '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection': { backgroundColor: dark ? '#334155' : '#bfdbfe' },
      },
      { dark },
    ),
    syntaxHighlighting(
      HighlightStyle.define([
        { tag: [t.keyword, t.operatorKeyword, t.modifier, t.controlKeyword, t.definitionKeyword, t.moduleKeyword], color: c.keyword },
        { tag: [t.string, t.special(t.string), t.regexp], color: c.string },
        { tag: [t.comment, t.lineComment, t.blockComment], color: c.comment, fontStyle: 'italic' },
        { tag: [t.number, t.bool, t.null, t.atom], color: c.number },
        { tag: [t.typeName, t.className, t.namespace], color: c.type },
        { tag: [t.function(t.variableName), t.function(t.propertyName)], color: c.fn },
        { tag: [t.variableName, t.propertyName, t.definition(t.variableName), t.punctuation, t.operator, t.bracket], color: c.fg },
        { tag: t.invalid, color: dark ? '#fecaca' : '#b91c1c' },
      ]),
    ),
  ];
}
