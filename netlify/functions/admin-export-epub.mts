import type { Config } from '@netlify/functions';
import { signedDownloadPath } from '../../src/domain/admin/signed-url.ts';
import { loadBook } from '../../src/domain/book/load.ts';
import { exportBook } from '../../src/domain/epub/export.ts';
import { exportSettingsSchema } from '../../src/domain/epub/settings.ts';
import { adminPassword, CONSOLE_DISABLED, downloadSecrets, hasAdminSession } from './_shared/admin.ts';
import { blobsExportStore } from './_shared/blobs-export-store.ts';
import type { ServerEnv } from '../../src/lib/server-env.ts';
import { handler } from './_shared/handler.ts';
import { error, json } from './_shared/http.ts';

/** POST /api/admin/export-epub {title, author, includeCodeExamples, includeResources}: the `exportBook` use case. */
export default handler({ methods: ['POST'], before: authorize, body: exportSettingsSchema, bodyLimit: 16 * 1024 }, async ({ req, env, body }) => {
  const outcome = await exportBook(body, {
    loadBook,
    store: blobsExportStore(),
    siteUrl: env.URL ?? new URL(req.url).origin,
    downloadUrl: (id, now) => signedDownloadPath(id, downloadSecrets(env)[0] as Uint8Array, now),
  });
  return outcome.ok ? json(outcome.result) : error(outcome.reason === 'build' ? 500 : 503, outcome.message);
});

/** The console is off without a password; only an admin session may export (checked before the body). */
async function authorize({ req, env }: { req: Request; env: ServerEnv }): Promise<Response | null> {
  if (adminPassword(env) === null) return error(503, CONSOLE_DISABLED);
  return (await hasAdminSession(req, env)) ? null : error(401, 'Admin session required; authenticate first');
}

export const config: Config = { path: '/api/admin/export-epub' };
