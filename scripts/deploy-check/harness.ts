/**
 * Runs one unzipped Netlify function bundle as the platform does: from its own folder (the
 * working directory a deployed function has), with nothing but the bundle to import from. It
 * serves the bundle's v2 handler on a loopback port and prints `{"port": N}` on its first line.
 * Only Node built-ins here: anything else would hide a dependency the bundle lacks.
 * Usage (cwd = the unzipped bundle): node harness.ts <function name>
 */
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

type Handler = (req: Request, context: Record<string, unknown>) => Promise<Response> | Response;

const name = process.argv[2];
if (!name) throw new Error('usage: harness.ts <function name>');
const mod = (await import(pathToFileURL(path.join(process.cwd(), 'netlify', 'functions', `${name}.mjs`)).href)) as { default: Handler };

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    void (async () => {
      try {
        // Deployed functions see the public https URL of the site.
        const url = new URL(req.url ?? '/', `https://${String(req.headers['x-harness-host'] ?? req.headers.host ?? 'localhost')}`);
        const params = JSON.parse(String(req.headers['x-harness-params'] ?? '{}')) as Record<string, string>;
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && !k.startsWith('x-harness-')) headers.set(k, v);
        const body = chunks.length > 0 && req.method !== 'GET' && req.method !== 'HEAD' ? Buffer.concat(chunks) : undefined;
        const request = new Request(url, { method: req.method ?? 'GET', headers, ...(body ? { body } : {}) });
        const context = {
          params,
          ip: '203.0.113.7',
          requestId: 'deploy-check',
          url,
          geo: {},
          cookies: undefined,
          waitUntil: (p: Promise<unknown>) => void p.catch(() => undefined),
        };
        const response = await mod.default(request, context);
        res.statusCode = response.status;
        response.headers.forEach((value, key) => {
          if (key !== 'set-cookie') res.setHeader(key, value);
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) res.setHeader('set-cookie', cookies);
        res.end(Buffer.from(await response.arrayBuffer()));
      } catch (e) {
        console.error(`deploy-check harness: ${name} threw`, e);
        res.statusCode = 500;
        res.end(JSON.stringify({ error: String(e) }));
      }
    })();
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
});
