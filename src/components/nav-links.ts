/** A link of the site header. */
export interface NavLink {
  href: string;
  label: string;
}

/**
 * The site header's links, the same on every page in the same order (a departure from the
 * per-page sets of docs/spec.md section 2: docs/architecture.md). The current section is marked.
 */
export const SITE_LINKS: readonly NavLink[] = [
  { href: '/book', label: 'Book' },
  { href: '/generator', label: 'Generator' },
  { href: '/ideas', label: 'Ideas' },
  { href: '/assistant', label: 'Ask' },
];

/** The phone menu holds the header's links and this one. */
export const HELP_LINK: NavLink = { href: '/help', label: 'Help' };

/** The link of the section a path belongs to (a chapter is in Book, an idea in Ideas), if any. */
export function currentSection(pathname: string): NavLink | undefined {
  const path = pathname.replace(/\.html$/, '').replace(/\/+$/, '') || '/';
  const within = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
  if (within('/book')) return SITE_LINKS[0];
  if (within('/generator')) return SITE_LINKS[1];
  if (within('/ideas') || within('/idea')) return SITE_LINKS[2];
  if (within('/assistant')) return SITE_LINKS[3];
  if (within('/help')) return HELP_LINK;
  return undefined;
}

/** The call to action above the gallery on /ideas. */
export const GENERATE_NEW_IDEA: NavLink = { href: '/generator', label: 'Generate New Idea' };
