import { renderToString } from 'react-dom/server';
import type { IdeaPageData } from '../../domain/ideas/page-data.ts';
import IdeaDetail from './IdeaDetail.tsx';

/**
 * The idea detail island rendered to HTML on the server (netlify/functions/idea-page.mts), with the
 * same data the page embeds, so the browser hydrates identical markup. `identifierPrefix` is the
 * island's `prefix` attribute, which Astro's React client passes to hydrateRoot.
 */
export function renderIdeaDetailHtml(data: IdeaPageData, identifierPrefix: string): string {
  return renderToString(<IdeaDetail initialData={data} />, { identifierPrefix });
}
