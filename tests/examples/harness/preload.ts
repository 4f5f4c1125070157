// Loaded with `node --import` into every example process (see run.ts). It is the network boundary:
// `fetch` to any public host goes to the loopback FakeNet named by EXAMPLES_NET, which answers for
// the hosts a test has set up and refuses the rest; fetch to another loopback port (a server an
// example started) passes through. With EXAMPLES_BROWSER_ORIGIN set, fetch behaves like a browser
// page on that origin: CORS preflight and response checks, and a cookie jar that honours
// `credentials` and refuses Secure cookies over plain HTTP. No SDK import: this file must not change
// what the example under test loads.
const net = process.env.EXAMPLES_NET;
if (net === undefined) throw new Error('preload: EXAMPLES_NET is not set');
const pageOrigin = process.env.EXAMPLES_BROWSER_ORIGIN;
const realFetch = globalThis.fetch.bind(globalThis);
// Well-known local ports that stand for services, not for a server the example started: the
// wallet substrates (3321 JSON, 3301 wire, 2121 secure JSON) and the overlay 'local' preset (8080).
const servicePorts = new Set(['3321', '3301', '2121', '8080']);
const jar = new Map<string, Map<string, string>>();

function isLoopbackServer(url: URL): boolean {
  return (url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]') && !servicePorts.has(url.port);
}

const SIMPLE_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];

function corsAllows(res: Response, origin: string, credentials: boolean): boolean {
  const allowOrigin = res.headers.get('access-control-allow-origin');
  if (credentials) return allowOrigin === origin && res.headers.get('access-control-allow-credentials') === 'true';
  return allowOrigin === '*' || allowOrigin === origin;
}

async function browserFetch(request: Request, url: URL, origin: string): Promise<Response> {
  const credentials = request.credentials === 'include';
  const crossOrigin = url.origin !== origin;
  const headers = new Headers(request.headers);
  if (crossOrigin) {
    const names = [...headers.keys()];
    const contentType = headers.get('content-type')?.split(';')[0]?.trim() ?? '';
    const simple = ['GET', 'HEAD', 'POST'].includes(request.method) && names.every((n) => ['accept', 'accept-language', 'content-language', 'content-type'].includes(n)) && (contentType === '' || SIMPLE_TYPES.includes(contentType));
    if (!simple) {
      const preflight = await realFetch(url, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': request.method, ...(names.length > 0 ? { 'access-control-request-headers': names.join(',') } : {}) },
      });
      const methods = (preflight.headers.get('access-control-allow-methods') ?? '').toUpperCase();
      const allowedHeaders = (preflight.headers.get('access-control-allow-headers') ?? '').toLowerCase();
      const ok =
        preflight.ok &&
        corsAllows(preflight, origin, credentials) &&
        (['GET', 'HEAD', 'POST'].includes(request.method) || methods.includes(request.method)) &&
        names.every((n) => ['accept', 'accept-language', 'content-language'].includes(n) || allowedHeaders.includes(n));
      if (!ok) throw new TypeError(`Failed to fetch (CORS preflight to ${url.origin} refused for origin ${origin})`);
    }
    headers.set('origin', origin);
  }
  const cookies = jar.get(url.host);
  if (credentials && cookies !== undefined && cookies.size > 0) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
  const res = await realFetch(url, { method: request.method, headers, ...(body === undefined ? {} : { body }) });
  if (crossOrigin && !corsAllows(res, origin, credentials)) throw new TypeError(`Failed to fetch (CORS: ${url.origin} did not allow origin ${origin})`);
  if (credentials || !crossOrigin) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
      const secure = attrs.some((a) => a.toLowerCase() === 'secure');
      if (secure && url.protocol !== 'https:') {
        console.error(`[browser] cookie refused: Secure cookie set over ${url.protocol}`);
        continue;
      }
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const store = jar.get(url.host) ?? new Map<string, string>();
      store.set(pair.slice(0, eq), pair.slice(eq + 1));
      jar.set(url.host, store);
    }
  }
  return res;
}

globalThis.fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
  const request = new Request(input, init);
  const url = new URL(request.url);
  if (isLoopbackServer(url)) return pageOrigin === undefined ? realFetch(request) : browserFetch(request, url, pageOrigin);
  const headers = new Headers(request.headers);
  headers.set('x-example-url', url.href);
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
  const res = await realFetch(`${net}/`, { method: request.method, headers, ...(body === undefined ? {} : { body }), redirect: 'manual' });
  if (res.headers.get('x-example-unreachable') === '1') {
    throw new TypeError(`fetch failed: ${url.host} is not reachable from the offline examples`);
  }
  return res;
};
