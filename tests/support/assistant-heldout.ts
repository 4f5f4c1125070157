/**
 * HELD OUT: reader questions written before the retrieval changes and never used to
 * tune them (the tuning set is assistant-questions.ts). Each names the chapter that answers it and,
 * where the answer is a fact, a pattern the answer's opening must contain; a fee's number is read
 * from chapter 3's table at test time, never written here. Kinds: direct, paraphrased, acronym
 * ("stand for"), table (a number), how-to, other languages.
 */
export type HeldOutKind = 'direct' | 'paraphrased' | 'acronym' | 'table' | 'how-to' | 'language';

export interface HeldOutQuestion {
  question: string;
  kind: HeldOutKind;
  /** Chapters that answer it (the first citation must be one of them). */
  chapters: string[];
  /** What the opening of the answer must contain (case-insensitive), when the answer is a fact. */
  fact?: RegExp | 'fee-226-1000' | 'fee-236-100';
}

export const HELD_OUT: readonly HeldOutQuestion[] = [
  { question: 'What does SPV stand for?', kind: 'acronym', chapters: ['chapter-02', 'chapter-06'], fact: /simplified payment verification/i },
  { question: 'What does BEEF stand for?', kind: 'acronym', chapters: ['chapter-06', 'chapter-02'], fact: /background evaluation extended format/i },
  { question: 'What is BUMP short for?', kind: 'acronym', chapters: ['chapter-02', 'chapter-06'], fact: /unified merkle path/i },
  { question: 'SHIP stands for what?', kind: 'acronym', chapters: ['chapter-06'], fact: /services host interconnect protocol/i },
  { question: 'Meaning of SLAP in overlays', kind: 'acronym', chapters: ['chapter-06'], fact: /services lookup availability protocol/i },
  { question: 'What is ARC?', kind: 'acronym', chapters: ['chapter-05', 'chapter-03', 'chapter-21', 'chapter-06'], fact: /transaction process/i },
  { question: 'What does OTDA mean?', kind: 'acronym', chapters: ['chapter-03'], fact: /original transaction digest/i },
  { question: 'What is GASP?', kind: 'acronym', chapters: ['chapter-06'], fact: /graph aware sync/i },
  { question: 'What is C2PA?', kind: 'acronym', chapters: ['chapter-01', 'chapter-15'], fact: /content provenance/i },
  { question: 'What does ECDSA stand for?', kind: 'acronym', chapters: ['chapter-02'], fact: /elliptic curve digital signature/i },
  { question: 'How much does a 226-byte payment cost at 1,000 sat/kB?', kind: 'table', chapters: ['chapter-03'], fact: 'fee-226-1000' },
  { question: 'What fee does a hash anchor pay at 100 satoshis per kilobyte?', kind: 'table', chapters: ['chapter-03'], fact: 'fee-236-100' },
  { question: 'How many bytes is a signed P2PKH payment with one input and two outputs?', kind: 'table', chapters: ['chapter-03'], fact: /22[56]/ },
  { question: 'What block did Chronicle activate at on mainnet?', kind: 'table', chapters: ['chapter-03', 'chapter-00', 'chapter-19'], fact: /943,816/ },
  { question: 'How much electricity does the blockchain itself use?', kind: 'paraphrased', chapters: ['chapter-13'] },
  { question: 'How does a certificate issuer cancel a credential it issued?', kind: 'paraphrased', chapters: ['chapter-08', 'chapter-15', 'chapter-13'] },
  { question: 'What is denial of wallet?', kind: 'direct', chapters: ['chapter-07'], fact: /unaffordable|cost|pay/i },
  { question: 'Why is a password a workaround rather than a solution?', kind: 'paraphrased', chapters: ['chapter-08'] },
  { question: 'How can a voter check that their ballot was counted?', kind: 'how-to', chapters: ['chapter-14'] },
  { question: 'How do I stop a paid API request from being replayed?', kind: 'how-to', chapters: ['chapter-07', 'chapter-16', 'chapter-20'] },
  { question: 'How do I find hosts that serve an overlay topic?', kind: 'how-to', chapters: ['chapter-06'] },
  { question: 'How do I derive a separate key for each purpose in a wallet?', kind: 'how-to', chapters: ['chapter-08'] },
  { question: 'How should I review code an AI assistant wrote for a payment?', kind: 'how-to', chapters: ['chapter-05'] },
  { question: 'Can I keep personal data on chain?', kind: 'how-to', chapters: ['chapter-03', 'chapter-09', 'chapter-10', 'chapter-15'] },
  { question: 'What does a header check not prove about a transaction?', kind: 'paraphrased', chapters: ['chapter-06'] },
  { question: 'Why did the transaction tree of a conversation replace a flat thread?', kind: 'paraphrased', chapters: ['chapter-04'] },
  { question: 'How are hourly energy certificates matched to consumption?', kind: 'paraphrased', chapters: ['chapter-13'] },
  { question: 'What stops a carbon credit from being counted twice?', kind: 'paraphrased', chapters: ['chapter-13'] },
  { question: 'Which node software scales out horizontally?', kind: 'paraphrased', chapters: ['chapter-03', 'chapter-18', 'chapter-19', 'chapter-00'] },
  { question: 'What is the difference between BTC and BSV block size rules?', kind: 'direct', chapters: ['chapter-19', 'chapter-03'] },
  { question: 'How do topic managers decide what enters an overlay?', kind: 'direct', chapters: ['chapter-06'] },
  { question: 'What does Atomic BEEF narrow a package to?', kind: 'direct', chapters: ['chapter-06', 'chapter-02'], fact: /single|one/i },
  { question: 'How are model versions recorded for an AI decision audit?', kind: 'paraphrased', chapters: ['chapter-11', 'chapter-07'] },
  { question: 'How can supply chain lots be traced from farm to shelf?', kind: 'paraphrased', chapters: ['chapter-12'] },
  { question: '¿Qué significa SPV?', kind: 'language', chapters: ['chapter-02', 'chapter-06'], fact: /simplified payment verification/i },
  { question: 'Was ist BEEF?', kind: 'language', chapters: ['chapter-06', 'chapter-02'], fact: /background evaluation extended format/i },
  { question: 'BEEF 是什么？', kind: 'language', chapters: ['chapter-06', 'chapter-02'], fact: /background evaluation extended format/i },
  { question: '¿Cómo funciona el SPV con las cabeceras de bloque?', kind: 'language', chapters: ['chapter-06', 'chapter-02'] },
];

/** The fee (the cell as written) chapter 3's table gives for `bytes` at `rate` sat/kB: the book's one copy of it. */
export function feeFromTable(chapter3Markdown: string, bytes: number, rate: number): string {
  for (const line of chapter3Markdown.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (Number(cells[2]?.replace(/,/g, '')) === bytes && Number(cells[3]?.replace(/,/g, '')) === rate) return cells[4] ?? '';
  }
  return 'missing from the table';
}

/** The pattern the opening of an answer must match for a held-out question's fact. */
export function factPattern(fact: NonNullable<HeldOutQuestion['fact']>, chapter3Markdown: string): RegExp {
  if (fact === 'fee-226-1000') return new RegExp(`\\b${feeFromTable(chapter3Markdown, 226, 1000)}\\b`);
  if (fact === 'fee-236-100') return new RegExp(`\\b${feeFromTable(chapter3Markdown, 236, 100)}\\b`);
  return fact;
}
