import { parse } from 'partial-json';

/**
 * Streams a top-level string field of a model's JSON answer as it is written (the answer follows a
 * schema, so malformed output is detected, while the reader sees the text appear): partial-json
 * reads the unfinished text after each chunk, and what the field gained is passed on.
 */
export function jsonStringStream(key: string, onText: (text: string) => void): (chunk: string) => void {
  let raw = '';
  let sent = '';
  return (chunk) => {
    raw += chunk;
    let value: unknown;
    try {
      value = (parse(raw) as Record<string, unknown> | null)?.[key];
    } catch {
      return; // not JSON (yet, or at all): the final parse says which
    }
    if (typeof value !== 'string' || value.length <= sent.length || !value.startsWith(sent)) return;
    onText(value.slice(sent.length));
    sent = value;
  };
}

/**
 * Reports each top-level key of a model's streamed JSON object once, when its value starts, so the
 * page can say which section the model is writing (partial-json reads the unfinished text).
 */
export function jsonKeyStream(onKey: (key: string) => void): (chunk: string) => void {
  let raw = '';
  const seen = new Set<string>();
  return (chunk) => {
    raw += chunk;
    let value: unknown;
    try {
      value = parse(raw);
    } catch {
      return;
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) return;
    for (const key of Object.keys(value)) {
      if (seen.has(key)) continue;
      seen.add(key);
      onKey(key);
    }
  };
}
