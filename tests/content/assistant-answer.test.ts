import { beforeAll, describe, expect, it } from 'vitest';
import { askBook, NOT_COVERED_ANSWER } from '../../src/domain/assistant/ask.ts';
import { CitationMarkers, dropForeignBookLinks, type AnswerEngine, type EngineQuestion } from '../../src/domain/assistant/engine.ts';
import { OFFLINE_LEAD, OFFLINE_NOT_COVERED, OfflineAnswerEngine } from '../../src/domain/assistant/offline.ts';
import { chatMessages } from '../../src/domain/assistant/prompt.ts';
import { askRequestSchema, askResponseSchema, HISTORY_MAX_TURNS, QUESTION_MAX_CHARS } from '../../src/domain/assistant/schema.ts';
import { BookIndex, buildIndexFile } from '../../src/domain/assistant/search.ts';
import { loadBook } from '../../src/domain/book/load.ts';

let index: BookIndex;
beforeAll(async () => {
  index = new BookIndex(buildIndexFile(await loadBook()));
});

/** An engine that writes a scripted answer in the given pieces, and records what it was given. */
class ScriptedEngine implements AnswerEngine {
  readonly name = 'anthropic' as const;
  readonly model = 'scripted';
  readonly quotesPassages = false;
  seen: EngineQuestion | undefined;
  constructor(private readonly pieces: string[]) {}
  async answer(input: EngineQuestion, options: { onText?: (t: string) => void }): Promise<string> {
    this.seen = input;
    for (const p of this.pieces) options.onText?.(p);
    return this.pieces.join('');
  }
}

describe('CitationMarkers', () => {
  it('keeps markers of given passages, renumbered in order of use, whatever the chunking', () => {
    const raw = 'SPV checks headers [3]. BEEF carries proofs [1, 3] and more [2].';
    for (const size of [1, 2, 3, 7, raw.length]) {
      const m = new CitationMarkers(3);
      let out = '';
      for (let i = 0; i < raw.length; i += size) out += m.push(raw.slice(i, i + size));
      out += m.end();
      expect(out, `chunks of ${size}`).toBe('SPV checks headers [1]. BEEF carries proofs [2][1] and more [3].');
      expect(m.cited).toEqual([2, 0, 1]);
    }
  });

  it('removes markers of passages that were not given', () => {
    const m = new CitationMarkers(2);
    expect(m.push('A [7] B [0] C [2, 9] D [x] E [') + m.end()).toBe('A  B  C [1] D [x] E [');
    expect(m.dropped).toBe(3);
    expect(m.cited).toEqual([1]);
  });

  it("leaves a bracketed number of three digits or more as text: a law report's year is not a citation", () => {
    const m = new CitationMarkers(2);
    expect(m.push('the written judgment, [2024] EWHC 1198 [2], and [100, 1]') + m.end()).toBe('the written judgment, [2024] EWHC 1198 [1], and [100, 1]');
    expect(m.dropped).toBe(0);
  });
});

describe('dropForeignBookLinks', () => {
  it('removes links to chapters that were not among the passages', () => {
    const r = dropForeignBookLinks('See /book/chapter-06#beef and https://x.example/book/chapter-19#fees.', new Set(['chapter-06']));
    expect(r).toEqual({ text: 'See /book/chapter-06#beef and .', dropped: 1 });
  });
});

describe('askRequestSchema', () => {
  it('accepts a question and bounded history', () => {
    expect(askRequestSchema.parse({ question: '  What is SPV? ' })).toEqual({ question: 'What is SPV?', history: [] });
  });

  it.each([
    [{}, /question must be a string/],
    [{ question: 42 }, /question must be a string/],
    [{ question: '   ' }, /question is empty/],
    [{ question: 'x'.repeat(QUESTION_MAX_CHARS + 1) }, /longer than 1000/],
    [{ question: 'ok', history: [{ role: 'system', content: 'x' }] }, /role must be 'user' or 'assistant'/],
    [{ question: 'ok', history: Array.from({ length: HISTORY_MAX_TURNS + 1 }, () => ({ role: 'user', content: 'q' })) }, /more than 10 turns/],
    [{ question: 'ok', history: [{ role: 'assistant', content: 'x'.repeat(6001) }] }, /longer than 6000/],
  ])('rejects a bad body (%#)', (body, message) => {
    const r = askRequestSchema.safeParse(body);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(message);
  });
});

describe('askBook', () => {
  it('says the offline lead once a conversation, not above every answer', async () => {
    const history = [
      { role: 'user' as const, content: 'What is BEEF?' },
      { role: 'assistant' as const, content: 'BEEF stands for ...' },
    ];
    const r = await askBook({ question: 'What is a topic manager?', history }, { search: index, engine: new OfflineAnswerEngine() });
    expect(r.answer).not.toContain(OFFLINE_LEAD);
    expect(r.citations.length).toBeGreaterThan(0);
  });

  it('answers offline with a lead, the passages quoted verbatim and their links', async () => {
    const streamed: string[] = [];
    const r = await askBook({ question: 'What is BEEF?', history: [] }, { search: index, engine: new OfflineAnswerEngine(), onText: (t) => streamed.push(t) });
    expect(askResponseSchema.parse(r)).toEqual(r);
    expect(r.engine).toBe('offline');
    expect(r.answer.startsWith(OFFLINE_LEAD)).toBe(true);
    expect(streamed.join('')).toBe(r.answer);
    expect(r.citations.length).toBeGreaterThanOrEqual(2);
    expect(r.citations[0]).toMatchObject({ chapterId: 'chapter-06', title: 'Chapter 6: Overlay Networks and SPV' });
    // It opens with the book's definition, cited.
    expect(r.answer).toContain('BEEF stands for Background Evaluation Extended Format.');
    for (const [i, c] of r.citations.entries()) {
      expect(c.url).toMatch(/^\/book\/chapter-\d\d#[a-z0-9-]+$/);
      expect(index.passages.find((p) => `/book/${p.chapterId}#${p.slug}` === c.url)?.text).toMatch(/BEEF/);
      expect(r.answer).toContain(`[${i + 1}] ${c.section}`);
      const passage = index.passages.find((p) => `/book/${p.chapterId}#${p.slug}` === c.url);
      expect(passage?.text).toContain(c.quote);
      // The answer quotes each passage verbatim, where its opening did not quote it already.
      const shown = new RegExp(`\\[${i + 1}\\] [^\\n]*?: “([^\\n]*)”`).exec(r.answer)?.[1];
      // A quote cut to length ends in an ellipsis: what comes before it is verbatim.
      expect(passage?.text).toContain(shown?.replace(/…$/, ''));
    }
  });

  it("quotes the book's own brackets as written ('[2024] EWHC 1198' is a law report, not a citation)", async () => {
    const r = await askBook(
      { question: 'When did the High Court rule that Craig Wright is not Satoshi?', history: [] },
      { search: index, engine: new OfflineAnswerEngine() },
    );
    // The quote may end at the year, cut to length ("[2024]…"); the year stays in its brackets.
    expect(r.answer).toMatch(/[Tt]he written judgment, \[2024\](?: EWHC 1198 \(Ch\)|…)/);
  });

  it('says offline when the book does not cover the question', async () => {
    // Not a subject the scope names (knitting is one now): no passage covers it.
    const r = await askBook({ question: 'What do otters eat?', history: [] }, { search: index, engine: new OfflineAnswerEngine() });
    expect(r).toEqual({ answer: OFFLINE_NOT_COVERED, citations: [], engine: 'offline', model: 'offline-passages' });
  });

  it('does not call a model when no passage matches', async () => {
    const engine = new ScriptedEngine(['should not be used']);
    const r = await askBook({ question: 'What do otters eat?', history: [] }, { search: index, engine });
    expect(engine.seen).toBeUndefined();
    expect(r).toMatchObject({ answer: NOT_COVERED_ANSWER, citations: [], engine: 'anthropic' });
  });

  it('keeps only citations of the passages the model was given', async () => {
    const engine = new ScriptedEngine(['BEEF carries its proofs [', '2]. SPV checks headers [1]. Fees are tiny [9] (see /book/chapter-19#fees', ').']);
    const streamed: string[] = [];
    let dropped = 0;
    const r = await askBook(
      { question: 'What is BEEF and how does SPV use it?', history: [] },
      { search: index, engine, onText: (t) => streamed.push(t), onDroppedCitations: (n) => (dropped = n) },
    );
    const given = engine.seen?.passages ?? [];
    expect(given.length).toBeGreaterThan(2);
    expect(given.some((p) => p.chapterId === 'chapter-19')).toBe(false);
    expect(r.answer).toBe('BEEF carries its proofs [1]. SPV checks headers [2]. Fees are tiny  (see ).');
    expect(streamed.join('')).toContain('BEEF carries its proofs [1]. SPV checks headers [2]. Fees are tiny  (see /book/chapter-19#fees');
    expect(dropped).toBe(2);
    expect(r.citations.map((c) => c.url)).toEqual([given[1], given[0]].map((p) => `/book/${p?.chapterId}#${p?.slug}`));
    expect(r.citations.every((c) => given.some((p) => p.chapterId === c.chapterId && p.text.includes(c.quote)))).toBe(true);
  });

  it('passes the conversation to the model, starting with the reader', async () => {
    const engine = new ScriptedEngine(['It is verified with SPV [1].']);
    const history = [
      { role: 'assistant' as const, content: 'Welcome' },
      { role: 'user' as const, content: 'What is BEEF?' },
      { role: 'assistant' as const, content: 'A package of a transaction and its proofs [1].' },
    ];
    await askBook({ question: 'And how is it verified?', history }, { search: index, engine });
    const messages = chatMessages(engine.seen as EngineQuestion);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(messages[2]?.content).toContain('Question: And how is it verified?');
    expect(engine.seen?.passages[0]?.chapterId).toBe('chapter-06');
  });
});
