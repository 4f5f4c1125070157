/**
 * A fourth held-out set for the offline assistant (issue 26), written on 2026-11-24 after stop 32's
 * submission and before the definition change that followed it; never tuned on. Mostly "what is"
 * questions about terms the book explains in words rather than acronyms, plus paraphrases.
 */
export interface HeldOutS32b {
  question: string;
  chapters: readonly string[];
  kind: 'term' | 'paraphrase';
}

export const HELD_OUT_S32B: readonly HeldOutS32b[] = [
  { kind: 'term', question: 'What is a commitment in cryptography?', chapters: ['chapter-02'] },
  { kind: 'term', question: 'What is proof of work?', chapters: ['chapter-02'] },
  { kind: 'term', question: 'What is a chain tracker?', chapters: ['chapter-06', 'chapter-03'] },
  { kind: 'term', question: 'What is upvaluing?', chapters: ['chapter-04'] },
  { kind: 'term', question: 'What is vibe coding?', chapters: ['chapter-05'] },
  { kind: 'term', question: 'What is prompt injection?', chapters: ['chapter-07'] },
  { kind: 'term', question: 'What is a passkey?', chapters: ['chapter-08'] },
  { kind: 'term', question: 'What is a consent token?', chapters: ['chapter-09'] },
  { kind: 'term', question: 'What is digital sovereignty?', chapters: ['chapter-10'] },
  { kind: 'term', question: 'What is a trust layer?', chapters: ['chapter-11'] },
  { kind: 'term', question: 'What is a lot token?', chapters: ['chapter-12'] },
  { kind: 'term', question: 'What is Scope 2?', chapters: ['chapter-13'] },
  { kind: 'term', question: 'What is commit-reveal voting?', chapters: ['chapter-14'] },
  { kind: 'term', question: 'What is a content credential?', chapters: ['chapter-15', 'chapter-01'] },
  { kind: 'term', question: 'What is the mental cost of micropayments?', chapters: ['chapter-16'] },
  { kind: 'term', question: 'What is mobile money?', chapters: ['chapter-17'] },
  { kind: 'term', question: 'What is a subtree in Teranode?', chapters: ['chapter-03', 'chapter-18'] },
  { kind: 'term', question: 'What is a soft fork?', chapters: ['chapter-19'] },
  { kind: 'term', question: 'What is the indexer problem?', chapters: ['chapter-20'] },
  { kind: 'term', question: 'What is a watchtower?', chapters: ['chapter-19'] },
  { kind: 'paraphrase', question: 'Why is a timestamp on my own server not good evidence?', chapters: ['chapter-02', 'chapter-15'] },
  { kind: 'paraphrase', question: 'Who runs the full nodes on BSV?', chapters: ['chapter-03', 'chapter-19'] },
  { kind: 'paraphrase', question: 'What should a server do with a sign-in challenge after it is used?', chapters: ['chapter-08'] },
  { kind: 'paraphrase', question: 'Can an AI agent hold its own money?', chapters: ['chapter-10', 'chapter-17', 'chapter-05'] },
  { kind: 'paraphrase', question: 'How can I tell which model version answered a customer last year?', chapters: ['chapter-07', 'chapter-11', 'chapter-14'] },
  { kind: 'paraphrase', question: 'Why do green energy claims get double counted?', chapters: ['chapter-13'] },
  { kind: 'paraphrase', question: 'How does a content platform remove illegal posts if they are on chain?', chapters: ['chapter-04'] },
  { kind: 'paraphrase', question: 'Does a blockchain make an election secret?', chapters: ['chapter-14'] },
  { kind: 'paraphrase', question: 'How big were the largest BSV blocks?', chapters: ['chapter-03'] },
  { kind: 'paraphrase', question: 'What are the risks of a public ledger for privacy?', chapters: ['chapter-02', 'chapter-17'] },
];
