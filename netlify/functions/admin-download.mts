import type { Config, Context } from '@netlify/functions';
import { passwordMatches } from '../../src/domain/admin/password.ts';
import { checkDownloadSignature, exportIdPattern } from '../../src/domain/admin/signed-url.ts';
import { adminLimiter, adminPassword, clientAddress, CONSOLE_DISABLED, downloadSecrets, exportStore, type ExportMetadata } from './_shared/admin.ts';
import { error, methodNotAllowed } from './_shared/http.ts';

/** Authorises a download by the signed path, or (SPEC.md section 7 compatibility) by `?password=`. */
async function authorise(req: Request, context: Context, expected: string): Promise<Response | null> {
  const { id = '', expires, sig } = context.params;
  const password = new URL(req.url).searchParams.get('password');
  if (password !== null) {
    const limiter = adminLimiter();
    const client = clientAddress(req, context);
    const decision = await limiter.check(client);
    if (!decision.allowed) return error(429, 'Too many failed attempts; try again later', { 'retry-after': String(decision.retryAfterSeconds) });
    if (password.trim() !== '' && passwordMatches(password, expected)) {
      await limiter.recordSuccess(client);
      return null;
    }
    await limiter.recordFailure(client);
    return error(401, 'Invalid password');
  }
  if (expires === undefined || sig === undefined) return error(401, 'This download needs a signed link from the export console');
  const check = checkDownloadSignature(id, expires, sig, downloadSecrets(), Date.now());
  if (check === 'expired') return error(403, 'This download link has expired; generate the EPUB again');
  if (check === 'invalid') return error(403, 'This download link is not valid');
  return null;
}

/** GET /api/admin/download/{id}/{expires}/{sig}: the stored EPUB as an attachment. */
export default async (req: Request, context: Context): Promise<Response> => {
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  const expected = adminPassword();
  if (expected === null) return error(503, CONSOLE_DISABLED);
  const id = context.params['id'] ?? '';
  if (!exportIdPattern.test(id)) return error(404, 'No such export');
  const refused = await authorise(req, context, expected);
  if (refused) return refused;

  const entry = await exportStore().getWithMetadata(id, { type: 'arrayBuffer' });
  if (!entry) return error(404, 'No such export; it may have been removed');
  const meta = entry.metadata as Partial<ExportMetadata>;
  const filename = typeof meta.filename === 'string' && /^[a-z0-9-]+\.epub$/.test(meta.filename) ? meta.filename : 'book.epub';
  return new Response(entry.data, {
    status: 200,
    headers: {
      'content-type': 'application/epub+zip',
      'content-disposition': `attachment; filename="${filename}"`,
      'content-length': String(entry.data.byteLength),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    },
  });
};

export const config: Config = { path: ['/api/admin/download/:id', '/api/admin/download/:id/:expires/:sig'] };
