import { describe, expect, it } from 'vitest';
import { definitionsIn, spellsOut, termAskedAbout, type GlossaryEntry } from '../../src/domain/assistant/glossary.ts';
import { looksNonEnglish, OFFLINE_ENGLISH_ONLY } from '../../src/domain/assistant/offline.ts';

describe('the glossary extractor', () => {
  it('recognises a spelled-out acronym by its initials (small words aside, a digit repeats a letter)', () => {
    expect(spellsOut('SPV', 'simplified payment verification')).toBe(true);
    expect(spellsOut('C2PA', 'Coalition for Content Provenance and Authenticity')).toBe(true);
    expect(spellsOut('SPV', 'payment verification')).toBe(false);
    expect(spellsOut('ARC', 'a random crowd of words here')).toBe(false);
  });

  it('reads the forms the book defines terms in', () => {
    expect(definitionsIn('This is simplified payment verification, SPV, and it is the answer.')).toContainEqual({
      term: 'SPV',
      meaning: 'simplified payment verification',
      expansion: true,
    });
    expect(definitionsIn('BRC-62 defines BEEF, the Background Evaluation Extended Format, for exactly this.')).toContainEqual({
      term: 'BEEF',
      meaning: 'Background Evaluation Extended Format',
      expansion: true,
    });
    expect(definitionsIn('Hosts find each other through SHIP (Services Host Interconnect Protocol).')).toContainEqual({
      term: 'SHIP',
      meaning: 'Services Host Interconnect Protocol',
      expansion: true,
    });
    expect(definitionsIn('Broadcast through a transaction processor such as ARC, then wait.')).toContainEqual({
      term: 'ARC',
      meaning: 'transaction processor',
      expansion: false,
    });
    expect(definitionsIn('A consent overlay defines a topic manager (BRC-22) that admits tokens.')).toContainEqual({
      term: 'BRC-22',
      meaning: 'topic manager',
      expansion: false,
    });
    // Not a definition: a capitalised word that is not a name, and an acronym with a number after it.
    expect(definitionsIn('Certification is a business in itself.')).toEqual([]);
    expect(definitionsIn('Use a trusted timestamping service such as RFC 3161 servers.')).toEqual([]);
  });

  it('reads plurals, hyphens, letters from inside a word, "stands for", and a second name', () => {
    const one = (sentence: string) => definitionsIn(sentence).filter((c) => c.expansion);
    expect(one('Ledgers track unspent transaction outputs (UTXOs), each locked by a script.')).toEqual([
      { term: 'UTXO', meaning: 'unspent transaction output', expansion: true },
    ]);
    expect(one('The most common pattern, pay-to-public-key-hash (P2PKH), looks like this:')[0]?.meaning).toBe('pay-to-public-key-hash');
    expect(one('Browsers speak the Hypertext Transfer Protocol (HTTP) to servers.')[0]).toEqual({
      term: 'HTTP',
      meaning: 'Hypertext Transfer Protocol',
      expansion: true,
    });
    expect(one('RFC 9110 (RFC stands for Request for Comments, the series of Internet standards) lists it.')[0]?.meaning).toBe('Request for Comments');
    expect(one('HL7 FHIR (Fast Healthcare Interoperability Resources) already defines a Consent resource.')[0]?.term).toBe('FHIR');
    // No leading small words in the expansion, and no expansion without the initials.
    expect(one('It costs seconds of graphics processing unit (GPU) time.')[0]?.meaning).toBe('graphics processing unit');
    expect(one('It costs seconds of compute time on a card (GPU) somewhere.')).toEqual([]);
  });

  it('names the standards as the book does, one or several at a time', () => {
    const named = (sentence: string) => definitionsIn(sentence).map((c) => `${c.term}: ${c.meaning}`);
    expect(named('Servers authenticate clients with mutual authentication over HTTP (BRC-103 and BRC-104).')).toEqual([
      'BRC-103: mutual authentication over HTTP',
      'BRC-104: mutual authentication over HTTP',
    ]);
    expect(named('For public endpoints, BRC-121 (Simple 402 Payments) defines a smaller profile.')).toContain('BRC-121: Simple 402 Payments');
    expect(named('BRC-105, the HTTP Service Monetization Framework, builds on BRC-103.')).toContain('BRC-105: HTTP Service Monetization Framework');
    expect(named('Transactions travel as packages (BEEF, BRC-62; Atomic BEEF, BRC-95).')).toEqual(
      expect.arrayContaining(['BRC-62: BEEF', 'BRC-95: Atomic BEEF']),
    );
  });

  it('takes "a term is a kind of thing" sentences as definitions, not judgements or pointers back', () => {
    expect(definitionsIn('An overlay is a set of servers that track one slice of the ledger.')).toEqual([
      { term: 'overlay', meaning: 'set of servers', expansion: false },
    ]);
    expect(definitionsIn('A passkey is a key pair created per site, held by the device.')).toEqual([
      { term: 'passkey', meaning: 'key pair', expansion: false },
    ]);
    expect(definitionsIn('Teranode is the rewrite of the node as services.', (w) => w === 'Teranode')).toEqual([
      { term: 'Teranode', meaning: 'rewrite of the node', expansion: false },
    ]);
    for (const sentence of [
      'A savings-group ledger is a good first product.',
      'A public blockchain is the industrial version of that insight.',
      'A subtler variant is a real method used with the wrong semantics.',
      'Chronicle is the obvious test of that promise.',
      'Healthcare is a domain where this matters.',
    ])
      expect(definitionsIn(sentence), sentence).toEqual([]);
  });
});

const entry = (term: string, meaning: string, expansion = false): GlossaryEntry => ({
  term,
  meaning,
  expansion,
  sentence: 'x',
  chapterId: 'chapter-01',
  chapterTitle: 'T',
  section: 'S',
  url: '/book/chapter-01',
});

describe('a question about a glossary term', () => {
  const glossary = [
    entry('SPV', 'simplified payment verification', true),
    entry('identity key', 'pseudonym'),
    entry('overlay', 'set of servers'),
    entry('BRC-100', 'common interface'),
  ];
  it('finds a term of several words, a plural, an acronym before a word, and a spelled-out name', () => {
    expect(termAskedAbout('What is an identity key?', glossary)?.term).toBe('identity key');
    expect(termAskedAbout('What are overlays?', glossary)?.term).toBe('overlay');
    expect(termAskedAbout('Is SPV an overlay?', glossary)?.term).toBe('SPV');
    expect(termAskedAbout('what is brc-100', glossary)?.term).toBe('BRC-100');
    expect(termAskedAbout('What is simplified payment verification?', glossary)?.term).toBe('SPV');
    expect(termAskedAbout('What is an identity?', glossary)).toBeUndefined();
  });
});

describe('questions in other languages, offline', () => {
  it('are recognised, and told plainly that the offline engine reads English', () => {
    for (const q of ['¿Qué significa SPV?', 'Was ist BEEF?', 'BEEF 是什么？', 'Comment fonctionne SPV ?']) expect(looksNonEnglish(q), q).toBe(true);
    for (const q of ['What does SPV stand for?', 'How much does a 226-byte payment cost?']) expect(looksNonEnglish(q), q).toBe(false);
    expect(OFFLINE_ENGLISH_ONLY).toMatch(/reads English/);
  });
});

describe('the language models get the same rules', () => {
  it('answer first, in the language of the question, keeping the book terms', async () => {
    const { systemPrompt } = await import('../../src/domain/assistant/prompt.ts');
    const prompt = systemPrompt('The Book');
    expect(prompt).toMatch(/Open with one to three sentences that answer the question directly/);
    expect(prompt).toMatch(/Answer in the language of the reader's question/);
  });
});
