import type { JsonModel } from '../llm/port.ts';
import { jsonKeyStream } from '../llm/json-stream.ts';
import { GenerationError, isIdeaSection, type EngineAnswer, type EngineCallOptions, type EngineInput, type IdeaEngine } from './engine.ts';
import { buildUserPrompt, providerJsonSchema, SYSTEM_PROMPT } from './prompt.ts';
import { generatedIdeaSchema, type GeneratedIdea } from './schema.ts';

const DEFAULT_MAX_OUTPUT_TOKENS = 6_000;

/**
 * An idea written by a language model (Claude or OpenAI, through one port): the idea's schema as
 * the output format, progress reported section by section as the model starts each, and the
 * answer validated against the same zod schema as every engine's.
 */
export class ModelIdeaEngine implements IdeaEngine {
  readonly name: JsonModel['name'];
  readonly model: string;
  readonly seeded = false;
  readonly description: string;

  constructor(
    private readonly llm: JsonModel,
    private readonly maxOutputTokens = DEFAULT_MAX_OUTPUT_TOKENS,
  ) {
    this.name = llm.name;
    this.model = llm.model;
    this.description = `${llm.label} (${llm.model})`;
  }

  async generate(input: EngineInput, options: EngineCallOptions): Promise<EngineAnswer> {
    const request = {
      system: SYSTEM_PROMPT,
      messages: [{ role: 'user' as const, content: buildUserPrompt(input) }],
      schemaName: 'business_idea',
      schema: providerJsonSchema(),
      maxOutputTokens: this.maxOutputTokens,
    };
    const outcome = await this.llm.complete(request, options.signal, () =>
      jsonKeyStream((key) => {
        if (isIdeaSection(key)) options.onSection?.(key);
      }),
    );
    const provider = this.llm.label;
    if (outcome.ending === 'refusal') {
      throw new GenerationError(
        'refusal',
        `${provider} declined to write an idea for these settings${outcome.refusal ? `: ${outcome.refusal}` : '; try other controls'}`,
      );
    }
    if (outcome.ending === 'truncated') throw new GenerationError('truncated', `${provider} ran out of output tokens before finishing the idea`);
    return { idea: parseIdea(provider, outcome.text) };
  }
}

/** Parses and validates a provider's JSON text; any defect (including an oversized field) is a clear GenerationError. */
function parseIdea(provider: string, text: string): GeneratedIdea {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (cause) {
    throw new GenerationError('invalid_output', `${provider} returned incomplete or malformed JSON`, { cause });
  }
  const parsed = generatedIdeaSchema.safeParse(data);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first ? `${first.path.join('.') || '(root)'}: ${first.message}` : 'unknown issue';
    throw new GenerationError('invalid_output', `${provider} returned an idea that does not match the schema (${where})`);
  }
  return parsed.data;
}
