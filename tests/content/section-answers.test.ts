import { describe, expect, it } from 'vitest';
import { loadBook } from '../../src/domain/book/load.ts';
import { answerProblems, factProblems, sectionEntries, unsupported } from '../support/section-facts.ts';

/**
 * Every section of the book carries the answer it gives (content/index-terms, `answer`) and the
 * particular facts it states as readers' questions and answers (`facts`), written by a person who
 * read it: every number and named term in them is in the section.
 */
const entries = sectionEntries(await loadBook());

describe("the sections' written answers and facts (content/index-terms)", () => {
  it('every section has an answer, in one to three sentences', () => {
    expect(answerProblems(entries)).toEqual([]);
  });

  it('states only numbers and named terms the section itself has', () => {
    const problems = entries.flatMap(({ chapter, entry, text }) => unsupported(entry.answer ?? '', text).map((p) => `${chapter} ${entry.slug}: ${p}`));
    expect(problems).toEqual([]);
  });

  it('every section has its facts, each a question and a standalone answer of one or two sentences in its own terms', () => {
    const missing = entries.filter((e) => (e.entry.facts?.length ?? 0) === 0).map((e) => `${e.chapter} ${e.entry.slug || '(opening)'}`);
    expect(missing, 'sections without facts').toEqual([]);
    expect(factProblems(entries)).toEqual([]);
  });

  it('the check finds a broken fact', () => {
    const [first] = entries;
    if (!first) throw new Error('no sections');
    const broken = { ...first, entry: { ...first.entry, facts: [{ question: 'How much?', answer: 'It costs 987,654 satoshis through the QXZ-999 service. More. And more.' }] } };
    const problems = factProblems([broken]);
    expect(problems.join('\n')).toMatch(/3 sentences/);
    expect(problems.join('\n')).toMatch(/pointing back/);
    expect(problems.join('\n')).toMatch(/987654 is not in the section/);
    expect(problems.join('\n')).toMatch(/"QXZ-999" is not in the section/);
    const long = { ...first, entry: { ...first.entry, answer: 'One. Two. Three. Four' } };
    expect(answerProblems([long])).toEqual([`${first.chapter} ${first.entry.slug || '(opening)'} answer: 4 sentences (at most 3)`, `${first.chapter} ${first.entry.slug || '(opening)'} answer: does not end a sentence`]);
  });
});
