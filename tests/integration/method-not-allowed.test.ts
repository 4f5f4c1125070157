import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalBlobs } from '../helpers/blobs.ts';

/**
 * Netlify routes a method that `config.method` leaves out to the static 404 page (HTML), so no
 * function restricts its methods there: each answers a wrong method itself, 405 with Allow and a
 * JSON error.
 */
const dir = path.resolve('netlify/functions');
const files = readdirSync(dir).filter((f) => f.endsWith('.mts'));

type Fn = { default: (req: Request, context?: unknown) => Promise<Response>; config: { path: string | string[]; method?: unknown } };

let blobs: Awaited<ReturnType<typeof startLocalBlobs>>;
beforeAll(async () => (blobs = await startLocalBlobs()));
afterAll(async () => blobs.stop());

describe('every function answers a wrong method with 405, Allow and a JSON error', () => {
  it.each(files)('%s', async (file) => {
    const fn = (await import(path.join(dir, file))) as Fn;
    expect(fn.config.method, 'config.method sends other methods to the 404 page').toBeUndefined();
    const route = ([] as string[]).concat(fn.config.path)[0]!.replace(/:[a-z]+/g, 'x');
    const res = await fn.default(new Request(`http://localhost${route}`, { method: 'PUT' }), { params: { id: 'x' }, ip: '127.0.0.1' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toMatch(/^(GET|POST|PATCH|DELETE)(, (GET|POST|PATCH|DELETE))*$/);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(((await res.json()) as { error: string }).error).toMatch(/not allowed/i);
  });
});
