import type { PublicIdeaRecord } from './schema.ts';

/**
 * The data the server embeds in a served /idea/{id} page (a `<script type="application/json">`,
 * never executed) so the island renders without another request.
 */
export type IdeaPageData = { idea: PublicIdeaRecord } | { notFound: true };

export const IDEA_DATA_ELEMENT_ID = 'idea-data';

/**
 * JSON safe inside a `<script>` element: `<`, `>`, `&` and the JavaScript line separators are
 * escaped, so no stored text can close the element or start markup.
 */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Reads embedded page data; null when absent or not in the expected shape. */
export function parseIdeaPageData(text: string | null): IdeaPageData | null {
  if (!text) return null;
  try {
    const data = JSON.parse(text) as unknown;
    if (!data || typeof data !== 'object') return null;
    if ('notFound' in data && data.notFound === true) return { notFound: true };
    if ('idea' in data && data.idea && typeof data.idea === 'object' && typeof (data.idea as { id?: unknown }).id === 'string') {
      return { idea: data.idea as PublicIdeaRecord };
    }
    return null;
  } catch {
    return null;
  }
}
