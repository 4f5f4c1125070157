import OpenAI from 'openai';
import { GenerationError, type EngineAnswer, type EngineCallOptions, type EngineInput, type IdeaEngine } from '../engine.ts';
import { buildUserPrompt, providerJsonSchema, SYSTEM_PROMPT } from '../prompt.ts';
import { boundedStream, DEFAULT_MAX_OUTPUT_TOKENS, parseIdea, sdkClientOptions, sectionTracker, type ProviderConfig } from './common.ts';

/** OpenAI through `openai`: streamed Chat Completions with a strict JSON schema response format. */
export class OpenAIEngine implements IdeaEngine {
  readonly name = 'openai' as const;
  readonly model: string;
  private readonly client: OpenAI;
  private readonly maxTokens: number;
  private readonly config: ProviderConfig;

  constructor(config: ProviderConfig) {
    this.config = config;
    this.model = config.model;
    this.maxTokens = config.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS;
    this.client = new OpenAI(sdkClientOptions(config));
  }

  async generate(input: EngineInput, options: EngineCallOptions): Promise<EngineAnswer> {
    let text = '';
    let refusal = '';
    let finishReason: string | null = null;
    await boundedStream('OpenAI', OpenAI, this.config, options, async (signal, onToken) => {
      const tracker = sectionTracker(options);
      text = '';
      refusal = '';
      const stream = await this.client.chat.completions.create(
        {
          model: this.model,
          messages: [
            { role: 'system', content: SYSTEM_PROMPT },
            { role: 'user', content: buildUserPrompt(input) },
          ],
          response_format: { type: 'json_schema', json_schema: { name: 'business_idea', strict: true, schema: providerJsonSchema() } },
          max_completion_tokens: this.maxTokens,
          stream: true,
        },
        { signal },
      );
      for await (const chunk of stream) {
        const choice = chunk.choices[0];
        if (!choice) continue;
        if (choice.delta.content) {
          onToken();
          text += choice.delta.content;
          tracker.push(choice.delta.content);
        }
        if (choice.delta.refusal) {
          onToken();
          refusal += choice.delta.refusal;
        }
        if (choice.finish_reason) finishReason = choice.finish_reason;
      }
    });
    if (refusal || finishReason === 'content_filter') {
      throw new GenerationError('refusal', `OpenAI declined to write an idea for these settings${refusal ? `: ${refusal}` : ''}`);
    }
    if (finishReason === 'length') throw new GenerationError('truncated', 'OpenAI ran out of output tokens before finishing the idea');
    return { idea: parseIdea('OpenAI', text) };
  }
}
