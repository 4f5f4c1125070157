import type { APIRoute, GetStaticPaths } from 'astro';
import type { ApiFile } from '../../domain/book/api.ts';
import { apiFiles } from '../../lib/book-build.ts';

/**
 * The static book API, written at build time from content/ (src/domain/book/api.ts):
 * /api/chapters/index.json, /api/chapters/{markdownFile}, /api/code-examples/{file},
 * /api/resources/{file}. Netlify Functions serve every other /api path.
 */
export const getStaticPaths = (async () =>
  (await apiFiles()).map((file) => ({ params: { file: file.path }, props: { body: file.body } }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ body: ApiFile['body'] }> = ({ props }) =>
  new Response(JSON.stringify(props.body), { headers: { 'content-type': 'application/json; charset=utf-8' } });
