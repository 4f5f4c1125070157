import { describe, expect, it } from 'vitest';
import { requestTarget } from '../../scripts/request-edge.ts';

describe('requestTarget: the URL a function sees', () => {
  it('joins a valid Host header and an origin-form path', () => {
    const t = requestTarget('localhost:8888', '/api/idea/abc?x=1');
    expect(t.ok && t.url.href).toBe('http://localhost:8888/api/idea/abc?x=1');
    const v6 = requestTarget('[::1]:8888', '/');
    expect(v6.ok && v6.url.host).toBe('[::1]:8888');
  });

  it.each(['a b', '[::1', 'evil.com:99999', 'evil.com:', 'ex_ample.com', 'host/path', 'user@host', ''])('refuses the Host header %j with 400', (host) => {
    expect(requestTarget(host, '/api/health')).toMatchObject({ ok: false, status: 400 });
  });

  it('refuses a missing Host header and a target that is not a path', () => {
    expect(requestTarget(undefined, '/')).toMatchObject({ ok: false, status: 400 });
    expect(requestTarget(['a', 'b'], '/')).toMatchObject({ ok: false, status: 400 });
    expect(requestTarget('localhost', '*')).toMatchObject({ ok: false, status: 400 });
    expect(requestTarget('localhost', 'api/health')).toMatchObject({ ok: false, status: 400 });
  });

  it('keeps a //host target a path on this host, never another origin', () => {
    const t = requestTarget('localhost:8888', '//evil.example/api/idea/abc');
    expect(t.ok && t.url.origin).toBe('http://localhost:8888');
    expect(t.ok && t.url.pathname).toBe('//evil.example/api/idea/abc');
  });

  it('takes only the path and query of an absolute-form target', () => {
    const t = requestTarget('localhost:8888', 'http://evil.example/api/health?a=1');
    expect(t.ok && t.url.href).toBe('http://localhost:8888/api/health?a=1');
  });
});
