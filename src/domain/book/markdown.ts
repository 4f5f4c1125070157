import GithubSlugger from 'github-slugger';
import type { Element, ElementContent, Root } from 'hast';
import rehypeSlug from 'rehype-slug';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';

/** The marker that opens an aside: a quotation whose first line is `[!aside] Its title`. */
const ASIDE_MARKER = /^\s*\[!aside\]\s*/i;

/**
 * Turns each aside of the Markdown into a titled box the reader can tell from the prose:
 *
 *     > [!aside] The six acceptance checks
 *     >
 *     > Its paragraphs, lists and tables.
 *
 * becomes `<aside class="book-aside" role="note">` with the title as its first paragraph. The
 * book has no quotations set as blockquotes, so any other blockquote is left as it is. The aside's
 * text stays part of the section it stands in (the assistant quotes it like the prose around it).
 */
function rehypeAsides() {
  return (tree: Root) => {
    // Ids as the headings get theirs (rehype-slug uses the same slugger): a repeated title gets "-1".
    const slugger = new GithubSlugger();
    visit(tree, 'element', (node: Element, index, parent) => {
      if (node.tagName !== 'blockquote' || index === undefined || !parent) return;
      const first = node.children.find((child): child is Element => child.type === 'element');
      const lead = first?.tagName === 'p' ? first.children[0] : undefined;
      if (!first || lead?.type !== 'text' || !ASIDE_MARKER.test(lead.value)) return;
      const titleChildren: ElementContent[] = [{ ...lead, value: lead.value.replace(ASIDE_MARKER, '') }, ...first.children.slice(1)];
      const id = slugger.slug(`aside ${textOf({ ...first, children: titleChildren })}`);
      const title: Element = { type: 'element', tagName: 'p', properties: { id: `${id}-title`, className: ['book-aside-title'] }, children: titleChildren };
      const body = node.children.filter((child) => child !== first);
      parent.children[index] = {
        type: 'element',
        tagName: 'aside',
        properties: { id, className: ['book-aside'], role: 'note', ariaLabelledBy: [`${id}-title`] },
        children: [title, ...body],
      };
    });
  };
}

/** The text of an element and everything in it, markup dropped. */
export function textOf(node: Element): string {
  let out = '';
  visit(node, 'text', (t: { value: string }) => {
    out += t.value;
  });
  return out;
}

/**
 * The book's Markdown as an HTML tree: GitHub-flavoured Markdown, its asides as boxes, then
 * rehype-slug's heading ids. The reader renders through it and the assistant splits chapters with
 * it, so a citation's `#slug` is its heading's id in the reader (a test checks each).
 */
export const markdownToHtmlTree = () => unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeAsides).use(rehypeSlug);
