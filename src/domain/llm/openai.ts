import OpenAI from 'openai';
import { boundedStream, sdkClientOptions, type ProviderConfig } from './bounds.ts';
import type { JsonModel, JsonOutcome, JsonRequest } from './port.ts';

/** OpenAI through `openai`: streamed Chat Completions with a strict JSON schema response format. */
export class OpenAIModel implements JsonModel {
  readonly name = 'openai' as const;
  readonly label = 'OpenAI';
  readonly model: string;
  private readonly client: OpenAI;

  constructor(private readonly config: ProviderConfig) {
    this.model = config.model;
    this.client = new OpenAI(sdkClientOptions(config));
  }

  async complete(request: JsonRequest, signal: AbortSignal, attempt: () => (text: string) => void): Promise<JsonOutcome> {
    let text = '';
    let refusal = '';
    let finishReason: string | null = null;
    await boundedStream(this.label, OpenAI, this.config, { signal }, async (attemptSignal, onToken) => {
      const sink = attempt();
      text = '';
      refusal = '';
      finishReason = null;
      const chunks = await this.client.chat.completions.create(
        {
          model: this.model,
          messages: [{ role: 'system', content: request.system }, ...request.messages],
          response_format: { type: 'json_schema', json_schema: { name: request.schemaName, strict: true, schema: request.schema } },
          max_completion_tokens: request.maxOutputTokens,
          stream: true,
        },
        { signal: attemptSignal },
      );
      for await (const chunk of chunks) {
        const choice = chunk.choices[0];
        if (!choice) continue;
        if (choice.delta.content) {
          onToken();
          text += choice.delta.content;
          sink(choice.delta.content);
        }
        if (choice.delta.refusal) {
          onToken();
          refusal += choice.delta.refusal;
        }
        if (choice.finish_reason) finishReason = choice.finish_reason;
      }
    });
    const ending = refusal || finishReason === 'content_filter' ? 'refusal' : finishReason === 'length' ? 'truncated' : 'complete';
    return { text, ending, refusal };
  }
}
