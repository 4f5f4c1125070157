import type { Config } from '@netlify/functions';
import { attemptAdminPassword } from '../../src/domain/admin/attempt.ts';
import { exportIdPattern } from '../../src/domain/admin/signed-url.ts';
import { adminAttemptPorts, adminPassword, attemptRefused, CONSOLE_DISABLED, exportStore, signatureRefused, type ExportMetadata } from './_shared/admin.ts';
import { clientAddress } from './_shared/client.ts';
import { rejectCrossSite } from './_shared/guard.ts';
import { handler } from './_shared/handler.ts';
import { API_HEADERS, error } from './_shared/http.ts';

/**
 * GET /api/admin/download/{id}/{expires}/{sig}: the stored EPUB as an attachment, authorised by
 * the signed path or (docs/spec.md section 7 compatibility) by `?password=`, rate-limited like the gate.
 */
export default handler({ methods: ['GET'], unavailable: 'The export store is unavailable; try again shortly' }, async ({ req, context, env }) => {
  const expected = adminPassword(env);
  if (expected === null) return error(503, CONSOLE_DISABLED);
  const { id = '', expires, sig } = context.params;
  if (!exportIdPattern.test(id)) return error(404, 'No such export');
  const password = new URL(req.url).searchParams.get('password');
  if (password !== null) {
    // Only the site itself may spend the admin's attempts: another site's <img> or link to this URL
    // is refused before it counts (it would otherwise lock the admin out).
    const crossSite = rejectCrossSite(req);
    if (crossSite) return crossSite;
    const outcome = await attemptAdminPassword(clientAddress(req, context), password, adminAttemptPorts(expected));
    if (outcome.kind !== 'accepted') return attemptRefused(outcome);
  } else {
    const refused = signatureRefused(id, expires, sig, env);
    if (refused) return refused;
  }
  const entry = await exportStore().getWithMetadata(id, { type: 'arrayBuffer' });
  if (!entry) return error(404, 'No such export; it may have been removed');
  const meta = entry.metadata as Partial<ExportMetadata>;
  const filename = typeof meta.filename === 'string' && /^[a-z0-9-]+\.epub$/.test(meta.filename) ? meta.filename : 'book.epub';
  return new Response(entry.data, {
    headers: {
      ...API_HEADERS,
      'content-type': 'application/epub+zip',
      'content-disposition': `attachment; filename="${filename}"`,
      'content-length': String(entry.data.byteLength),
      'referrer-policy': 'no-referrer',
    },
  });
});

export const config: Config = { path: ['/api/admin/download/:id', '/api/admin/download/:id/:expires/:sig'] };
