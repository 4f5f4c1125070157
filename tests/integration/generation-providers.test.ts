import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadBook } from '../../src/domain/book/load.ts';
import { GenerationError, IDEA_SECTIONS } from '../../src/domain/ideas/engine.ts';
import { generateIdea, type GenerateDeps, type ProgressEvent } from '../../src/domain/ideas/generate.ts';
import { toGroundingChapter, type GroundingChapter } from '../../src/domain/ideas/grounding.ts';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { ModelIdeaEngine } from '../../src/domain/ideas/model-engine.ts';
import { AnthropicModel } from '../../src/domain/llm/anthropic.ts';
import { mapSdkError } from '../../src/domain/llm/bounds.ts';
import { OpenAIModel } from '../../src/domain/llm/openai.ts';
import { DEFAULT_SETTINGS, generatedIdeaSchema, type GenerateRequest } from '../../src/domain/ideas/schema.ts';
import { MemoryIdeaStore } from '../../src/domain/ideas/store.ts';
import { FakeLlmServer, type Scenario } from '../support/fake-llm-server.ts';
import { LIBRARY_NOTICE, libraryEngine, realLibrary } from '../support/library.ts';

const fake = new FakeLlmServer();
let chapters: GroundingChapter[];
const request: GenerateRequest = { ...DEFAULT_SETTINGS, businessCategory: 'healthcare', bsvFeature: 'timestamping' };

beforeAll(async () => {
  await fake.start();
  chapters = (await loadBook()).chapters.map((c) => toGroundingChapter(c));
  // A provider answers with a complete, valid idea: one of the library's.
  fake.ideaJson = JSON.stringify((await realLibrary())[0]?.idea);
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.requests.length = 0;
});

// Short bounds so no test waits for real provider timeouts: 300 ms to the first token, retries
// only on a wait of at most 1 s.
const timings = { firstTokenTimeoutMs: 300, maxRetryWaitMs: 1_000 };
const anthropic = () => new ModelIdeaEngine(new AnthropicModel({ apiKey: 'test-key', model: 'claude-test', baseURL: fake.origin, ...timings }));
const openai = () => new ModelIdeaEngine(new OpenAIModel({ apiKey: 'test-key', model: 'gpt-test', baseURL: `${fake.origin}/v1`, ...timings }));

function deps(
  store: MemoryIdeaStore,
  engines: Partial<GenerateDeps['engines']>,
  events: ProgressEvent[] = [],
  extra: Partial<GenerateDeps> = {},
): GenerateDeps {
  return {
    store,
    chapters,
    engines: { offline: libraryEngine(), ...engines },
    minFallbackMs: 0,
    deadlineMs: 10_000,
    onProgress: (e) => events.push(e),
    ...extra,
  };
}

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work;
  return { value, ms: performance.now() - started };
}

describe.each([
  ['anthropic', true],
  ['openai', false],
] as const)('%s adapter through the real SDK', (provider, useAnthropic) => {
  const engines = () => (provider === 'anthropic' ? { anthropic: anthropic() } : { openai: openai() });
  const only = (scenario: Scenario) => {
    fake.scenario = { anthropic: 'valid', openai: 'valid', [provider]: scenario };
  };

  it('returns a valid idea, reports each section as it streams, and stores it', async () => {
    only('valid');
    const store = new MemoryIdeaStore();
    const events: ProgressEvent[] = [];
    const result = await generateIdea({ ...request, useAnthropic }, 'user-1', deps(store, engines(), events));
    const { id: _id, engine: _engine, model: _model, inspiredBy: _inspiredBy, resolvedSettings, ...idea } = result;
    expect(generatedIdeaSchema.safeParse(idea).success).toBe(true);
    expect(result.engine).toBe(provider);
    // A language model's idea keeps what it was asked as its settings.
    expect(resolvedSettings).toMatchObject({ businessCategory: request.businessCategory, targetMarket: request.targetMarket, aiFocus: request.aiFocus });
    expect(result.model).toBe(provider === 'anthropic' ? 'claude-test' : 'gpt-test');
    expect(result.inspiredBy[0]).toEqual({ id: 'chapter-09', title: 'Chapter 9: Healthcare' });
    expect(events.filter((e) => e.stage === 'section').map((e) => (e.stage === 'section' ? e.section : ''))).toEqual([...IDEA_SECTIONS]);
    const stored = await store.get(result.id);
    expect(stored).toMatchObject({ id: result.id, businessName: result.businessName, userId: 'user-1', engine: provider });
    // The request carried the book context and the strict schema.
    const sent = JSON.stringify(fake.requests[0]?.body);
    expect(sent).toContain('chapter-09');
    expect(sent).toContain('additionalProperties');
    // It also carried the library's idea for the closest settings, as the standard to meet.
    const example = await libraryEngine().exampleFor(request);
    expect(example.businessName).toBeTruthy();
    expect(sent).toContain(JSON.stringify(JSON.stringify(example.executiveSummary)).slice(1, -1));
    expect(sent).toContain("An idea the book's authors wrote for settings close to these");
    if (provider === 'anthropic') expect(fake.requests[0]?.body).toMatchObject({ output_config: { format: { type: 'json_schema' } }, max_tokens: 6000 });
    else expect(fake.requests[0]?.body).toMatchObject({ response_format: { type: 'json_schema', json_schema: { strict: true } }, max_completion_tokens: 6000 });
  });

  it.each([
    ['http500', /answered with HTTP 500/, 2],
    ['http429', /is rate limiting requests/, 2],
    ['http429-long', /is rate limiting requests \(it asked to wait 30 s\)/, 1],
    ['timeout', /sent nothing for 0.3 s/, 1],
    ['stall-before-token', /sent nothing for 0.3 s/, 1],
    ['truncated', /ran out of output tokens/, 1],
    ['cut-json', /incomplete or malformed JSON/, 1],
    ['refusal', /declined/, 1],
    ['schema-break', /does not match the schema/, 1],
    ['oversized', /does not match the schema \(executiveSummary: Too big/, 1],
  ] as const)('%s: falls back to the offline engine at once, says why, and stores that idea', async (scenario, message, attempts) => {
    only(scenario);
    const store = new MemoryIdeaStore();
    const events: ProgressEvent[] = [];
    const { value: result, ms } = await timed(generateIdea({ ...request, useAnthropic }, null, deps(store, engines(), events)));
    expect(result.engine).toBe('offline');
    expect(result.fallbackFrom).toBe(provider);
    expect(result.notice).toMatch(message);
    expect(result.notice).toContain(LIBRARY_NOTICE);
    expect(result.seed).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(events.some((e) => e.stage === 'fallback' && e.engine === 'offline')).toBe(true);
    expect(store.ideas.size).toBe(1);
    expect(fake.count(provider)).toBe(attempts);
    // Never waits on the 30 s retry-after, nor retries a hang: first-token bound plus a retry of 5 ms at most.
    expect(ms).toBeLessThan(2_000);
  });

  it('lets a slow but steady stream run past the first-token bound and complete', async () => {
    only('slow');
    fake.pieceDelayMs = 8;
    const store = new MemoryIdeaStore();
    const { value: result, ms } = await timed(generateIdea({ ...request, useAnthropic }, null, deps(store, engines())));
    expect(ms).toBeGreaterThan(timings.firstTokenTimeoutMs * 2);
    expect(result.engine).toBe(provider);
    expect(result.notice).toBeUndefined();
    expect(result.seed).toBeUndefined();
    expect(fake.count(provider)).toBe(1);
  });

  it('ends a stream that stalls half-way at the deadline, and the offline engine still answers in time', async () => {
    only('stall-mid-stream');
    const store = new MemoryIdeaStore();
    const { value: result, ms } = await timed(generateIdea({ ...request, useAnthropic }, null, deps(store, engines(), [], { deadlineMs: 1_200 })));
    expect(result.engine).toBe('offline');
    expect(result.notice).toMatch(/did not finish before the deadline/);
    expect(ms).toBeGreaterThanOrEqual(1_150);
    expect(ms).toBeLessThan(1_700);
  });
});

describe('fallback between providers', () => {
  it('falls back to OpenAI when Claude fails, and says so', async () => {
    fake.scenario = { anthropic: 'http500', openai: 'valid' };
    const store = new MemoryIdeaStore();
    const events: ProgressEvent[] = [];
    const result = await generateIdea({ ...request, useAnthropic: true }, null, deps(store, { anthropic: anthropic(), openai: openai() }, events));
    expect(result).toMatchObject({ engine: 'openai', model: 'gpt-test', fallbackFrom: 'anthropic' });
    expect(result.notice).toBe('Claude answered with HTTP 500, so OpenAI (gpt-test) wrote this idea instead.');
    expect(events.some((e) => e.stage === 'fallback')).toBe(true);
    expect(store.ideas.size).toBe(1);
  });

  it.each(['timeout', 'stall-before-token', 'http429-long'] as const)('falls back to OpenAI within the first-token bound when Claude %s', async (scenario) => {
    fake.scenario = { anthropic: scenario, openai: 'valid' };
    const store = new MemoryIdeaStore();
    const { value: result, ms } = await timed(
      generateIdea({ ...request, useAnthropic: true }, null, deps(store, { anthropic: anthropic(), openai: openai() })),
    );
    expect(result).toMatchObject({ engine: 'openai', fallbackFrom: 'anthropic' });
    expect(fake.count('anthropic')).toBe(1);
    expect(ms).toBeLessThan(1_500);
  });

  it('falls back to Claude when OpenAI refuses', async () => {
    fake.scenario = { anthropic: 'valid', openai: 'refusal' };
    const store = new MemoryIdeaStore();
    const result = await generateIdea({ ...request, useAnthropic: false }, null, deps(store, { anthropic: anthropic(), openai: openai() }));
    expect(result).toMatchObject({ engine: 'anthropic', fallbackFrom: 'openai' });
  });

  it('falls back to the offline engine, naming both failures, when both providers fail', async () => {
    fake.scenario = { anthropic: 'timeout', openai: 'http429-long' };
    const store = new MemoryIdeaStore();
    const { value: result, ms } = await timed(
      generateIdea({ ...request, useAnthropic: true }, null, deps(store, { anthropic: anthropic(), openai: openai() })),
    );
    expect(result).toMatchObject({ engine: 'offline', fallbackFrom: 'anthropic' });
    expect(result.notice).toBe(`Claude sent nothing for 0.3 s, and OpenAI is rate limiting requests (it asked to wait 30 s), ${LIBRARY_NOTICE}`);
    expect(store.ideas.size).toBe(1);
    expect(ms).toBeLessThan(2_000);
  });

  it('skips the other provider when too little of the deadline is left, and the offline engine answers', async () => {
    fake.scenario = { anthropic: 'stall-mid-stream', openai: 'valid' };
    const store = new MemoryIdeaStore();
    const result = await generateIdea(
      { ...request, useAnthropic: true },
      null,
      deps(store, { anthropic: anthropic(), openai: openai() }, [], { deadlineMs: 800, minFallbackMs: 5_000 }),
    );
    expect(result.engine).toBe('offline');
    expect(fake.count('openai')).toBe(0);
  });

  it('stops, storing nothing, when the caller goes away', async () => {
    fake.scenario = { anthropic: 'timeout', openai: 'valid' };
    const store = new MemoryIdeaStore();
    const caller = new AbortController();
    setTimeout(() => caller.abort(), 100);
    const error = await generateIdea(
      { ...request, useAnthropic: true },
      null,
      deps(store, { anthropic: anthropic(), openai: openai() }, [], { signal: caller.signal }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GenerationError);
    expect(fake.count('openai')).toBe(0);
    expect(store.ideas.size).toBe(0);
  });

  it('uses the offline engine, and says so, when the chosen provider has no key', async () => {
    const store = new MemoryIdeaStore();
    const result = await generateIdea({ ...request, useAnthropic: true }, null, deps(store, { openai: openai() }));
    expect(result.engine).toBe('offline');
    expect(result.notice).toMatch(/No Claude API key is configured/);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('SDK error mapping', () => {
  const signal = new AbortController().signal;
  it('tells SDK errors apart by class, not by name', () => {
    const headers = new Headers({ 'retry-after': '30' });
    expect(mapSdkError('Claude', Anthropic, new Anthropic.RateLimitError(429, undefined, 'slow down', headers), signal).kind).toBe('rate_limited');
    expect(mapSdkError('OpenAI', OpenAI, new OpenAI.APIConnectionTimeoutError(), signal).kind).toBe('timeout');
    expect(mapSdkError('OpenAI', OpenAI, new OpenAI.InternalServerError(500, undefined, 'boom', new Headers()), signal).message).toBe(
      'OpenAI answered with HTTP 500',
    );
    // A look-alike with the right name is not the SDK's class.
    const impostor = Object.assign(new Error('fake'), { name: 'APIConnectionTimeoutError' });
    expect(mapSdkError('Claude', Anthropic, impostor, signal).kind).toBe('upstream');
  });
});
