/**
 * Questions a reader might ask, each with the chapter that answers it, written from the book (not
 * from the index): the offline assistant's first citation must be that chapter for at least 80%
 * of them (tests/content/assistant-quality.test.ts; `npm run bench` prints the figure).
 */
export interface QualityQuestion {
  question: string;
  chapterId: string;
}

export const QUALITY_QUESTIONS: readonly QualityQuestion[] = [
  { question: 'Which sections of the book should I read first if I am a founder rather than a developer?', chapterId: 'chapter-00' },
  { question: 'How do the six controls of the Business Idea Generator shape an idea?', chapterId: 'chapter-00' },
  { question: 'Why are data breaches a structural outcome of the honeypot architecture?', chapterId: 'chapter-01' },
  { question: 'How does platform lock-in hurt users when the rules change?', chapterId: 'chapter-01' },
  { question: 'What does a hash function not do?', chapterId: 'chapter-02' },
  { question: 'How does the UTXO model prevent double spending?', chapterId: 'chapter-02' },
  { question: 'How can Merkle trees help in my own systems?', chapterId: 'chapter-02' },
  { question: 'What did the Genesis upgrade restore in the protocol?', chapterId: 'chapter-03' },
  { question: 'How do PushDrop tokens store data on chain?', chapterId: 'chapter-03' },
  { question: 'How does Teranode scale out instead of up?', chapterId: 'chapter-03' },
  { question: 'Why model a social conversation as a tree rather than a thread?', chapterId: 'chapter-04' },
  { question: 'How does upvaluing a post with micropayments split value along the branch?', chapterId: 'chapter-04' },
  { question: 'What mistakes do AI coding assistants make with floating-point money and change outputs?', chapterId: 'chapter-05' },
  { question: 'Why should agentic coding tools never hold private keys?', chapterId: 'chapter-05' },
  { question: 'What is BEEF and why does a transaction carry its own evidence?', chapterId: 'chapter-06' },
  { question: 'What does a block header check with SPV actually prove?', chapterId: 'chapter-06' },
  { question: 'How do SHIP and SLAP help find overlay hosts?', chapterId: 'chapter-06' },
  { question: 'What do topic managers and lookup services do in an overlay network?', chapterId: 'chapter-06' },
  { question: 'How do BRC-103 and BRC-104 authenticate requests to an AI server?', chapterId: 'chapter-07' },
  { question: 'What is denial of wallet and how do rate limits help?', chapterId: 'chapter-07' },
  { question: 'How do BRC-42 and BRC-43 derive keys per purpose?', chapterId: 'chapter-08' },
  { question: 'How does passwordless sign-in with a BRC-100 wallet work?', chapterId: 'chapter-08' },
  { question: 'How can patient consent be revoked with consent tokens?', chapterId: 'chapter-09' },
  { question: 'Why should medical records stay off chain?', chapterId: 'chapter-09' },
  { question: 'How can a reputation be portable without surveillance?', chapterId: 'chapter-10' },
  { question: 'Where do DIDs fit in self-sovereign identity?', chapterId: 'chapter-10' },
  { question: 'What is a decision receipt for an AI system?', chapterId: 'chapter-11' },
  { question: 'How can an automated decision be contested with appeals and human review?', chapterId: 'chapter-11' },
  { question: 'How can a recall be done in hours instead of weeks?', chapterId: 'chapter-12' },
  { question: 'What does anchoring sensor data not prove?', chapterId: 'chapter-12' },
  { question: 'How can carbon credits avoid double counting?', chapterId: 'chapter-13' },
  { question: 'What are hour-matched energy certificates?', chapterId: 'chapter-13' },
  { question: 'How does commit then reveal keep votes secret until the tally?', chapterId: 'chapter-14' },
  { question: 'Why is "put the votes on a blockchain" the wrong pitch?', chapterId: 'chapter-14' },
  { question: 'What is a C2PA manifest and how does it prove where content came from?', chapterId: 'chapter-15' },
  { question: 'Why does deepfake detection alone lose?', chapterId: 'chapter-15' },
  { question: 'Why did micropayments fail before, and what has changed?', chapterId: 'chapter-16' },
  { question: 'Should a paid API use per-request transactions or payment channels?', chapterId: 'chapter-16' },
  { question: 'Where does the fee go in a remittance?', chapterId: 'chapter-17' },
  { question: 'How can self-custody work for people who cannot afford mistakes?', chapterId: 'chapter-17' },
  { question: 'What lessons does IPv6 addressing teach for devices?', chapterId: 'chapter-18' },
  { question: 'How do edge AI devices batch and anchor their results?', chapterId: 'chapter-18' },
  { question: 'What is the small-block case for BTC, stated strongly?', chapterId: 'chapter-19' },
  { question: 'How do Taproot and Genesis compare for scripting?', chapterId: 'chapter-19' },
  { question: 'What happened to HandCash, Centbee and Relysia?', chapterId: 'chapter-20' },
  { question: 'What was the indexer problem of social applications with on-chain content?', chapterId: 'chapter-20' },
  { question: 'What should I build in my first 30 days?', chapterId: 'chapter-21' },
  { question: 'What are LARS and CARS for overlay services?', chapterId: 'chapter-21' },
];
