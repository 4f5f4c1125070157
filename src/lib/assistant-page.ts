import type { AskResponse } from '../domain/assistant/schema.ts';

/**
 * What the assistant's islands need without zod (its schema chunk would be a quarter of the page's
 * JavaScript): the frame's close message, and a check that a stored answer has the API's shape
 * (tests/unit/assistant-names.test.ts holds it to askResponseSchema).
 */

/** The message the framed /assistant sends its parent (this site only) when Escape is pressed inside it. */
export const ASSISTANT_CLOSE = 'assistant:close';

const ENGINES = new Set(['anthropic', 'openai', 'offline']);
const CITATION_FIELDS = ['chapterId', 'title', 'section', 'url', 'quote'] as const;

/** Whether `value` has the shape of an answer of POST /api/ask (askResponseSchema's, unknown keys allowed as zod allows them). */
export function isAskResponse(value: unknown): value is AskResponse {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    typeof r['answer'] === 'string' &&
    typeof r['model'] === 'string' &&
    typeof r['engine'] === 'string' &&
    ENGINES.has(r['engine']) &&
    Array.isArray(r['citations']) &&
    r['citations'].every(
      (c: unknown) => typeof c === 'object' && c !== null && CITATION_FIELDS.every((k) => typeof (c as Record<string, unknown>)[k] === 'string'),
    )
  );
}
