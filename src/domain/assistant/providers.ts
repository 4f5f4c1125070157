import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { z } from 'zod';
import { GenerationError } from '../ideas/engine.ts';
import { boundedStream, sdkClientOptions, type ProviderConfig } from '../ideas/providers/common.ts';
import { JsonAnswerStream, type AnswerEngine, type EngineAnswerOptions, type EngineQuestion } from './engine.ts';
import { answerJsonSchema, chatMessages, systemPrompt } from './prompt.ts';

/** Output cap of an answer (a few paragraphs); the abuse and cost bound. */
const ANSWER_MAX_OUTPUT_TOKENS = 1_200;

interface AssistantProviderConfig extends ProviderConfig {
  bookTitle: string;
}

const answerSchema = z.object({ answer: z.string().trim().min(1) });

/** Parses a provider's JSON answer; malformed or empty output is a clear error. */
function parseAnswer(provider: string, text: string): string {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (cause) {
    throw new GenerationError('invalid_output', `${provider} returned an incomplete or malformed answer`, { cause });
  }
  const parsed = answerSchema.safeParse(data);
  if (!parsed.success) throw new GenerationError('invalid_output', `${provider} returned an answer without text`);
  return parsed.data.answer;
}

/** Claude through `@anthropic-ai/sdk`: streamed Messages API with a JSON schema output. */
export class AnthropicAnswerEngine implements AnswerEngine {
  readonly name = 'anthropic' as const;
  readonly model: string;
  private readonly client: Anthropic;
  private readonly config: AssistantProviderConfig;

  constructor(config: AssistantProviderConfig) {
    this.model = config.model;
    this.config = config;
    this.client = new Anthropic(sdkClientOptions(config));
  }

  async answer(input: EngineQuestion, options: EngineAnswerOptions): Promise<string> {
    let text = '';
    let stopReason: string | null = null;
    // The generator's bounds: first token within the time limit, one short retry at most.
    await boundedStream('Claude', Anthropic, this.config, { signal: options.signal }, async (signal, onToken) => {
      const stream = new JsonAnswerStream((t) => options.onText?.(t));
      text = '';
      const events = await this.client.messages.create(
        {
          model: this.model,
          max_tokens: this.config.maxOutputTokens ?? ANSWER_MAX_OUTPUT_TOKENS,
          system: systemPrompt(this.config.bookTitle),
          messages: chatMessages(input),
          output_config: { format: { type: 'json_schema', schema: answerJsonSchema() } },
          stream: true,
        },
        { signal },
      );
      for await (const event of events) {
        if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') {
          onToken();
          text += event.delta.text;
          stream.push(event.delta.text);
        } else if (event.type === 'message_delta') stopReason = event.delta.stop_reason;
      }
    });
    if (stopReason === 'refusal') throw new GenerationError('refusal', 'Claude declined to answer this question');
    if (stopReason === 'max_tokens') throw new GenerationError('truncated', 'Claude ran out of output tokens before finishing the answer');
    return parseAnswer('Claude', text);
  }
}

/** OpenAI through `openai`: streamed Chat Completions with a strict JSON schema response format. */
export class OpenAIAnswerEngine implements AnswerEngine {
  readonly name = 'openai' as const;
  readonly model: string;
  private readonly client: OpenAI;
  private readonly config: AssistantProviderConfig;

  constructor(config: AssistantProviderConfig) {
    this.model = config.model;
    this.config = config;
    this.client = new OpenAI(sdkClientOptions(config));
  }

  async answer(input: EngineQuestion, options: EngineAnswerOptions): Promise<string> {
    let text = '';
    let refusal = '';
    let finishReason: string | null = null;
    await boundedStream('OpenAI', OpenAI, this.config, { signal: options.signal }, async (signal, onToken) => {
      const stream = new JsonAnswerStream((t) => options.onText?.(t));
      text = '';
      const chunks = await this.client.chat.completions.create(
        {
          model: this.model,
          messages: [{ role: 'system', content: systemPrompt(this.config.bookTitle) }, ...chatMessages(input)],
          response_format: { type: 'json_schema', json_schema: { name: 'book_answer', strict: true, schema: answerJsonSchema() } },
          max_completion_tokens: this.config.maxOutputTokens ?? ANSWER_MAX_OUTPUT_TOKENS,
          stream: true,
        },
        { signal },
      );
      for await (const chunk of chunks) {
        const choice = chunk.choices[0];
        if (!choice) continue;
        if (choice.delta.content) {
          onToken();
          text += choice.delta.content;
          stream.push(choice.delta.content);
        }
        if (choice.delta.refusal) refusal += choice.delta.refusal;
        if (choice.finish_reason) finishReason = choice.finish_reason;
      }
    });
    if (refusal || finishReason === 'content_filter') throw new GenerationError('refusal', 'OpenAI declined to answer this question');
    if (finishReason === 'length') throw new GenerationError('truncated', 'OpenAI ran out of output tokens before finishing the answer');
    return parseAnswer('OpenAI', text);
  }
}
