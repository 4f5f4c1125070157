import { beforeAll, describe, expect, it } from 'vitest';
import { stemmer } from 'stemmer';
import { askBook, selectPassages } from '../../src/domain/assistant/ask.ts';
import { termAskedAbout, thingAskedAbout } from '../../src/domain/assistant/glossary.ts';
import { OfflineAnswerEngine } from '../../src/domain/assistant/offline.ts';
import { BookIndex, buildIndexFile, INDEX_VERSION, type IndexFile } from '../../src/domain/assistant/search.ts';
import { splitChapter } from '../../src/domain/assistant/sections.ts';
import { askedPart, bestQuote, editDistance, processTerm, sentences, termsOf } from '../../src/domain/assistant/text.ts';
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

/** The offline engine's opening sentence for `question` when the only passage found holds `text`. */
async function offlineOpening(question: string, text: string): Promise<string> {
  const passage = { chapterId: 'chapter-02', chapterTitle: 'c', section: 's', parent: '', slug: 's', text, code: '' };
  const answer = await new OfflineAnswerEngine().answer({ question, history: [], passages: [passage] }, { signal: AbortSignal.timeout(1000) });
  return answer.split('\n\n')[1] ?? '';
}

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
  it('a question whose best word match does not cover it is answered from a passage holding its words as a phrase', async () => {
    const { termPairs, holdsPair } = await import('../../src/domain/assistant/text.ts');
    expect(termPairs('What is the travel rule?')).toEqual(['travel rule']);
    expect(holdsPair('providers pass originator data along, the so-called travel rule', ['travel rule'])).toBe(true);
    expect(holdsPair('a rule for travel', ['travel rule'])).toBe(false);
    const passage = (section: string) => ({ chapterId: 'chapter-01', chapterTitle: 'c', section, parent: '', slug: section, text: section, code: '' });
    const weak = { passage: passage('rule of thumb'), score: 10, matched: ['rule'] };
    const phrased = { passage: passage('compliance'), score: 4, matched: ['travel', 'rule'], phrase: true };
    expect(selectPassages([weak, phrased], 4, 3).map((p) => p.section)).toEqual(['compliance', 'rule of thumb']);
    expect(selectPassages([weak, { ...phrased, phrase: false }], 4, 3)).toEqual([]);
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
    // "leaks", "keep happening" and "year after year" are not how chapter 1's section on breaches
    // puts it; its readers' questions are.
    const question = 'Why do huge data leaks keep happening every year?';
    expect(index.search(question, { limit: 3 })[0]?.passage.slug).toBe('breaches-as-a-structural-outcome');
    const unasked = new BookIndex(
      buildIndexFile({
        ...fileBook,
        chapters: fileBook.chapters.map((c) => ({ ...c, indexTerms: (c.indexTerms ?? []).map(({ questions: _, ...entry }) => entry) })),
      }),
    );
    expect(unasked.search(question, { limit: 3 })[0]?.passage.slug).not.toBe('breaches-as-a-structural-outcome');
  });

  it('lets the prose lead for a question that names a term, over a section whose readers ask about it in passing', () => {
    // Chapter 20's Centbee section has a reader ask whether it prepared for "travel rule requirements".
    expect(index.search('What is the travel rule?', { limit: 3 })[0]?.passage.chapterId).toBe('chapter-17');
  });

  it("multiplies a passage's score by its chapter's evidence, so a weak passage stays below a strong one", () => {
    const hits = index.search('What is BEEF?', { limit: 6 });
    for (const hit of hits) expect(hit.score).toBeLessThanOrEqual(hits[0]?.score ?? 0);
    // Every passage given for "What is BEEF?" is about BEEF, though chapter 6 holds other strong passages.
    const r = selectPassages(hits, 1, 3);
    for (const p of r) expect(`${p.section} ${p.text}`).toMatch(/BEEF/);
  });
});

describe('a question told with its setting', () => {
  it('is split into the sentences that ask and the setting', () => {
    expect(askedPart('I run a small bakery. How can I prove my flour is organic?')).toEqual({
      asked: 'How can I prove my flour is organic?',
      setting: 'I run a small bakery.',
    });
    // The asking sentence may come first; without a question mark, the last sentence asks.
    expect(askedPart('How do I prove it? I run a bakery.').asked).toBe('How do I prove it?');
    expect(askedPart('I run a bakery. tell me how to prove my flour is organic').asked).toBe('tell me how to prove my flour is organic');
    // One sentence, or questions only, is all asking; a decimal point ends no sentence.
    expect(askedPart('What is BEEF?')).toEqual({ asked: 'What is BEEF?', setting: '' });
    expect(askedPart('Is it safe? Why?')).toEqual({ asked: 'Is it safe? Why?', setting: '' });
    expect(askedPart('Why are headers 4.2 MB a year?').setting).toBe('');
  });

  it("is searched whole, with its asking sentences counted again, so the setting's words do not lead", async () => {
    const question =
      'How much does a data breach typically cost a business nowadays? I run IT for a small chain of dental practices, and the partners want a figure before they approve any security spending. A recent average would help me make the case.';
    const { asked } = askedPart(question);
    expect(index.search(question, { limit: 1, focus: asked })[0]?.passage.chapterId).toBe('chapter-01');
    // Read whole and alone, "figure", "approve" and "spending" lead to chapter 19's fees.
    expect(index.search(question, { limit: 1 })[0]?.passage.chapterId).not.toBe('chapter-01');
    const r = await askBook({ question, history: [] }, { search: index, engine: new OfflineAnswerEngine() });
    expect(r.citations[0]?.chapterId).toBe('chapter-01');
  });

  it('leaves out the words readers fill a question with, which headings happen to hold ("What Inclusion Actually Requires")', async () => {
    expect(processTerm('actually')).toBeNull();
    expect(processTerm('Really')).toBeNull();
    const question =
      'We host a small image model, and last month scrapers using endless free accounts ran our GPU bill through the roof without ever crashing the site. Is there a name for this kind of attack, and what actually stops it being free for them?';
    const r = await askBook({ question, history: [] }, { search: index, engine: new OfflineAnswerEngine() });
    expect(r.citations[0]?.chapterId).toBe('chapter-07');
  });

  it('opens the offline answer with the sentence that answers what it asks, not the one that echoes its setting', async () => {
    const passage = {
      chapterId: 'chapter-12',
      chapterTitle: 'Chapter 12: Supply Chain',
      section: 'Bakeries',
      parent: '',
      slug: 'bakeries',
      text: 'Small bakeries sell bread to local customers every morning. A miller proves flour is organic with a signed certificate whose hash is anchored on chain.',
      code: '',
    };
    const question = 'I run a small bakery and my customers buy bread every morning. How can I prove my flour is organic?';
    const engine = new OfflineAnswerEngine();
    const answer = await askBook(
      { question, history: [] },
      { search: { glossary: [], search: () => [{ passage, score: 1, matched: termsOf(question) }] }, engine },
    );
    expect(answer.answer.split('\n\n')[1]).toMatch(/^“A miller proves flour is organic/);
    // Without its asking sentence the engine opens with the setting's echo.
    const echo = await engine.answer({ question, history: [], passages: [passage] }, { signal: AbortSignal.timeout(1000) });
    expect(echo.split('\n\n')[1]).toMatch(/^“Small bakeries sell bread/);
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
    expect(answer).toContain('“Public ledgers are pseudonymous. Keys are not names, but transactions are public and linkable.” [1]');
    expect(answer).not.toContain('linkable. Privacy needs work above the ledger.” [1]\n');
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

  it('counts a word read one slip away as less than a word typed, so "Tower" read as power covers nothing', async () => {
    const passage = (chapterId: string, section: string) => ({ chapterId, chapterTitle: 'c', section, parent: '', slug: section, text: section, code: '' });
    const hit = { passage: passage('chapter-13', 'energy'), score: 2, matched: ['power', 'built'] };
    // Two of three words typed cover a question (0.67); a guessed word and a typed one do not (0.58).
    expect(selectPassages([hit], 3, 3)).toHaveLength(1);
    expect(selectPassages([hit], 3, 3, false, new Set(['power']))).toEqual([]);
    const r = await askBook({ question: 'When was the Eiffel Tower built?', history: [] }, { search: index, engine: new OfflineAnswerEngine() });
    expect(r.answer).toMatch(/does not (seem to )?cover/);
  });

  it('takes three best passages of one chapter, each with two words of the question and together most of them, as covering it', async () => {
    const passage = (chapterId: string, section: string) => ({ chapterId, chapterTitle: 'c', section, parent: '', slug: section, text: section, code: '' });
    const hits = ['streaming', 'channels', 'per-item content'].map((section, i) => ({
      passage: passage('chapter-16', section),
      score: 2 - i / 10,
      matched: i === 2 ? ['paid', 'song'] : ['paid', 'stream'],
    }));
    // Each holds two of five words (0.4), together three (0.6).
    expect(selectPassages(hits, 5, 3)).toHaveLength(3);
    expect(selectPassages(hits, 6, 3)).toEqual([]);
    expect(
      selectPassages(
        hits.map((h, i) => (i === 2 ? { ...h, passage: passage('chapter-07', 'per-item content') } : h)),
        5,
        3,
      ),
    ).toEqual([]);
    // Before, "not covered", though chapter 16 is on streaming and per-item payments.
    const r = await askBook(
      { question: 'How can a musician get paid each time a song is streamed?', history: [] },
      { search: index, engine: new OfflineAnswerEngine() },
    );
    expect(r.citations[0]?.chapterId).toBe('chapter-16');
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

  it('does not take a year for the amount a "how many" question asks about, nor a chapter number', async () => {
    // Each first sentence matches the question as well as the answer does, and comes first: only
    // its number being a year, or a chapter's, lets the answer lead.
    const opening = (text: string) => offlineOpening('How many satoshis make one BSV?', text);
    const answer = 'One BSV is 100,000,000 satoshis, the unit in which every fee in this book is quoted, whatever the exchange rate of the day may be.';
    const year = 'The name BSV, for Bitcoin Satoshi Vision, dates from November 2018, when the chain split from Bitcoin Cash over the size of blocks.';
    const chapter = 'Chapter 19 compares BSV with the chain it split from, and the satoshis each charges for the same payment, in a table of its own.';
    expect(await opening(`${year} ${answer}`)).toMatch(/^“One BSV is 100,000,000 satoshis/);
    expect(await opening(`${chapter} ${answer}`)).toMatch(/^“One BSV is 100,000,000 satoshis/);
  });

  it('reads English questions with words other languages share ("was", "die", "comment") as English', async () => {
    const { looksNonEnglish } = await import('../../src/domain/assistant/offline.ts');
    for (const q of ['What was the Genesis upgrade?', 'How can a voter check their ballot was counted?', 'Can a comment die on the ledger?'])
      expect(looksNonEnglish(q), q).toBe(false);
    for (const q of ['Was ist BEEF?', 'Comment fonctionne SPV ?', 'Que es el SPV', 'Wie funktioniert SPV?']) expect(looksNonEnglish(q), q).toBe(true);
  });
});

describe('plurals, titled sections and amounts', () => {
  const ask = (question: string) => askBook({ question, history: [] }, { search: index, engine: new OfflineAnswerEngine() });

  it('reads a short plural as its singular, where a short word ending in s is not a plural', () => {
    expect(termsOf('keys fees apps sats ids')).toEqual(['key', 'fee', 'app', 'sat', 'id']);
    expect(termsOf('news gas bus less axis')).toEqual(['news', 'gas', 'bus', 'less', 'axis']);
    // Acronyms keep their letters: DNS is not the plural of a "DN".
    expect(termsOf('DNS TLS')).toEqual(['dns', 'tls']);
  });

  it('answers from the section titled with the whole of what is asked, before a glossary term inside it', async () => {
    // C2PA is defined in chapter 1; "The C2PA manifest" is a section of chapter 15.
    expect((await ask('What is a C2PA manifest?')).citations[0]?.url).toBe('/book/chapter-15#the-c2pa-manifest');
    expect((await ask('What is C2PA?')).citations[0]?.chapterId).toBe('chapter-01');
    // A heading that holds more than the question ("Batch under a Merkle root") is not the section on it.
    expect((await ask('What is a Merkle root?')).citations[0]?.chapterId).toBe('chapter-02');
  });

  it('opens an amount question with the sentence that states the amount and little else', async () => {
    const text =
      'A typical payment of 226 bytes at 100 satoshis per kilobyte costs 23 satoshis, about a thousandth of a cent at $50 per BSV. One BSV is 100,000,000 satoshis.';
    expect(await offlineOpening('How many satoshis make one BSV?', text)).toMatch(/^“One BSV is 100,000,000 satoshis/);
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

  it('quotes a best sentence that points back ("It ...", "But ...") with the sentence before it', async () => {
    const subject = 'A trust layer is not a product.';
    const pointing = 'It is shared infrastructure between the systems that make decisions and the people who must believe them.';
    const opening = (await answer('Who must believe the decisions of shared systems?', passage('Layer', `${subject} ${pointing}`))).split('\n\n')[1];
    expect(opening).toBe(`“${subject} ${pointing}” [1]`);
    // A first sentence that names its subject stands alone.
    const named = 'The trust layer is shared infrastructure between the systems that make decisions and the people who must believe them.';
    expect((await answer('Who must believe the decisions of shared systems?', passage('Layer', `${subject} ${named}`))).split('\n\n')[1]).toBe(
      `“${named}” [1]`,
    );
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

  it('answers an amount with the sentence that states it alone', async () => {
    const first = 'One BSV is 100,000,000 satoshis, whatever the exchange rate of the day may be in any of the currencies you happen to price goods in.';
    const text = `${first} The unit is named after the pseudonymous author. A typical payment costs 23 satoshis at the usual rate of 100 satoshis per kilobyte, which any wallet pays from the change it already holds without a thought.`;
    expect((await answer('How many satoshis make one BSV?', passage('Units', text))).split('\n\n')[1]).toBe(`“${first}” [1]`);
  });

  it('does not add a sentence that leans on one the reader has not seen, nor one already shown', async () => {
    const echo = passage('Sharing', 'A patient should be able to cancel the credential a clinic was given, and see who holds it now.');
    const leaning = passage('Revocation', 'This is why an issuer can cancel a credential at any time, by spending the output that holds it.');
    expect((await answer('How does an issuer cancel a credential?', echo, leaning)).split('\n\n')[1]).toBe(`“${echo.text}” [1]`);
    const twice = passage('Twice', `${echo.text} Wallets notice it. ${echo.text}`);
    expect((await answer('How does an issuer cancel a credential?', twice)).split('\n\n')[1]).toBe(`“${echo.text} Wallets notice it.” [1]`);
  });

  it("goes on from the opening's sentences in that passage's quote, and reads places past the end as nothing", () => {
    const text = 'BEEF is a format. It carries proofs. Wallets use it. Servers check it.';
    expect(bestQuote(text, termsOf('What is BEEF?'), 320, new Set([0]))).toBe('It carries proofs. Wallets use it. Servers check it.');
    expect(bestQuote(text, termsOf('What do servers check?'), 320, new Set([1]))).toBe('Wallets use it. Servers check it.');
    // A place the passage does not have is not a quoted sentence: the others are still left out.
    expect(bestQuote('Alpha credential one. Beta credential two. Gamma three.', termsOf('credential'), 320, new Set([0, 1, 9]))).toBe('Gamma three.');
  });
});

describe('amounts in the opening', () => {
  const opening = async (question: string) =>
    (await askBook({ question, history: [] }, { search: index, engine: new OfflineAnswerEngine() })).answer.split('\n\n')[1] ?? '';

  it('reads a number with thousands separators as one number', () => {
    expect(termsOf('1,000 sat/kB and 23,000,000 satoshis')).toEqual(['1,000', 'sat', 'kb', '23,000,000', 'satoshi']);
  });

  it('opens with the table row that states the numbers the question gives', async () => {
    // Before, "1,000" was read as 1 and 000, and the row of 23,000,000 satoshis matched it as well.
    // After the section's written answer, the quoted sentence is the row asked about.
    expect(await opening('How much does a 226-byte payment cost at 1,000 sat/kB?')).toMatch(
      /\[1\] “P2PKH payment at 10× the rate: Bytes 226; Rate \(sat\/kB\) 1,000; Fee/,
    );
    // A row that holds two of the question's words together ("Hash anchor") is the row asked about.
    expect(await opening('What fee does a hash anchor pay at 100 satoshis per kilobyte?')).toMatch(/\[1\] “Hash anchor, 1 in/);
  });

  it('opens with the amount in the unit asked: a time for "how long", a size for "how big"', async () => {
    expect(await opening('How long does the SDK cache the fee rate?')).toMatch(/caches (it|the rate) for five minutes/);
    // SHA-256 is a name, not an amount: the sentence with 256 bits answers.
    expect(await opening('How big is a SHA-256 hash?')).toContain('produces 256 bits');
  });

  it('reads a superlative ("the largest block") as a question about an amount', async () => {
    // Before, the opening was the sentence on the setting that caps blocks, without a size.
    expect(await opening('What is the largest block mined on BSV?')).toContain('a block of 1,999,941,397 bytes');
  });

  it('does not take the digits of a name (BRC-105) for the amount asked', async () => {
    const text = 'BRC-105 covers the share of requests a server prices itself. BRC-105 covers a share of requests: 40 percent, by the survey.';
    expect(await offlineOpening('What share of requests does BRC-105 cover?', text)).toMatch(/^“BRC-105 covers a share of requests: 40 percent/);
  });
});

describe('slips of the keyboard and words the book only begins', () => {
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

  it('finds the word a question shortens ("multisig" for multisignature), which was "not covered"', async () => {
    const r = await ask('What is multisig?');
    expect(r.citations[0]?.url).toBe('/book/chapter-02#script-programmable-conditions');
    expect(r.answer).toContain('Multisignature');
  });
});

describe('what the glossary lacks, answered from the sentence that says what it is', () => {
  const opening = async (question: string) => {
    const r = await askBook({ question, history: [] }, { search: index, engine: new OfflineAnswerEngine() });
    return { opening: r.answer.split('\n\n')[1] ?? '', first: r.citations[0]?.url };
  };

  it('opens with the sentence that opens with the thing, or names it in apposition', async () => {
    // Before, Scope 3 opened with "For many companies, Scope 3 is by far the largest share", and paymail with a sentence naming paymail handles.
    expect((await opening('What is Scope 3?')).opening).toMatch(/^“Scope 3 covers everything else in its value chain/);
    const paymail = await opening('What is paymail?');
    expect(paymail.opening).toMatch(
      /^In the book, a paymail is a human-readable payment address format\. The book puts it this way: “It also helped establish paymail/,
    );
    expect(paymail.first).toMatch(/^\/book\/chapter-20#/);
  });

  it('keeps the glossary first ("What is BEEF?") and a section titled with the question first ("What is a C2PA manifest?")', async () => {
    const beef = termAskedAbout('What is BEEF?', index.glossary);
    expect(beef?.term).toBe('BEEF');
    expect((await opening('What is BEEF?')).opening).toContain(beef?.sentence);
    expect((await opening('What is a C2PA manifest?')).first).toMatch(/^\/book\/chapter-15#the-c2pa-manifest/);
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
    expect(await opening('What does ARIA stand for in BRC-122, and is it a finished standard?')).toContain(sentenceOf('ARIA'));
    expect(await opening('BRC-121 is what exactly? Is it the same thing as BRC-105 or something different?')).toContain(sentenceOf('BRC-121'));
  });

  it('reads "What is that?" as asking about the term the sentence before it names, never about "that"', async () => {
    const question =
      'We want to confirm that a worker really received a payment without exposing her other income. The docs keep mentioning BRC-69. What is that?';
    expect(await opening(question)).toContain(sentenceOf('BRC-69'));
    expect(thingAskedAbout('What is that?')).toBeUndefined();
  });

  it('lets the words of the defining sentence place the term ("the TLC in the food traceability rule"), but not a question of its own', async () => {
    expect(await opening('What is the TLC in the FDA food traceability rule?')).toContain(sentenceOf('TLC'));
    // "how many" asks for a number: BRC-43's definition does not answer it.
    expect(await opening('BRC-43 keys have how many security levels?')).not.toContain(sentenceOf('BRC-43'));
  });

  it('finds a thing the book introduces after a colon ("replaces them with upvaluing: a reader attaches...")', async () => {
    expect(thingAskedAbout('What exactly is upvaluing?')).toBe('upvaluing');
    const question =
      'I run a hobby forum and our like button gets gamed by bot accounts every week. Someone said this book proposes something called upvaluing instead. What exactly is upvaluing?';
    expect(await opening(question)).toMatch(/upvaluing: a reader attaches a small payment/);
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

describe("American spellings find the book's British words", () => {
  it('reads -ize, -or, -er, -ense, -og and skeptic as the book writes them, and leaves size and prize alone', () => {
    const same = (us: string, uk: string) => expect(processTerm(us), `${us} as ${uk}`).toEqual(processTerm(uk));
    same('organize', 'organise');
    same('decentralization', 'decentralisation');
    same('analyzed', 'analysed');
    same('behavior', 'behaviour');
    same('neighborhood', 'neighbourhood');
    same('center', 'centre');
    same('defense', 'defence');
    same('license', 'licence');
    same('catalog', 'catalogue');
    same('skeptical', 'sceptical');
    same('judgment', 'judgement');
    for (const word of ['size', 'prize', 'seize', 'capsize', 'motor', 'meter', 'price']) expect(processTerm(word)).toEqual([stemmer(word)]);
  });

  it('answers a question in American spelling that found nothing before', async () => {
    // Before: "not covered" ("decentralization" is not the book's "decentralisation").
    const r = await askBook({ question: 'Why is decentralization expensive?', history: [] }, { search: index, engine: new OfflineAnswerEngine() });
    expect(r.citations[0]?.chapterId).toBe('chapter-19');
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
