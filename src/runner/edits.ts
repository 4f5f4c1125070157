/** The reader's edited code per example id (set by the editor, read by Run); none: the printed code. */
export const edits = new Map<string, () => string>();
