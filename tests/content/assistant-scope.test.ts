import { describe, expect, it } from 'vitest';
import { loadBook } from '../../src/domain/book/load.ts';
import { outOfScope, SCOPE_SUBJECTS } from '../../src/domain/assistant/scope.ts';
import { BookIndex, buildIndexFile } from '../../src/domain/assistant/search.ts';

/** What the book does not cover (content/assistant-scope.json, decision 022). */
describe('the assistant’s scope', () => {
  it('declines subjects the book does not treat, and not the book’s own uses of the same words', () => {
    expect(outOfScope('Which exchange has the lowest fees for buying BSV?')?.text).toMatch(/^The book does not cover which exchanges list BSV/);
    expect(outOfScope('Do I pay capital gains tax when I spend BSV?')?.near?.chapter).toBe('chapter-17');
    expect(outOfScope('Does a Ledger hardware wallet support BSV?')).toBeDefined();
    // An everyday subject is declined with no section to cite (there is none nearby).
    expect(outOfScope('How can I sleep better at night?')).toEqual({ text: expect.stringMatching(/^The book does not cover sleep/) });
    expect(outOfScope('How do I fix a merge conflict in Git?')?.text).toMatch(/^The book does not cover Git/);
    for (const covered of [
      'What is a coinbase transaction?',
      'What exchange rate does the remittance example use?',
      'Does the 1% remittance excise tax apply to a cash-funded transfer?',
      'How do miners decide which transactions to include?',
      'What price in satoshis should I charge per API call?',
      'Why is the ledger append-only?',
      'Can a thermostat pay for its own electricity?',
      'Why should my bank have to explain why it turned down my mortgage?',
      'How can a musician get paid each time a song is streamed?',
      'How do I keep patient consent records for a clinical trial?',
      'How does Lightning compare with BSV for small payments?',
      'How do I run LARS with Docker for my overlay service?',
      'Our football club wants members to vote on the new kit online. Can it be verified?',
      'My landlord says the energy in our building is green. How could I check that claim?',
    ])
      expect(outOfScope(covered), covered).toBeUndefined();
  });

  it('names a section the book has, under its heading, for every subject', async () => {
    const index = BookIndex.fromJson(JSON.stringify(buildIndexFile(await loadBook())));
    for (const { subject, nearby } of SCOPE_SUBJECTS) if (nearby) expect(index.passageAt(nearby.chapter, nearby.slug)?.section, subject).toBe(nearby.section);
  });
});
