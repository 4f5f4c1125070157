import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeNet } from '../../../src/sandbox/fake-net.ts';

/**
 * The Node adapter of the examples' network boundary: FakeNet (a pure request handler) behind a
 * loopback HTTP server. Example processes reach it through tests/examples/harness/preload.ts, which
 * sends every public request here with its real URL in `x-example-url`.
 */
export class LoopbackNet extends FakeNet<Buffer> {
  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void (async () => {
          const target = new URL(String(req.headers['x-example-url'] ?? 'http://unknown.invalid/'));
          const headers = { ...req.headers };
          delete headers['x-example-url'];
          const answer = await this.dispatch({ method: req.method ?? 'GET', url: target, headers, body: Buffer.concat(chunks) });
          res.writeHead(answer.status, answer.headers ?? {});
          res.end(answer.body ?? '');
        })();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
