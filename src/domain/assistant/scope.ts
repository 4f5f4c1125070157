import scope from '../../../content/assistant-scope.json' with { type: 'json' };
import { escapeRegExp } from './text.ts';

/** What the book does not cover (content/assistant-scope.json, decision 022): coin prices, taxes... with the nearest section; sleep... with none. */
interface Subject {
  subject: string;
  /** Ways to name it: each is a list of word groups, every group of which the question holds (one phrase of each). */
  when: string[][][];
  /** Phrases that mean something the book does cover ("coinbase transaction", "exchange rate"). */
  unless?: string[];
  /** The nearest section the book has, for a subject in its own field; none for an everyday one (sleep, pets). */
  nearby?: { text: string; chapter: string; slug: string; section: string };
}
const SUBJECTS: readonly Subject[] = scope;

const holds = (text: string, phrase: string): boolean => new RegExp(`(?<![\\w-])${escapeRegExp(phrase)}(?![\\w-])`).test(text);

/** What the book says of a question about a subject it does not cover (the section nearby to cite, if any), or undefined. */
export function outOfScope(question: string): { text: string; near?: { chapter: string; slug: string } } | undefined {
  const text = question.toLowerCase().replace(/[’']/g, "'");
  const found = SUBJECTS.find(
    (s) => !(s.unless ?? []).some((p) => holds(text, p)) && s.when.some((groups) => groups.every((group) => group.some((p) => holds(text, p)))),
  );
  if (found === undefined) return undefined;
  if (found.nearby === undefined) return { text: `The book does not cover ${found.subject}: it is about Internet infrastructure, AI and the BSV blockchain` };
  const { chapter, slug } = found.nearby;
  return { text: `The book does not cover ${found.subject}. Nearby, it covers ${found.nearby.text}`, near: { chapter, slug } };
}

/** The subjects, for the content test (every nearby section exists). */
export const SCOPE_SUBJECTS = SUBJECTS;
