import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { askBook } from '../../src/domain/assistant/ask.ts';
import { ModelAnswerEngine } from '../../src/domain/assistant/providers.ts';
import { AnthropicModel } from '../../src/domain/llm/anthropic.ts';
import { OpenAIModel } from '../../src/domain/llm/openai.ts';
import { askResponseSchema } from '../../src/domain/assistant/schema.ts';
import { BookIndex, buildIndexFile } from '../../src/domain/assistant/search.ts';
import { loadBook } from '../../src/domain/book/load.ts';
import { GenerationError } from '../../src/domain/ideas/engine.ts';
import { FakeLlmServer, type Scenario } from '../support/fake-llm-server.ts';

/** The provider engines through the real SDKs, against the loopback fake of both APIs. */
const fake = new FakeLlmServer();
let index: BookIndex;
const QUESTION = { question: 'What is BEEF and why does a transaction carry its own evidence?', history: [] };

beforeAll(async () => {
  await fake.start();
  index = new BookIndex(buildIndexFile(await loadBook()));
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.requests.length = 0;
});

describe.each(['anthropic', 'openai'] as const)('%s answer engine', (provider) => {
  const engine = () =>
    new ModelAnswerEngine(
      provider === 'anthropic'
        ? new AnthropicModel({ apiKey: 'test-key', model: 'claude-test', baseURL: fake.origin, firstTokenTimeoutMs: 1500 })
        : new OpenAIModel({ apiKey: 'test-key', model: 'gpt-test', baseURL: `${fake.origin}/v1`, firstTokenTimeoutMs: 1500 }),
      'Infrastructure Renaissance',
    );
  const only = (scenario: Scenario, answer?: string) => {
    fake.scenario = { anthropic: 'valid', openai: 'valid', [provider]: scenario };
    if (answer !== undefined) fake.ideaJson = JSON.stringify({ answer });
  };

  it('answers from the passages it was given, streaming, with checked citations', async () => {
    only('valid', 'BEEF packages a transaction with its unconfirmed ancestors and their Merkle proofs [2], so the receiver can check it locally [3].');
    const streamed: string[] = [];
    const r = await askBook(QUESTION, { search: index, engine: engine(), onText: (t) => streamed.push(t) });
    expect(askResponseSchema.parse(r)).toEqual(r);
    expect(r).toMatchObject({ engine: provider, model: provider === 'anthropic' ? 'claude-test' : 'gpt-test' });
    expect(r.answer).toBe('BEEF packages a transaction with its unconfirmed ancestors and their Merkle proofs [1], so the receiver can check it locally [2].');
    expect(streamed.length).toBeGreaterThan(1);
    expect(streamed.join('')).toBe(r.answer);
    expect(r.citations).toHaveLength(2);
    for (const c of r.citations) expect(c.chapterId).toBe('chapter-06');
    // The request carried the numbered passages, the question and the answer schema.
    const sent = JSON.stringify(fake.requests[0]?.body);
    expect(sent).toContain('[1] Chapter 6: Overlay Networks and SPV');
    expect(sent).toContain('Question: What is BEEF');
    expect(sent).toContain('only the numbered passages');
    if (provider === 'anthropic') expect(fake.requests[0]?.body).toMatchObject({ output_config: { format: { type: 'json_schema' } }, max_tokens: 1200 });
    else expect(fake.requests[0]?.body).toMatchObject({ response_format: { type: 'json_schema', json_schema: { strict: true } }, max_completion_tokens: 1200 });
  });

  it('refuses citations outside the passages it was given', async () => {
    only('valid', 'BEEF carries proofs [1]. Fees are tiny [12], as /book/chapter-19#fees-and-fee-markets says [7].');
    const dropped: number[] = [];
    const r = await askBook(QUESTION, { search: index, engine: engine(), onDroppedCitations: (n) => dropped.push(n) });
    expect(r.answer).toBe('BEEF carries proofs [1]. Fees are tiny , as  says .');
    expect(r.citations.map((c) => c.chapterId)).toEqual(['chapter-06']);
    expect(dropped).toEqual([3]);
  });

  it.each([
    ['http500', 'upstream', 502, /answered with HTTP 500/, 2],
    // A hang is not retried (the first-token bound): one attempt.
    ['timeout', 'timeout', 504, /sent nothing for/, 1],
    ['cut-json', 'invalid_output', 502, /incomplete or malformed answer/, 1],
    ['schema-break', 'invalid_output', 502, /answer without text/, 1],
    ['refusal', 'refusal', 422, /declined to answer/, 1],
  ] as const)('%s ends in a clear %s error', async (scenario, kind, status, message, attempts) => {
    only(scenario, 'BEEF carries its proofs [1].');
    const error = await askBook(QUESTION, { search: index, engine: engine() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GenerationError);
    expect(error).toMatchObject({ kind, status });
    expect((error as GenerationError).message).toMatch(message);
    expect(fake.count(provider)).toBe(attempts);
  });

  it('stops at the overall deadline when the provider hangs', async () => {
    only('timeout');
    const slow = new ModelAnswerEngine(
      provider === 'anthropic'
        ? new AnthropicModel({ apiKey: 'k', model: 'm', baseURL: fake.origin, firstTokenTimeoutMs: 10_000 })
        : new OpenAIModel({ apiKey: 'k', model: 'm', baseURL: `${fake.origin}/v1`, firstTokenTimeoutMs: 10_000 }),
      'B',
    );
    const started = Date.now();
    const error = await askBook(QUESTION, { search: index, engine: slow, deadlineMs: 400 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'timeout', status: 504 });
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
