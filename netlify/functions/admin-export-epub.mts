import type { Config } from '@netlify/functions';
import { signedDownloadPath } from '../../src/domain/admin/signed-url.ts';
import { loadBook } from '../../src/domain/book/load.ts';
import { exportBook } from '../../src/domain/epub/export.ts';
import { exportSettingsSchema } from '../../src/domain/epub/settings.ts';
import { adminPassword, CONSOLE_DISABLED, downloadSecrets, hasAdminSession } from './_shared/admin.ts';
import { blobsExportStore } from './_shared/blobs-export-store.ts';
import { serverEnv } from './_shared/env.ts';
import { readJsonBody, rejectCrossSite, requireJson } from './_shared/guard.ts';
import { error, json, methodNotAllowed } from './_shared/http.ts';

/** POST /api/admin/export-epub {title, author, includeCodeExamples, includeResources}: the `exportBook` use case. */
export default async (req: Request): Promise<Response> => {
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  const refused = rejectCrossSite(req) ?? requireJson(req);
  if (refused) return refused;
  if (adminPassword() === null) return error(503, CONSOLE_DISABLED);
  if (!(await hasAdminSession(req))) return error(401, 'Admin session required; authenticate first');
  const body = await readJsonBody(req);
  if (!body.ok) return body.response;
  const parsed = exportSettingsSchema.safeParse(body.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return error(400, issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'Invalid export settings');
  }

  const outcome = await exportBook(parsed.data, {
    loadBook,
    store: blobsExportStore(),
    siteUrl: serverEnv().URL ?? new URL(req.url).origin,
    downloadUrl: (id, now) => signedDownloadPath(id, downloadSecrets()[0] as Uint8Array, now),
  });
  return outcome.ok ? json(outcome.result) : error(outcome.reason === 'build' ? 500 : 503, outcome.message);
};

export const config: Config = { path: '/api/admin/export-epub' };
