import { z } from 'zod';
import { OPTION_FIELDS, optionLabel } from '../options.ts';
import type { EngineInput } from './engine.ts';
import { inspiredByOf } from './grounding.ts';
import { generatedIdeaSchema, IDEA_LIMITS } from './schema.ts';

/** The system prompt shared by the provider engines. */
export const SYSTEM_PROMPT = [
  'You are a startup strategist writing for the companion website of a technical book about Internet infrastructure, artificial intelligence and the BSV blockchain.',
  'Write one concrete, buildable business idea that combines all three, grounded in the book chapters given as context: reuse their problems, mechanisms and vocabulary, and do not invent protocol features they do not describe.',
  'Write as one founder pitching to an angel investor who reads every word: a named buyer with a budget, a price that buyer would pay for the unit sold, volumes and a team that fit, and an honest limit.',
  'Make the numbers hold: state the price in US dollars (write US$), the units a customer buys a month, customers by month 12 and 24, the team and its cost; revenue, costs and any break-even you claim must follow from them; miner fees are about 23 satoshis for a 226-byte payment at 100 sat/kB. Make targetTPS agree with those volumes and launchTime with the roadmap, whose later phases aim higher than earlier ones; give at least 3 roadmap phases with 2 to 4 tasks each and at least 4 core features.',
  'Health or personal data never goes on chain; only commitments, tokens and audit events do.',
  `Keep it readable: every text field under ${IDEA_LIMITS.text - 500} characters, every list at most ${IDEA_LIMITS.items - 8} items (longer answers are rejected).`,
  'Answer with the JSON object only.',
].join('\n');

/**
 * The user message: the controls in words and a compact context of the matching chapters (key
 * points, idea seeds and a short excerpt; never whole chapters, to keep the prompt small).
 */
export function buildUserPrompt(input: EngineInput): string {
  const { request, chapters } = input;
  const controls = OPTION_FIELDS.map((field) => {
    const value = request[field];
    return `- ${field}: ${value === 'all' ? 'any (choose what fits the chapters best)' : `${optionLabel(field, value)} (${value})`}`;
  });
  const level = request.innovationLevel;
  const boldness = level <= 3 ? 'incremental and low-risk' : level <= 7 ? "ambitious but buildable with today's tools" : 'a moonshot that creates a new market';
  const titles = inspiredByOf(chapters);
  const context = chapters.map((c, i) => {
    const seeds = c.seeds.map((s) => `  * ${s.name}: ${s.problem} -> ${s.solution} (AI: ${s.aiRole} BSV: ${s.bsvRole})`).join('\n');
    return [
      `### ${titles[i]?.title ?? c.title} (${c.id}) - ${c.subtitle}`,
      'Key points:',
      ...c.keyPoints.map((k) => `  * ${k}`),
      'Idea seeds:',
      seeds,
      `Excerpt: ${c.excerpt}`,
    ].join('\n');
  });
  const example = input.example
    ? [
        '',
        "An idea the book's authors wrote for settings close to these, to show the depth, the fit and the honesty of numbers expected. Write a different idea for the reader's settings; do not copy its business, names or sentences:",
        JSON.stringify(input.example),
      ]
    : [];
  return [
    'Controls chosen by the reader:',
    ...controls,
    `- innovationLevel: ${level}/10 (${boldness})`,
    '',
    'Book chapters to draw on:',
    ...context,
    ...example,
  ].join('\n');
}

type JsonSchema = Record<string, unknown>;

/**
 * The JSON schema the providers must follow, built from the same zod schema the answer is
 * validated against. Both providers' strict modes need every property required and
 * `additionalProperties: false` (the zod objects are strict, so both hold); length and count
 * bounds, which strict modes do not all accept, are left to the zod validation afterwards.
 */
export function providerJsonSchema(): JsonSchema {
  const schema = z.toJSONSchema(generatedIdeaSchema, { target: 'draft-2020-12' }) as JsonSchema;
  return strip(schema) as JsonSchema;
}

const DROPPED = new Set(['$schema', 'minLength', 'maxLength', 'minItems', 'maxItems']);
function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !DROPPED.has(k))
        .map(([k, v]) => [k, strip(v)]),
    );
  }
  return value;
}
