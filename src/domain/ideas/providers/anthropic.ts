import Anthropic from '@anthropic-ai/sdk';
import { GenerationError, type EngineAnswer, type EngineCallOptions, type EngineInput, type IdeaEngine } from '../engine.ts';
import { buildUserPrompt, providerJsonSchema, SYSTEM_PROMPT } from '../prompt.ts';
import { boundedStream, DEFAULT_MAX_OUTPUT_TOKENS, parseIdea, sdkClientOptions, sectionTracker, type ProviderConfig } from './common.ts';

/**
 * Claude through `@anthropic-ai/sdk`: streamed Messages API with structured output
 * (`output_config.format` json_schema), so progress can be reported section by section.
 */
export class AnthropicEngine implements IdeaEngine {
  readonly name = 'anthropic' as const;
  readonly model: string;
  private readonly client: Anthropic;
  private readonly maxTokens: number;
  private readonly config: ProviderConfig;

  constructor(config: ProviderConfig) {
    this.config = config;
    this.model = config.model;
    this.maxTokens = config.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS;
    this.client = new Anthropic(sdkClientOptions(config));
  }

  async generate(input: EngineInput, options: EngineCallOptions): Promise<EngineAnswer> {
    let text = '';
    let stopReason: string | null = null;
    await boundedStream('Claude', Anthropic, this.config, options, async (signal, onToken) => {
      const tracker = sectionTracker(options);
      text = '';
      const stream = await this.client.messages.create(
        {
          model: this.model,
          max_tokens: this.maxTokens,
          system: SYSTEM_PROMPT,
          messages: [{ role: 'user', content: buildUserPrompt(input) }],
          output_config: { format: { type: 'json_schema', schema: providerJsonSchema() } },
          stream: true,
        },
        { signal },
      );
      for await (const event of stream) {
        if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') {
          onToken();
          text += event.delta.text;
          tracker.push(event.delta.text);
        } else if (event.type === 'message_delta') {
          stopReason = event.delta.stop_reason;
        }
      }
    });
    if (stopReason === 'refusal') throw new GenerationError('refusal', 'Claude declined to write an idea for these settings; try other controls');
    if (stopReason === 'max_tokens') throw new GenerationError('truncated', 'Claude ran out of output tokens before finishing the idea');
    return { idea: parseIdea('Claude', text) };
  }
}
