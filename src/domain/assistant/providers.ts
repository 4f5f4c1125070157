import { z } from 'zod';
import { GenerationError } from '../ideas/engine.ts';
import { jsonStringStream } from '../llm/json-stream.ts';
import type { JsonModel } from '../llm/port.ts';
import type { AnswerEngine, EngineAnswerOptions, EngineQuestion } from './engine.ts';
import { answerJsonSchema, chatMessages, systemPrompt } from './prompt.ts';

/** Output cap of an answer (a few paragraphs); the abuse and cost bound. */
const ANSWER_MAX_OUTPUT_TOKENS = 1_200;

const answerSchema = z.object({ answer: z.string().trim().min(1) });

/**
 * An answer written by a language model (Claude or OpenAI, through one port) from the passages
 * given: `{"answer": string}` as the output format, its text streamed to the page as it is written.
 */
export class ModelAnswerEngine implements AnswerEngine {
  readonly name: JsonModel['name'];
  readonly model: string;
  readonly quotesPassages = false;

  constructor(
    private readonly llm: JsonModel,
    private readonly bookTitle: string,
  ) {
    this.name = llm.name;
    this.model = llm.model;
  }

  async answer(input: EngineQuestion, options: EngineAnswerOptions): Promise<string> {
    const request = {
      system: systemPrompt(this.bookTitle),
      messages: chatMessages(input),
      schemaName: 'book_answer',
      schema: answerJsonSchema(),
      maxOutputTokens: ANSWER_MAX_OUTPUT_TOKENS,
    };
    const outcome = await this.llm.complete(request, options.signal, () => jsonStringStream('answer', (t) => options.onText?.(t)));
    const provider = this.llm.label;
    if (outcome.ending === 'refusal') throw new GenerationError('refusal', `${provider} declined to answer this question`);
    if (outcome.ending === 'truncated') throw new GenerationError('truncated', `${provider} ran out of output tokens before finishing the answer`);
    return parseAnswer(provider, outcome.text);
  }
}

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
