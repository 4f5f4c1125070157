import { describe, expect, it } from 'vitest';
import { FakeChain } from '../../src/sandbox/fake-chain.ts';
import type { HostHandler } from '../../src/sandbox/fake-net.ts';
import { startServices } from '../../src/sandbox/services.ts';

/** The in-page copy of examples/model-registry's overlay host refuses what its Node server refuses (tests/examples/model-registry.test.ts). */
describe('the in-page model registry overlay host', () => {
  const host = async (): Promise<HostHandler> => {
    const hosts = new Map<string, HostHandler>();
    await startServices({ 'overlay.test': 'model-registry-overlay' }, new FakeChain(), new Map(), (name, handler) => hosts.set(name, handler), new Map());
    const handler = hosts.get('overlay.test');
    if (!handler) throw new Error('the overlay host did not start');
    return handler;
  };
  const request = (method: string, path: string, body: Uint8Array, headers: Record<string, string> = {}) => ({
    method,
    url: new URL(`http://overlay.test${path}`),
    headers,
    body,
  });
  const text = (body: string | Uint8Array | undefined) => (typeof body === 'string' ? body : new TextDecoder().decode(body));

  it('answers 400 with a JSON error for X-Topics that is missing, not JSON or not a list of names, and for a body that is no transaction', async () => {
    const overlay = await host();
    for (const topics of [undefined, 'not json', '{"a":1}', '[1,2]']) {
      const r = await overlay(request('POST', '/submit', new Uint8Array([1]), topics === undefined ? {} : { 'x-topics': topics }));
      expect([r.status, JSON.parse(text(r.body))]).toEqual([400, { error: 'X-Topics must be a JSON array of topic names' }]);
    }
    const notBeef = await overlay(request('POST', '/submit', new Uint8Array([1, 2, 3]), { 'x-topics': '["tm_modelreg"]' }));
    expect(notBeef.status).toBe(400);
    expect(JSON.parse(text(notBeef.body))).toHaveProperty('error');
  });

  it('answers 400 for a lookup that is not JSON or names another service, and 404 for an unknown route', async () => {
    const overlay = await host();
    const lookup = async (body: string) => await overlay(request('POST', '/lookup', new TextEncoder().encode(body), { 'content-type': 'application/json' }));
    expect((await lookup('{')).status).toBe(400);
    expect((await lookup(JSON.stringify({ service: 'ls_other', query: {} }))).status).toBe(400);
    const none = await lookup(JSON.stringify({ service: 'ls_modelreg', query: { modelId: 'nobody/model' } }));
    expect([none.status, JSON.parse(text(none.body))]).toEqual([200, { type: 'output-list', outputs: [] }]);
    expect((await overlay(request('GET', '/nowhere', new Uint8Array()))).status).toBe(404);
  });
});
