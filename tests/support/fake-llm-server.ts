import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the fake provider answers:
 * - `timeout`: never answers (no headers); `stall-before-token`: headers and the message start, then nothing;
 * - `stall-mid-stream`: half the idea, then nothing; `slow`: the whole idea, one piece every `pieceDelayMs`;
 * - `http429` asks for a 5 ms wait, `http429-long` for `retry-after: 30`; `http500`;
 * - `truncated` (stopped at the token cap), `cut-json` (half the JSON, normal stop), `refusal`,
 *   `schema-break` (valid JSON, wrong shape), `oversized` (a 100,000-character summary).
 */
export type Scenario =
  | 'valid'
  | 'http500'
  | 'http429'
  | 'http429-long'
  | 'timeout'
  | 'stall-before-token'
  | 'stall-mid-stream'
  | 'slow'
  | 'truncated'
  | 'cut-json'
  | 'refusal'
  | 'schema-break'
  | 'oversized';

/**
 * A local stand-in for the Anthropic and OpenAI HTTP APIs, so the real SDKs run their real code
 * paths (streaming, retries, timeouts, error classes) against scripted answers.
 */
export class FakeLlmServer {
  scenario: Record<'anthropic' | 'openai', Scenario> = { anthropic: 'valid', openai: 'valid' };
  /** The JSON text a valid answer streams. */
  ideaJson = '{}';
  /** The pause between streamed pieces in the `slow` scenario. */
  pieceDelayMs = 50;
  readonly requests: { provider: 'anthropic' | 'openai'; body: Record<string, unknown> }[] = [];
  private server: Server | undefined;
  private readonly hanging = new Set<ServerResponse>();

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
  }

  get origin(): string {
    const { port } = this.server?.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  count(provider: 'anthropic' | 'openai'): number {
    return this.requests.filter((r) => r.provider === provider).length;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    const provider = req.url?.startsWith('/v1/messages') ? 'anthropic' : req.url?.startsWith('/v1/chat/completions') ? 'openai' : null;
    if (!provider) {
      res.writeHead(404).end();
      return;
    }
    this.requests.push({ provider, body: JSON.parse(raw) as Record<string, unknown> });
    const scenario = this.scenario[provider];
    if (scenario === 'timeout') {
      this.hanging.add(res);
      return;
    }
    if (scenario === 'http500' || scenario === 'http429' || scenario === 'http429-long') {
      const status = scenario === 'http500' ? 500 : 429;
      res.writeHead(status, { 'content-type': 'application/json', ...(scenario === 'http429-long' ? { 'retry-after': '30' } : { 'retry-after-ms': '5' }) });
      res.end(
        JSON.stringify(
          provider === 'anthropic'
            ? { type: 'error', error: { type: status === 429 ? 'rate_limit_error' : 'api_error', message: 'scripted failure' } }
            : { error: { message: 'scripted failure', type: 'server_error' } },
        ),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    let text = this.ideaJson;
    if (scenario === 'truncated' || scenario === 'cut-json') text = text.slice(0, Math.floor(text.length / 2));
    if (scenario === 'schema-break') text = JSON.stringify({ businessName: 'Only a name', painPointsSolved: 'not a list' });
    if (scenario === 'refusal') text = '';
    if (scenario === 'oversized') text = JSON.stringify({ ...(JSON.parse(text) as object), executiveSummary: 'x'.repeat(100_000) });
    const pieces = text.match(scenario === 'oversized' ? /[\s\S]{1,4000}/g : /[\s\S]{1,40}/g) ?? [];
    const hang = () => {
      this.hanging.add(res);
      return new Promise<never>(() => undefined);
    };
    const pace = async (i: number) => {
      if (scenario === 'stall-before-token' && i === 0) await hang();
      if (scenario === 'stall-mid-stream' && i === Math.floor(pieces.length / 2)) await hang();
      if (scenario === 'slow') await new Promise((resolve) => setTimeout(resolve, this.pieceDelayMs));
    };
    if (provider === 'anthropic') {
      const send = (type: string, data: object) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
      send('message_start', {
        message: {
          id: 'msg_fake',
          type: 'message',
          role: 'assistant',
          model: 'fake',
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 10, output_tokens: 1 },
        },
      });
      send('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
      for (const [i, p] of pieces.entries()) {
        await pace(i);
        if (res.destroyed) return;
        send('content_block_delta', { index: 0, delta: { type: 'text_delta', text: p } });
      }
      send('content_block_stop', { index: 0 });
      const stop = scenario === 'truncated' ? 'max_tokens' : scenario === 'refusal' ? 'refusal' : 'end_turn';
      send('message_delta', { delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: pieces.length } });
      send('message_stop', {});
    } else {
      const chunk = (delta: object, finish: string | null) =>
        res.write(
          `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1, model: 'fake', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
        );
      chunk({ role: 'assistant', content: '' }, null);
      if (scenario === 'refusal') chunk({ refusal: 'I can not help with that.' }, null);
      for (const [i, p] of pieces.entries()) {
        await pace(i);
        if (res.destroyed) return;
        chunk({ content: p }, null);
      }
      chunk({}, scenario === 'truncated' ? 'length' : 'stop');
      res.write('data: [DONE]\n\n');
    }
    res.end();
  }
}
