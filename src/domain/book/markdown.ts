import rehypeSlug from 'rehype-slug';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

/**
 * The book's Markdown as an HTML tree: GitHub-flavoured Markdown, then rehype-slug's heading ids.
 * The reader renders through it and the assistant splits chapters with it, so a citation's
 * `#slug` is its heading's id in the reader (a test checks each).
 */
export const markdownToHtmlTree = () => unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeSlug);
