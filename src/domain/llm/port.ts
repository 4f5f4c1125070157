/**
 * One port to a language model for both features (the idea generator and the book assistant): a
 * system prompt, the conversation, and a JSON schema the answer must follow, streamed. Each
 * provider has one adapter (./anthropic.ts, ./openai.ts); a feature never imports an SDK.
 */
type ProviderName = 'anthropic' | 'openai';

export interface JsonRequest {
  system: string;
  messages: { role: 'user' | 'assistant'; content: string }[];
  /** The schema's name, where the provider asks for one (OpenAI's `json_schema.name`). */
  schemaName: string;
  schema: Record<string, unknown>;
  maxOutputTokens: number;
}

export interface JsonOutcome {
  /** The JSON text of the last attempt, as streamed. */
  text: string;
  /** How the answer ended: whole, refused by the model, or cut by the output cap. */
  ending: 'complete' | 'refusal' | 'truncated';
  /** The model's reason for a refusal, where it gives one. */
  refusal: string;
}

export interface JsonModel {
  readonly name: ProviderName;
  /** The provider as a reader knows it ('Claude', 'OpenAI'), for messages. */
  readonly label: string;
  readonly model: string;
  /**
   * Streams one answer within the bounds of ./bounds.ts. `attempt` is called at the start of each
   * attempt (a retry starts over) and returns where that attempt's text goes as it arrives.
   */
  complete(request: JsonRequest, signal: AbortSignal, attempt: () => (text: string) => void): Promise<JsonOutcome>;
}
