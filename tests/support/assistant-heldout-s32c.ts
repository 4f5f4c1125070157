/**
 * A fifth held-out set for the offline assistant (issue 26): 20 questions in everyday words rather
 * than the book's terms, written on 2026-11-24 before that evening's synonym additions (which were
 * chosen from the misses of an earlier set) and never tuned on. It measures whether they generalise.
 */
export interface HeldOutS32c {
  question: string;
  chapters: readonly string[];
}

export const HELD_OUT_S32C: readonly HeldOutS32c[] = [
  { question: 'Why do companies keep losing our personal data to hackers?', chapters: ['chapter-01'] },
  { question: 'How can I send money to my family abroad without big fees?', chapters: ['chapter-17'] },
  { question: 'What if I lose the phone that has my wallet on it?', chapters: ['chapter-08', 'chapter-17'] },
  { question: 'Can I challenge a decision a computer made about my loan?', chapters: ['chapter-11'] },
  { question: 'How do I show a photo is real and not made by AI?', chapters: ['chapter-15', 'chapter-01'] },
  { question: 'How do I get paid a few cents each time someone reads my article?', chapters: ['chapter-16', 'chapter-20'] },
  { question: 'How can a farm prove its lettuce was not the one that made people sick?', chapters: ['chapter-12'] },
  { question: 'How do I make bots pay to use my API?', chapters: ['chapter-07', 'chapter-16'] },
  { question: 'Is it safe to let ChatGPT write my payment code?', chapters: ['chapter-05'] },
  { question: 'Can my medical records be stored on the blockchain?', chapters: ['chapter-09'] },
  { question: 'How do I move my followers to another social network?', chapters: ['chapter-10', 'chapter-01'] },
  { question: 'Does the blockchain waste a lot of energy?', chapters: ['chapter-13'] },
  { question: 'How can shareholders vote online and trust the count?', chapters: ['chapter-14'] },
  { question: 'How do I check a payment without downloading the whole blockchain?', chapters: ['chapter-06', 'chapter-02', 'chapter-18'] },
  { question: 'Why are Bitcoin fees so high compared with BSV?', chapters: ['chapter-19', 'chapter-03'] },
  { question: 'How many transactions can BSV handle each second?', chapters: ['chapter-03', 'chapter-18'] },
  { question: 'What went wrong with earlier BSV social apps?', chapters: ['chapter-20'] },
  { question: 'Where do I start if I want to build on BSV?', chapters: ['chapter-21'] },
  { question: 'How do I prove to a customer that my AI was not changed since they bought it?', chapters: ['chapter-11', 'chapter-07'] },
  { question: 'How does my wallet keep the sites I use from tracking me across each other?', chapters: ['chapter-08', 'chapter-10'] },
];
