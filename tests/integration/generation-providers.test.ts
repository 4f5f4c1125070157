import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadBook } from '../../src/domain/book/load.ts';
import { GenerationError, IDEA_SECTIONS } from '../../src/domain/ideas/engine.ts';
import { generateIdea, type GenerateDeps, type ProgressEvent } from '../../src/domain/ideas/generate.ts';
import { toGroundingChapter, type GroundingChapter } from '../../src/domain/ideas/grounding.ts';
import { composeOfflineIdea, OfflineEngine } from '../../src/domain/ideas/offline-engine.ts';
import { AnthropicEngine } from '../../src/domain/ideas/providers/anthropic.ts';
import { OpenAIEngine } from '../../src/domain/ideas/providers/openai.ts';
import { DEFAULT_SETTINGS, generatedIdeaSchema, type GenerateRequest } from '../../src/domain/ideas/schema.ts';
import { MemoryIdeaStore } from '../../src/domain/ideas/store.ts';
import { FakeLlmServer, type Scenario } from '../support/fake-llm-server.ts';

const fake = new FakeLlmServer();
let chapters: GroundingChapter[];
const request: GenerateRequest = { ...DEFAULT_SETTINGS, businessCategory: 'healthcare', bsvFeature: 'timestamping' };

beforeAll(async () => {
  await fake.start();
  chapters = (await loadBook()).chapters.map((c) => toGroundingChapter(c));
  fake.ideaJson = JSON.stringify(composeOfflineIdea({ request, chapters: chapters.slice(9, 11) }, 7));
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.requests.length = 0;
});

const anthropic = () => new AnthropicEngine({ apiKey: 'test-key', model: 'claude-test', baseURL: fake.origin, attemptTimeoutMs: 300 });
const openai = () => new OpenAIEngine({ apiKey: 'test-key', model: 'gpt-test', baseURL: `${fake.origin}/v1`, attemptTimeoutMs: 300 });

function deps(store: MemoryIdeaStore, engines: Partial<GenerateDeps['engines']>, events: ProgressEvent[] = []): GenerateDeps {
  return { store, chapters, engines: { offline: new OfflineEngine(), ...engines }, minFallbackMs: 0, deadlineMs: 10_000, onProgress: (e) => events.push(e) };
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
    const { id: _id, engine: _engine, model: _model, inspiredBy: _inspiredBy, ...idea } = result;
    expect(generatedIdeaSchema.safeParse(idea).success).toBe(true);
    expect(result.engine).toBe(provider);
    expect(result.model).toBe(provider === 'anthropic' ? 'claude-test' : 'gpt-test');
    expect(result.inspiredBy[0]).toEqual({ id: 'chapter-09', title: 'Chapter 9: Healthcare' });
    expect(events.filter((e) => e.stage === 'section').map((e) => (e.stage === 'section' ? e.section : ''))).toEqual([...IDEA_SECTIONS]);
    const stored = await store.get(result.id);
    expect(stored).toMatchObject({ id: result.id, businessName: result.businessName, userId: 'user-1', engine: provider });
    // The request carried the book context and the strict schema.
    const sent = JSON.stringify(fake.requests[0]?.body);
    expect(sent).toContain('chapter-09');
    expect(sent).toContain('additionalProperties');
    if (provider === 'anthropic') expect(fake.requests[0]?.body).toMatchObject({ output_config: { format: { type: 'json_schema' } }, max_tokens: 4000 });
    else expect(fake.requests[0]?.body).toMatchObject({ response_format: { type: 'json_schema', json_schema: { strict: true } }, max_completion_tokens: 4000 });
  });

  it.each([
    ['http500', 'upstream', /HTTP 500/, 2],
    ['http429', 'rate_limited', /rate limiting/, 2],
    ['timeout', 'timeout', /timed out/, 2],
    ['truncated', 'truncated', /ran out of output tokens/, 1],
    ['cut-json', 'invalid_output', /incomplete or malformed JSON/, 1],
    ['refusal', 'refusal', /declined/, 1],
    ['schema-break', 'invalid_output', /does not match the schema/, 1],
  ] as const)('%s ends in a clear %s error and stores nothing', async (scenario, kind, message, attempts) => {
    only(scenario);
    const store = new MemoryIdeaStore();
    const error = await generateIdea({ ...request, useAnthropic }, null, deps(store, engines())).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GenerationError);
    expect((error as GenerationError).kind).toBe(kind);
    expect((error as GenerationError).message).toMatch(message);
    expect((error as GenerationError).status).toBeGreaterThanOrEqual(400);
    expect(store.ideas.size).toBe(0);
    expect(await store.recent(10)).toEqual([]);
    expect(fake.count(provider)).toBe(attempts);
  });
});

describe('fallback between providers', () => {
  it('falls back to OpenAI when Claude fails, and says so', async () => {
    fake.scenario = { anthropic: 'http500', openai: 'valid' };
    const store = new MemoryIdeaStore();
    const events: ProgressEvent[] = [];
    const result = await generateIdea({ ...request, useAnthropic: true }, null, deps(store, { anthropic: anthropic(), openai: openai() }, events));
    expect(result).toMatchObject({ engine: 'openai', model: 'gpt-test', fallbackFrom: 'anthropic' });
    expect(result.notice).toMatch(/Claude answered with HTTP 500, so OpenAI \(gpt-test\) wrote this idea instead/);
    expect(events.some((e) => e.stage === 'fallback')).toBe(true);
    expect(store.ideas.size).toBe(1);
  });

  it('falls back to Claude when OpenAI refuses', async () => {
    fake.scenario = { anthropic: 'valid', openai: 'refusal' };
    const store = new MemoryIdeaStore();
    const result = await generateIdea({ ...request, useAnthropic: false }, null, deps(store, { anthropic: anthropic(), openai: openai() }));
    expect(result).toMatchObject({ engine: 'anthropic', fallbackFrom: 'openai' });
  });

  it('reports both failures and stores nothing when both providers fail', async () => {
    fake.scenario = { anthropic: 'schema-break', openai: 'http429' };
    const store = new MemoryIdeaStore();
    const error = (await generateIdea({ ...request, useAnthropic: true }, null, deps(store, { anthropic: anthropic(), openai: openai() })).catch(
      (e: unknown) => e,
    )) as GenerationError;
    expect(error.message).toMatch(/does not match the schema.*fallback failed too.*rate limiting/);
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
