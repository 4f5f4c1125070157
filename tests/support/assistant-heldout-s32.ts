/**
 * A third held-out set for the offline assistant (issue 26), written on 2026-11-24 from the
 * chapters' subjects before any change to retrieval in that session, and never tuned on: the
 * session's closing note reports the figures measured on it before and after. Kinds as the issue
 * names them; `also` lists other chapters that answer the question as well.
 */
export interface HeldOutS32 {
  question: string;
  chapters: readonly string[];
  kind: 'term' | 'paraphrase' | 'number' | 'howto' | 'compare' | 'language';
}

export const HELD_OUT_S32: readonly HeldOutS32[] = [
  { kind: 'term', question: 'What is a Merkle root?', chapters: ['chapter-02'] },
  { kind: 'term', question: 'What does OTDA mean?', chapters: ['chapter-03'] },
  { kind: 'term', question: 'What is a PushDrop token?', chapters: ['chapter-03', 'chapter-04'] },
  { kind: 'term', question: 'What is a topic manager?', chapters: ['chapter-06'] },
  { kind: 'term', question: 'What is a lookup service in an overlay?', chapters: ['chapter-06'] },
  { kind: 'term', question: 'What is a decision receipt?', chapters: ['chapter-11'] },
  { kind: 'term', question: 'What is a granular energy certificate?', chapters: ['chapter-13'] },
  { kind: 'term', question: 'What is the travel rule?', chapters: ['chapter-17'] },
  { kind: 'term', question: 'What is Atomic BEEF?', chapters: ['chapter-06'] },
  { kind: 'term', question: "What is the liar's dividend?", chapters: ['chapter-01'] },
  { kind: 'paraphrase', question: 'Why can nobody prove a deepfake video is fake just by analysing it?', chapters: ['chapter-01', 'chapter-15'] },
  { kind: 'paraphrase', question: 'How can a reader reward a good post with money instead of a like?', chapters: ['chapter-04'] },
  { kind: 'paraphrase', question: 'What goes wrong when an AI assistant writes code that sends money?', chapters: ['chapter-05'] },
  { kind: 'paraphrase', question: 'How do I stop people from abusing my expensive AI endpoint?', chapters: ['chapter-07'] },
  { kind: 'paraphrase', question: 'Can I sign in to a website without a password?', chapters: ['chapter-08'] },
  { kind: 'paraphrase', question: 'How does a patient take back permission to use their scans?', chapters: ['chapter-09'] },
  { kind: 'paraphrase', question: 'How can a freelancer keep her reviews when she leaves a platform?', chapters: ['chapter-10'] },
  { kind: 'paraphrase', question: 'How can anyone check that a lender did not swap its credit model after a complaint?', chapters: ['chapter-11'] },
  { kind: 'paraphrase', question: 'How can a shop prove the vaccines stayed cold during transport?', chapters: ['chapter-12'] },
  { kind: 'paraphrase', question: 'How do members check an election result without trusting the organiser?', chapters: ['chapter-14'] },
  { kind: 'paraphrase', question: 'Why did people stop trying to sell articles for a few cents?', chapters: ['chapter-16'] },
  { kind: 'paraphrase', question: 'What happened to Twetch?', chapters: ['chapter-20'] },
  { kind: 'number', question: 'How many bytes is a block header?', chapters: ['chapter-02', 'chapter-06', 'chapter-18'] },
  { kind: 'number', question: 'At which block height did Chronicle activate on mainnet?', chapters: ['chapter-03'] },
  { kind: 'number', question: 'How many satoshis does a hash anchor pay at 100 sat/kB?', chapters: ['chapter-03'] },
  { kind: 'number', question: 'How many transactions per second did Teranode average in its test?', chapters: ['chapter-03', 'chapter-18', 'chapter-21'] },
  { kind: 'number', question: 'How much does a post anchor cost on Branchline?', chapters: ['chapter-04'] },
  { kind: 'number', question: 'How large is a Merkle proof for a block of a million transactions?', chapters: ['chapter-02', 'chapter-06'] },
  { kind: 'howto', question: 'How do I verify a BEEF transaction in code?', chapters: ['chapter-06'] },
  { kind: 'howto', question: 'How do I anchor a document hash on chain?', chapters: ['chapter-03', 'chapter-15', 'chapter-21'] },
  { kind: 'howto', question: 'How do I revoke an identity certificate?', chapters: ['chapter-08'] },
  { kind: 'howto', question: 'How should I batch sensor readings before anchoring them?', chapters: ['chapter-12', 'chapter-15', 'chapter-18'] },
  { kind: 'howto', question: 'How do I charge for each API request with HTTP 402?', chapters: ['chapter-07', 'chapter-16'] },
  { kind: 'howto', question: 'What should I build in my first 30 days?', chapters: ['chapter-21'] },
  { kind: 'compare', question: 'How is hourly matching different from annual matching?', chapters: ['chapter-13'] },
  { kind: 'compare', question: 'What is the difference between Lightning channels and on-chain payments?', chapters: ['chapter-19', 'chapter-16'] },
  { kind: 'compare', question: 'How do passkeys compare with wallet sign-in?', chapters: ['chapter-08'] },
  { kind: 'language', question: '¿Qué es un topic manager en una overlay?', chapters: ['chapter-06'] },
  { kind: 'language', question: 'Wie funktioniert SPV?', chapters: ['chapter-02', 'chapter-06', 'chapter-18'] },
  { kind: 'language', question: "Qu'est-ce que Teranode ?", chapters: ['chapter-03', 'chapter-18'] },
];
