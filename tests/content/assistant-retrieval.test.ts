import { beforeAll, describe, expect, it } from 'vitest';
import { askBook, selectPassages } from '../../src/domain/assistant/ask.ts';
import { OfflineAnswerEngine } from '../../src/domain/assistant/offline.ts';
import { BookIndex, buildIndexFile, INDEX_VERSION, type IndexFile } from '../../src/domain/assistant/search.ts';
import { splitChapter } from '../../src/domain/assistant/sections.ts';
import { bestQuote, editDistance, processTerm, sentences, termsOf } from '../../src/domain/assistant/text.ts';
import { loadBook, type ChapterSource } from '../../src/domain/book/load.ts';
import { renderMarkdown } from '../../src/domain/book/render.ts';

let file: IndexFile;
let index: BookIndex;
let chapters: ChapterSource[];
let fileBook: Awaited<ReturnType<typeof loadBook>>;
beforeAll(async () => {
  const book = await loadBook();
  fileBook = book;
  chapters = book.chapters;
  file = buildIndexFile(book);
  index = BookIndex.fromJson(JSON.stringify(file));
});


describe('tokenisation for the book vocabulary', () => {
  it('keeps compounds whole and indexes their parts', () => {
    expect(processTerm('BRC-100')).toEqual(['brc-100', 'brc', '100']);
    expect(processTerm('OP_RETURN')).toEqual(['op_return', 'op', 'return']);
    expect(termsOf('IPv6 and C2PA')).toEqual(['ipv6', 'c2pa']);
    expect(termsOf('A BRC-100 wallet spends OP_RETURN outputs')).toEqual(['brc-100', 'brc', '100', 'wallet', 'spend', 'op_return', 'op', 'return', 'output']);
  });

  it('keeps an acronym in capitals even when it spells a stop word, and reads its plural as the acronym', () => {
    expect(processTerm('DID')).toEqual(['did']);
    expect(processTerm('DIDs')).toEqual(['did']);
    expect(processTerm('UTXOs')).toEqual(['utxo']);
    expect(processTerm('did')).toBeNull();
    expect(processTerm('It')).toBeNull();
  });

  it('does not stem acronyms, stems ordinary words, drops stop words', () => {
    expect(termsOf('SPV BEEF')).toEqual(['spv', 'beef']);
    expect(termsOf('overlays overlay')).toEqual(['overlai']);
    expect(termsOf('What does the book say about it?')).toEqual([]);
  });

  it('splits sentences without breaking decimals', () => {
    expect(sentences('A header is 80 bytes. A year is 4.2 MB! Fine?')).toEqual(['A header is 80 bytes.', 'A year is 4.2 MB!', 'Fine?']);
  });

  it('quotes the sentence that matches the question, verbatim', () => {
    const text = 'Hashes fingerprint data. BEEF packages carry Merkle proofs with the transaction. Signatures prove approval.';
    expect(bestQuote(text, termsOf('What does BEEF carry?'), 60)).toBe('BEEF packages carry Merkle proofs with the transaction.');
  });
});

describe('sections', () => {
  it('links every section to a heading id the reader renders', async () => {
    for (const chapter of chapters) {
      const { headings } = await renderMarkdown(chapter.markdown, { highlight: false });
      const ids = new Set(headings.map((h) => h.slug));
      const passages = splitChapter(chapter);
      expect(passages.length, chapter.id).toBeGreaterThan(5);
      for (const p of passages.filter((x) => x.slug)) expect(ids.has(p.slug), `${chapter.id}#${p.slug}`).toBe(true);
      // Every heading starts a passage, except an h2 with no text of its own before its first h3
      // (its subsections carry its heading as their context), and the exercises, which the
      // assistant leaves out (their figures belong to hypothetical cases).
      const slugs = new Set(passages.map((p) => p.slug));
      const exercisesAt = headings.findIndex((h) => h.depth === 2 && h.text === 'Exercises');
      const expounded = exercisesAt < 0 ? headings : headings.slice(0, exercisesAt);
      expounded.forEach((h, i) => {
        if (!slugs.has(h.slug)) expect({ slug: h.slug, depth: h.depth, next: expounded[i + 1]?.depth }).toEqual({ slug: h.slug, depth: 2, next: 3 });
      });
      if (chapter.id !== 'chapter-00') expect(exercisesAt, chapter.id).toBeGreaterThan(0);
      expect(
        passages.some((p) => p.section.startsWith('Exercise')),
        chapter.id,
      ).toBe(false);
      const first = passages.find((p) => p.parent);
      if (first) expect(headings.map((h) => h.text)).toContain(first.parent);
    }
  });

  it('keeps code out of the prose of a passage', () => {
    const chapter = chapters.find((c) => /```/.test(c.markdown));
    expect(chapter).toBeDefined();
    const passages = splitChapter(chapter as ChapterSource);
    expect(passages.some((p) => p.code.length > 0)).toBe(true);
    for (const p of passages) expect(p.text).not.toContain('```');
  });
});

describe('BookIndex', () => {
  it('covers the whole book and survives a JSON round trip', () => {
    expect(new Set(file.passages.map((p) => p.chapterId)).size).toBe(22);
    const fresh = new BookIndex(file);
    expect(index.search('BEEF Merkle proofs').map((h) => h.passage.slug)).toEqual(fresh.search('BEEF Merkle proofs').map((h) => h.passage.slug));
  });

  it('rejects an index file of another format', () => {
    expect(() => BookIndex.fromJson(JSON.stringify({ ...file, version: INDEX_VERSION + 1 }))).toThrow();
  });

  it('ranks the section about a term of the book first', () => {
    expect(index.search('What is a BRC-100 wallet?')[0]?.passage).toMatchObject({ chapterId: 'chapter-08', slug: 'what-a-brc-100-wallet-is' });
    expect(index.search('What do topic managers do?')[0]?.passage).toMatchObject({ chapterId: 'chapter-06', slug: 'topic-managers-brc-22' });
    const beef = index.search('What is BEEF?');
    expect(beef[0]?.passage.chapterId).toBe('chapter-06');
    // The term, and its spelled-out form the book's glossary adds (Background Evaluation Extended Format).
    expect(beef[0]?.matched).toContain('beef');
  });

  it('keeps a follow-up question on the subject of the previous one', () => {
    const alone = index.search('How is it priced?');
    const followUp = index.search('How is it priced?', { context: 'How do AI servers charge with HTTP 402?' });
    expect(followUp[0]?.passage.chapterId).toMatch(/chapter-(07|16)/);
    expect(followUp[0]?.passage.slug).not.toBe(alone[0]?.passage.slug);
  });

  it('finds nothing for a question the book does not cover', () => {
    for (const q of ['What is the capital of France?', 'How do I bake sourdough bread?', 'Who won the 1998 football world cup?']) {
      expect(selectPassages(index.search(q, { limit: 8 }), termsOf(q).length, 3), q).toEqual([]);
    }
    expect(index.search('the of and')).toEqual([]);
  });
});

describe('phrases', () => {
  it('a question whose words the book holds as a phrase ("the travel rule") is answered, not declined', async () => {
    const r = await askBook({ question: 'What is the travel rule?', history: [] }, { search: index, engine: new OfflineAnswerEngine() });
    expect(r.answer).not.toMatch(/does not (seem to )?cover/);
    expect(r.answer).toMatch(/travel rule/i);
  });
});

describe('everyday words', () => {
  it('bring the terms the book uses, one way, and only in the sense the book means', async () => {
    const { expansionsOf } = await import('../../src/domain/assistant/text.ts');
    expect(expansionsOf('Why do big central databases keep getting hacked?').join(' ')).toMatch(/breach/);
    expect(expansionsOf('How do migrant workers send money home more cheaply?').join(' ')).toMatch(/remittance/);
    expect(expansionsOf('How can someone appeal a decision made by an algorithm?').join(' ')).toMatch(/contest/);
    expect(expansionsOf('What should a server do with a sign-in challenge after it is used?').join(' ')).not.toMatch(/contest/);
    expect(expansionsOf('How do I know a transaction is mined without running a full node?').join(' ')).toMatch(/SPV/);
    expect(expansionsOf('What is a breach?').join(' ')).not.toMatch(/hack/);
    const r = await askBook(
      { question: 'Why do big central databases keep getting hacked?', history: [] },
      { search: index, engine: new OfflineAnswerEngine() },
    );
    expect(r.citations[0]?.chapterId).toBe('chapter-01');
  });
});

describe("readers' words and the chapter's evidence", () => {
  it("finds a section by its index terms when the reader's words are not the book's", () => {
    // "insolvent" is not a word of the book; the self-custody section's index terms have it.
    const question = 'Is my data safe if the exchange becomes insolvent?';
    expect(index.search(question, { limit: 3 })[0]?.passage.slug).toBe('self-custody-without-heroics');
    // The same question without the index terms does not reach the section first.
    const bare = new BookIndex(buildIndexFile({ ...fileBook, chapters: fileBook.chapters.map((c) => ({ ...c, indexTerms: [] })) }));
    expect(bare.search(question, { limit: 3 })[0]?.passage.slug).not.toBe('self-custody-without-heroics');
  });

  it('finds a section by the questions readers would ask to find it', () => {
    // "leaks", "keep happening" and "year after year" are not how chapter 1's section on the
    // honeypot architecture (why breaches recur) puts it; its readers' questions are.
    const question = 'Why do huge data leaks keep happening every year?';
    expect(index.search(question, { limit: 3 })[0]?.passage.slug).toBe('the-honeypot-architecture');
    const unasked = new BookIndex(
      buildIndexFile({
        ...fileBook,
        chapters: fileBook.chapters.map((c) => ({ ...c, indexTerms: (c.indexTerms ?? []).map(({ questions: _, ...entry }) => entry) })),
      }),
    );
    expect(unasked.search(question, { limit: 3 })[0]?.passage.slug).not.toBe('the-honeypot-architecture');
  });

});

describe('a question told with its setting', () => {
  it('leaves out the words readers fill a question with, which headings happen to hold ("What Inclusion Actually Requires")', () => {
    expect(processTerm('actually')).toBeNull();
    expect(processTerm('Really')).toBeNull();
  });
});

describe('the offline opening', () => {
  it('follows a short sentence with the next one of its passage, which says why', async () => {
    const passage = {
      chapterId: 'chapter-02',
      chapterTitle: 'Chapter 2: Technical Foundations',
      section: 'What you do not get',
      parent: '',
      slug: 'what-you-do-not-get',
      text: 'Public ledgers are pseudonymous. Keys are not names, but transactions are public and linkable. Privacy needs work above the ledger.',
      code: '',
    };
    const answer = await new OfflineAnswerEngine().answer(
      { question: 'Are public ledgers pseudonymous?', history: [], passages: [passage] },
      { signal: AbortSignal.timeout(1000) },
    );
    // The short first sentence takes the next; the one after joins too, as it follows and holds a word asked ("ledger").
    expect(answer).toContain('“Public ledgers are pseudonymous. Keys are not names, but transactions are public and linkable. Privacy');
  });
});

describe('coverage', () => {
  it('takes the next match that covers the question when the best one holds one word of two', async () => {
    const passage = (section: string) => ({ chapterId: 'chapter-02', chapterTitle: 'c', section, parent: '', slug: section, text: section, code: '' });
    const one = { passage: passage('committing to models'), score: 2, matched: ['commit'] };
    const both = { passage: passage('hash functions'), score: 1.5, matched: ['commit', 'cryptograph'] };
    expect(selectPassages([one, both], 2, 3).map((p) => p.section)).toEqual(['hash functions', 'committing to models']);
    expect(selectPassages([one], 2, 3)).toEqual([]);
    const r = await askBook({ question: 'What is a commitment in cryptography?', history: [] }, { search: index, engine: new OfflineAnswerEngine() });
    expect(r.answer).not.toMatch(/does not (seem to )?cover/);
    expect(r.citations[0]?.quote).toMatch(/commit/i);
  });

});

describe('answers to questions about a term', () => {
  const ask = (question: string) => askBook({ question, history: [] }, { search: index, engine: new OfflineAnswerEngine() });

  it('answers the term asked about, not a name that comes after it ("a subtree in Teranode")', async () => {
    const r = await ask('What is a subtree in Teranode?');
    const opening = r.answer.split('\n\n')[1] ?? '';
    expect(opening).toMatch(/subtree/i);
    expect(opening).not.toMatch(/^“Teranode is/);
  });

  it('answers by the name the book gives a standard ("Atomic BEEF", "identity certificates", "topic manager")', async () => {
    expect((await ask('What is Atomic BEEF?')).answer).toMatch(/“BRC-95, Atomic BEEF, /);
    expect((await ask('What is an identity certificate?')).answer).toMatch(/“BRC-52 defines identity certificates/);
    const manager = await ask('What is a topic manager?');
    expect(manager.citations[0]?.url).toBe('/book/chapter-06#topic-managers-brc-22');
  });

  it('reads English questions with words other languages share ("was", "die", "comment") as English', async () => {
    const { looksNonEnglish } = await import('../../src/domain/assistant/offline.ts');
    for (const q of ['What was the Genesis upgrade?', 'How can a voter check their ballot was counted?', 'Can a comment die on the ledger?'])
      expect(looksNonEnglish(q), q).toBe(false);
    for (const q of ['Was ist BEEF?', 'Comment fonctionne SPV ?', 'Que es el SPV', 'Wie funktioniert SPV?']) expect(looksNonEnglish(q), q).toBe(true);
  });
});

describe('plurals', () => {
  it('reads a short plural as its singular, where a short word ending in s is not a plural', () => {
    expect(termsOf('keys fees apps sats ids')).toEqual(['key', 'fee', 'app', 'sat', 'id']);
    expect(termsOf('news gas bus less axis')).toEqual(['news', 'gas', 'bus', 'less', 'axis']);
    // Acronyms keep their letters: DNS is not the plural of a "DN".
    expect(termsOf('DNS TLS')).toEqual(['dns', 'tls']);
  });
});

describe('an opening of two sentences, and quotes that do not repeat it', () => {
  const passage = (section: string, text: string) => ({ chapterId: 'chapter-08', chapterTitle: 'c', section, parent: '', slug: section, text, code: '' });
  const answer = (question: string, ...passages: ReturnType<typeof passage>[]) =>
    new OfflineAnswerEngine().answer({ question, history: [], passages }, { signal: AbortSignal.timeout(1000) });

  it('adds the best sentence of the next passage when it matches as well, cited, and not one that matches less', async () => {
    const echo = passage('Sharing', 'A patient should be able to cancel the credential a clinic was given, and see who holds it now.');
    const how = passage('Revocation', 'To cancel a credential, the issuer spends the output that holds it; verifiers see it spent.');
    const other = passage('Fees', 'Fees are paid at the usual rate for a small transaction that holds a credential.');
    const both = (await answer('How does an issuer cancel a credential?', echo, how)).split('\n\n')[1];
    expect(both).toBe(`“${echo.text}” [1] “${how.text}” [2]`);
    // Another passage's sentence that matches one word is not worth a reader's time in the opening.
    const one = (await answer('How does an issuer cancel a credential?', echo, other)).split('\n\n')[1];
    expect(one).toBe(`“${echo.text}” [1]`);
  });

  it('joins the sentence that follows the first in its passage, and never puts one before the best', async () => {
    const text =
      'Revocation is cheap: a credential is cancelled by spending its output. The issuer signs that spend with its key, so nobody else can cancel a credential.';
    const opening = (await answer('Who can cancel a credential?', passage('Revocation', text))).split('\n\n')[1];
    expect(opening).toBe(`“${text}” [1]`);
    // A sentence before the best sets it up: it is not quoted after it.
    const setup = 'Anyone holding a credential may wonder what a verifier sees once it is gone, and who decides that.';
    const best = 'Only the issuer can cancel a credential, by spending the output that holds it with its own key, which nobody else has.';
    const two = (await answer('Who can cancel a credential?', passage('Revocation', `${setup} ${best}`))).split('\n\n')[1];
    expect(two).toBe(`“${best}” [1]`);
  });

  it('quotes each passage where the opening did not, and names one the opening quoted whole', async () => {
    const first = 'A credential is cancelled when its issuer spends the output that holds it, which any verifier can check against the chain at any time.';
    const text = `${first} The overlay drops it at once. Wallets then show it as revoked.`;
    const one = passage('Short', 'Nothing else is needed to cancel a credential.');
    const parts = (await answer('How is a credential cancelled?', passage('Revocation', text), one)).split('\n\n');
    expect(parts.slice(1)).toEqual([
      `“${first}” [1] “${one.text}” [2]`,
      '[1] Revocation (c): “The overlay drops it at once. Wallets then show it as revoked.”',
      '[2] Short (c)',
    ]);
  });

  it("goes on from the opening's sentences in that passage's quote, and reads places past the end as nothing", () => {
    const text = 'BEEF is a format. It carries proofs. Wallets use it. Servers check it.';
    expect(bestQuote(text, termsOf('What is BEEF?'), 320, new Set([0]))).toBe('It carries proofs. Wallets use it. Servers check it.');
    expect(bestQuote(text, termsOf('What do servers check?'), 320, new Set([1]))).toBe('Wallets use it. Servers check it.');
    // A place the passage does not have is not a quoted sentence: the others are still left out.
    expect(bestQuote('Alpha credential one. Beta credential two. Gamma three.', termsOf('credential'), 320, new Set([0, 1, 9]))).toBe('Gamma three.');
  });
});

describe('slips of the keyboard', () => {
  const ask = (question: string) => askBook({ question, history: [] }, { search: index, engine: new OfflineAnswerEngine() });

  it('counts an insertion, a deletion, a wrong letter and two swapped letters as one edit each', () => {
    expect(editDistance('transaction', 'transacton')).toBe(1);
    expect(editDistance('ledger', 'ledgger')).toBe(1);
    expect(editDistance('ledger', 'ledgar')).toBe(1);
    expect(editDistance('merkle', 'merlke')).toBe(1);
    expect(editDistance('merkle', 'mrelke')).toBe(2);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it("reads a word the book never uses as the book's word one slip away, and leaves the rest as written", () => {
    expect(index.correct('How is a Merlke root computed from the transactons?')).toBe('How is a Merkle root computed from the transactions?');
    // Two slips for a long word, one for a short one.
    expect(index.correct('How does the overaly network work?')).toBe('How does the overlay network work?');
    expect(index.correct('What is a certifciate?')).toBe('What is a certificate?');
    // A word with no book word near it, an acronym, a compound and a short word stay as written.
    expect(index.correct('What time zone is Tokyo in?')).toBe('What time zone is Tokyo in?');
    // A name is read only as a name the book writes: France is not the book's "franca" (lingua franca).
    expect(index.correct('What is the capital of France?')).toBe('What is the capital of France?');
    expect(index.correct('How does Teranoed scale?')).toBe('How does Teranode scale?');
    expect(index.correct('What is a PushrDop token in TypeSrcipt?')).toBe('What is a PushDrop token in TypeScript?');
    expect(index.correct('What is SPVV, BRC-1000 or a tokn?')).toBe('What is SPVV, BRC-1000 or a tokn?');
  });

  it('leaves an English word the book never uses as written, where it had been read as a book word one slip away', () => {
    for (const q of [
      'How can a small charity show donors where every dollar went?',
      'How do I choose a good mattress?',
      'Can a coffee roaster prove its beans came from the farm it claims?',
      'How can I sleep better at night?',
    ])
      expect(index.correct(q), q).toBe(q);
    // A slip that is no English word is still read as the book's word.
    expect(index.correct('How do donors see a transacton?')).toBe('How do donors see a transaction?');
  });

  it('answers a question with a slip as it answers the question without it, and a model still reads it as asked', async () => {
    const clean = await ask('What is a Merkle tree?');
    const slipped = await ask('What is a Merlke tree?');
    expect(slipped.citations.map((c) => c.url)).toEqual(clean.citations.map((c) => c.url));
    let seen = '';
    const model = { name: 'anthropic' as const, model: 'm', quotesPassages: false, answer: async (input: { question: string }) => ((seen = input.question), 'An answer [1].') };
    await askBook({ question: 'What is a Merlke tree?', history: [] }, { search: index, engine: model });
    expect(seen).toBe('What is a Merlke tree?');
  });

  it('says how it read a question with a slip, and says nothing more of one typed right', async () => {
    expect((await ask('What is a Merlke tree?')).answer).toContain('\n\nRead as: “What is a Merkle tree?”\n\n');
    expect((await ask('What is a Merkle tree?')).answer).not.toContain('Read as');
    // A marker typed in the question is shown, not taken as a citation: the citations are the clean question's.
    const marked = await ask('What is a Merlke tree [3]?');
    expect(marked.answer).toContain('Read as: “What is a Merkle tree (3)?”');
    expect(marked.citations.map((c) => c.url)).toEqual((await ask('What is a Merkle tree?')).citations.map((c) => c.url));
    // Read as the book's words, the question may still be one the book does not answer; it says both.
    const uncovered = await ask('Whcih gondolas are pubilc?');
    expect(uncovered.citations).toEqual([]);
    expect(uncovered.answer).toMatch(/does not seem to cover[^]*\n\nRead as: “Which gondolas are public\?”$/);
  });

  it('looks at six unknown words of a question at most, so a question of junk words costs little', () => {
    expect(index.correct(Array.from({ length: 7 }, () => 'Merlke').join(' '))).toBe('Merkle Merkle Merkle Merkle Merkle Merkle Merlke');
  });

  it('reads the previous question with its slips too, and leaves a question in another language as written', async () => {
    const seen: string[] = [];
    const spy = { glossary: index.glossary, search: index.search.bind(index), correct: (q: string) => (seen.push(q), index.correct(q)) };
    await askBook(
      {
        question: 'And how big is it?',
        history: [
          { role: 'user', content: 'What is a Merlke proof?' },
          { role: 'assistant', content: 'A proof.' },
        ],
      },
      { search: spy, engine: new OfflineAnswerEngine() },
    );
    expect(seen).toEqual(['And how big is it?', 'What is a Merlke proof?']);
    seen.length = 0;
    // "significa" is one slip from an English word of the book; a Spanish question is not read as English.
    await askBook({ question: '¿Qué significa SPV?', history: [] }, { search: spy, engine: new OfflineAnswerEngine() });
    expect(seen).toEqual([]);
  });

});

describe('a definition asked in one part of a longer question', () => {
  const opening = async (question: string) => {
    const r = await askBook({ question, history: [] }, { search: index, engine: new OfflineAnswerEngine() });
    return r.answer.split('\n\n')[1] ?? '';
  };
  const sentenceOf = (term: string) => index.glossary.find((g) => g.term === term)?.sentence ?? `no glossary entry for ${term}`;

  it('answers the part that asks what a term is, in a sentence of its own or a clause after ", and"', async () => {
    // Before, each opened with a sentence that echoed the rest of the question (FHIR: "decades of failed national record projects").
    expect(await opening('What is FHIR? The health chapter uses it a lot but I am not from the medical field.')).toContain(sentenceOf('FHIR'));
    expect(await opening('BRC-121 is what exactly? Is it the same thing as BRC-105 or something different?')).toContain(sentenceOf('BRC-121'));
  });

  it('reads "What is that?" as asking about the term the sentence before it names, never about "that"', async () => {
    const question =
      'We want to confirm that a worker really received a payment without exposing her other income. The docs keep mentioning BRC-69. What is that?';
    expect(await opening(question)).toContain(sentenceOf('BRC-69'));
  });

});

describe('conversations: a follow-up leans on the question before, a new question does not', () => {
  const ask = async (first: string, then: string) => {
    const engine = new OfflineAnswerEngine();
    const before = await askBook({ question: first, history: [] }, { search: index, engine });
    return askBook(
      {
        question: then,
        history: [
          { role: 'user', content: first },
          { role: 'assistant', content: before.answer.slice(0, 6000) },
        ],
      },
      { search: index, engine },
    );
  };

  it('does not pull a new question that names its own term back to the old subject', async () => {
    // Before, chapter 9's "Mapping to FHIR" was quoted second in the answer about BRC-69.
    const r = await ask('What is FHIR? The health chapter uses it a lot.', 'The docs keep mentioning BRC-69. What is that?');
    expect(r.citations[0]?.chapterId).toBe('chapter-10');
    expect(r.citations.map((c) => c.url)).not.toContain('/book/chapter-09#mapping-to-fhir');
  });

  it('answers a follow-up one of whose own words the book uses, searched with the question before', async () => {
    // Before: "not covered": the passage on agents' identities, found with the question before, holds one of its two words.
    const r = await ask('Can an AI agent have an identity of its own?', 'what happens if it misbehaves?');
    expect(r.citations[0]?.chapterId).toBe('chapter-10');
    expect(r.answer).not.toMatch(/does not (seem to )?cover/);
  });
});

describe('the offline answer lists its sources in the order the opening cites them', () => {
  const passage = (section: string, text: string, chapterTitle = 'Chapter 8: Wallets') => ({
    chapterId: 'chapter-08',
    chapterTitle,
    section,
    parent: '',
    slug: section,
    text,
    code: '',
  });

  it('puts the passage the opening quotes first, so the sources read [1], [2] once numbered by first use', async () => {
    const other = passage('Fees', 'Fees are paid at the usual rate for a small transaction.');
    const how = passage('Revocation', 'To cancel a credential, the issuer spends the output that holds it, and every verifier sees it spent.');
    const r = await askBook(
      { question: 'How does an issuer cancel a credential?', history: [] },
      {
        search: { glossary: [], search: () => [other, how].map((p) => ({ passage: p, score: 1, matched: termsOf('issuer cancel credential') })) },
        engine: new OfflineAnswerEngine(),
      },
    );
    // Before, the sources were listed "[2] Fees", then "[1] Revocation".
    expect(r.answer.split('\n\n').slice(2)).toEqual(['[1] Revocation (Chapter 8: Wallets)', `[2] Fees (Chapter 8: Wallets): “${other.text}”`]);
  });

  it("names a chapter's opening passage by its chapter alone", async () => {
    const intro = passage('Healthcare', 'Health records are a trust problem before they are a storage problem.', 'Chapter 9: Healthcare');
    const text = await new OfflineAnswerEngine().answer(
      { question: 'Is health data a trust problem?', history: [], passages: [intro] },
      { signal: AbortSignal.timeout(1000) },
    );
    expect(text).toContain('[1] Chapter 9: Healthcare');
    expect(text).not.toContain('Healthcare (Chapter 9');
  });
});
