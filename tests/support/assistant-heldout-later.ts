/**
 * Held-out questions for the offline assistant written in the session of 2026-11-24 (issue 26),
 * each set before the change it measures and never tuned on; `npm run bench` prints each. The
 * closing note of that session gives the figures before and after.
 */
export interface HeldOutLater {
  question: string;
  /** The chapters that answer it; the first citation must be one of them. */
  chapters: readonly string[];
  kind: 'term' | 'paraphrase' | 'number' | 'howto' | 'compare' | 'language' | 'everyday';
}

export interface HeldOutSet {
  name: string;
  /** What the set was written before (its figure then), for the bench line. */
  written: string;
  questions: readonly HeldOutLater[];
}

export const LATER_HELD_OUT: readonly HeldOutSet[] = [
  {
    name: 'second held-out set (mixed kinds)',
    written: 'before the phrase and acronym changes; was 35/40, 2 not covered',
    questions: [
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
    ],
  },
  {
    name: 'third held-out set ("what is" terms, paraphrases)',
    written: 'after those changes, before the everyday words; was 28/30, 1 not covered',
    questions: [
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
      {
        kind: 'paraphrase',
        question: 'How can I tell which model version answered a customer last year?',
        chapters: ['chapter-07', 'chapter-11', 'chapter-14'],
      },
      { kind: 'paraphrase', question: 'Why do green energy claims get double counted?', chapters: ['chapter-13'] },
      { kind: 'paraphrase', question: 'How does a content platform remove illegal posts if they are on chain?', chapters: ['chapter-04'] },
      { kind: 'paraphrase', question: 'Does a blockchain make an election secret?', chapters: ['chapter-14'] },
      { kind: 'paraphrase', question: 'How big were the largest BSV blocks?', chapters: ['chapter-03'] },
      { kind: 'paraphrase', question: 'What are the risks of a public ledger for privacy?', chapters: ['chapter-02', 'chapter-17'] },
    ],
  },
  {
    name: 'fourth held-out set (everyday words)',
    written: 'before the everyday words, whose misses were seen; was 11/20',
    questions: [
      { kind: 'everyday', question: 'Why do companies keep losing our personal data to hackers?', chapters: ['chapter-01'] },
      { kind: 'everyday', question: 'How can I send money to my family abroad without big fees?', chapters: ['chapter-17'] },
      { kind: 'everyday', question: 'What if I lose the phone that has my wallet on it?', chapters: ['chapter-08', 'chapter-17'] },
      { kind: 'everyday', question: 'Can I challenge a decision a computer made about my loan?', chapters: ['chapter-11'] },
      { kind: 'everyday', question: 'How do I show a photo is real and not made by AI?', chapters: ['chapter-15', 'chapter-01'] },
      { kind: 'everyday', question: 'How do I get paid a few cents each time someone reads my article?', chapters: ['chapter-16', 'chapter-20'] },
      { kind: 'everyday', question: 'How can a farm prove its lettuce was not the one that made people sick?', chapters: ['chapter-12'] },
      { kind: 'everyday', question: 'How do I make bots pay to use my API?', chapters: ['chapter-07', 'chapter-16'] },
      { kind: 'everyday', question: 'Is it safe to let ChatGPT write my payment code?', chapters: ['chapter-05'] },
      { kind: 'everyday', question: 'Can my medical records be stored on the blockchain?', chapters: ['chapter-09'] },
      { kind: 'everyday', question: 'How do I move my followers to another social network?', chapters: ['chapter-10', 'chapter-01'] },
      { kind: 'everyday', question: 'Does the blockchain waste a lot of energy?', chapters: ['chapter-13'] },
      { kind: 'everyday', question: 'How can shareholders vote online and trust the count?', chapters: ['chapter-14'] },
      {
        kind: 'everyday',
        question: 'How do I check a payment without downloading the whole blockchain?',
        chapters: ['chapter-06', 'chapter-02', 'chapter-18'],
      },
      { kind: 'everyday', question: 'Why are Bitcoin fees so high compared with BSV?', chapters: ['chapter-19', 'chapter-03'] },
      { kind: 'everyday', question: 'How many transactions can BSV handle each second?', chapters: ['chapter-03', 'chapter-18'] },
      { kind: 'everyday', question: 'What went wrong with earlier BSV social apps?', chapters: ['chapter-20'] },
      { kind: 'everyday', question: 'Where do I start if I want to build on BSV?', chapters: ['chapter-21'] },
      { kind: 'everyday', question: 'How do I prove to a customer that my AI was not changed since they bought it?', chapters: ['chapter-11', 'chapter-07'] },
      { kind: 'everyday', question: 'How does my wallet keep the sites I use from tracking me across each other?', chapters: ['chapter-08', 'chapter-10'] },
    ],
  },
];
