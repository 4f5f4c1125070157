/** A link of the top bar. */
export interface NavLink {
  href: string;
  label: string;
}

const home: NavLink = { href: '/', label: 'Home' };
const readBook: NavLink = { href: '/book', label: 'Read Book' };
const book: NavLink = { href: '/book', label: 'Book' };
const generateIdeas: NavLink = { href: '/generator', label: 'Generate Ideas' };
const generate: NavLink = { href: '/generator', label: 'Generate' };
const browseIdeas: NavLink = { href: '/ideas', label: 'Browse Ideas' };

/**
 * The top bar's links, page by page: the one place they are written. SPEC.md section 2 gives each
 * page its own set and wording ("Read Book" on the landing page, "Book" on the generator and the
 * ideas pages, "Generate" in the reader), so the sets differ on purpose; pages the spec does not
 * describe use the landing page's set plus Home.
 */
export const NAV_LINKS = {
  landing: [readBook, generateIdeas, browseIdeas],
  generator: [home, book, browseIdeas],
  reader: [home, generate, browseIdeas],
  ideas: [home, book, generate],
  idea: [{ href: '/ideas', label: 'Back to Ideas' }],
  other: [home, readBook, generateIdeas, browseIdeas],
} satisfies Record<string, NavLink[]>;

/** The call to action of the ideas page's bar. */
export const GENERATE_NEW_IDEA: NavLink = { href: '/generator', label: 'Generate New Idea' };
