import Anthropic from '@anthropic-ai/sdk';
import { boundedStream, sdkClientOptions, type ProviderConfig } from './bounds.ts';
import type { JsonModel, JsonOutcome, JsonRequest } from './port.ts';

/** Claude through `@anthropic-ai/sdk`: the streamed Messages API with a JSON schema output. */
export class AnthropicModel implements JsonModel {
  readonly name = 'anthropic' as const;
  readonly label = 'Claude';
  readonly model: string;
  private readonly client: Anthropic;

  constructor(private readonly config: ProviderConfig) {
    this.model = config.model;
    this.client = new Anthropic(sdkClientOptions(config));
  }

  async complete(request: JsonRequest, signal: AbortSignal, attempt: () => (text: string) => void): Promise<JsonOutcome> {
    let text = '';
    let stopReason: string | null = null;
    await boundedStream(this.label, Anthropic, this.config, { signal }, async (attemptSignal, onToken) => {
      const sink = attempt();
      text = '';
      stopReason = null;
      const events = await this.client.messages.create(
        {
          model: this.model,
          max_tokens: request.maxOutputTokens,
          system: request.system,
          messages: request.messages,
          output_config: { format: { type: 'json_schema', schema: request.schema } },
          stream: true,
        },
        { signal: attemptSignal },
      );
      for await (const event of events) {
        if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') {
          onToken();
          text += event.delta.text;
          sink(event.delta.text);
        } else if (event.type === 'message_delta') stopReason = event.delta.stop_reason;
      }
    });
    const ending = stopReason === 'refusal' ? 'refusal' : stopReason === 'max_tokens' ? 'truncated' : 'complete';
    return { text, ending, refusal: '' };
  }
}
