import { randomBytes } from 'node:crypto';
import type { Config } from '@netlify/functions';
import { signedDownloadPath } from '../../src/domain/admin/signed-url.ts';
import { loadBook } from '../../src/domain/book/load.ts';
import { buildEpub } from '../../src/domain/epub/build.ts';
import { exportSettingsSchema, type ExportResult } from '../../src/domain/epub/settings.ts';
import { adminPassword, CONSOLE_DISABLED, downloadSecrets, exportStore, hasAdminSession, type ExportMetadata } from './_shared/admin.ts';
import { serverEnv } from './_shared/env.ts';
import { readJsonBody, rejectCrossSite, requireJson } from './_shared/guard.ts';
import { error, json, methodNotAllowed } from './_shared/http.ts';

/** Exports older than this are removed when a new one is made (their links expired long ago). */
const KEEP_EXPORTS_MS = 24 * 60 * 60 * 1000;

async function pruneOldExports(now: number): Promise<void> {
  const store = exportStore();
  const { blobs } = await store.list();
  const old = blobs.filter((b) => {
    const created = parseInt(b.key.split('-')[0] ?? '', 36);
    return Number.isFinite(created) && now - created > KEEP_EXPORTS_MS;
  });
  await Promise.all(old.map((b) => store.delete(b.key)));
}

/**
 * POST /api/admin/export-epub {title, author, includeCodeExamples, includeResources}: builds the
 * whole book as an EPUB, stores it in Blobs and answers with a short-lived signed download URL.
 */
export default async (req: Request): Promise<Response> => {
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  const refused = rejectCrossSite(req) ?? requireJson(req);
  if (refused) return refused;
  if (adminPassword(serverEnv()) === null) return error(503, CONSOLE_DISABLED);
  if (!(await hasAdminSession(req, serverEnv()))) return error(401, 'Admin session required; authenticate first');
  const body = await readJsonBody(req);
  if (!body.ok) return body.response;
  const parsed = exportSettingsSchema.safeParse(body.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return error(400, issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'Invalid export settings');
  }

  const now = Date.now();
  let built;
  try {
    const book = await loadBook();
    built = await buildEpub(book, parsed.data, { siteUrl: serverEnv().URL ?? new URL(req.url).origin });
  } catch (e) {
    console.error('export-epub: building the EPUB failed', e);
    return error(500, 'Export failed: the EPUB could not be built');
  }

  const id = `${now.toString(36)}-${randomBytes(16).toString('base64url')}`;
  const metadata: ExportMetadata = {
    filename: built.filename,
    size: built.bytes.byteLength,
    chaptersCount: built.chaptersCount,
    createdAt: new Date(now).toISOString(),
  };
  try {
    const bytes = built.bytes;
    const stored = await exportStore().set(id, bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer, {
      metadata: { ...metadata },
    });
    if (!stored.modified || !stored.etag) throw new Error('the blob store did not confirm the write');
  } catch (e) {
    console.error('export-epub: storing the EPUB failed', e);
    return error(503, 'Export failed: the EPUB could not be stored');
  }
  await pruneOldExports(now).catch((e: unknown) => console.warn('export-epub: pruning old exports failed', e));

  const result: ExportResult = {
    success: true,
    chaptersCount: built.chaptersCount,
    fileSize: metadata.size,
    filename: metadata.filename,
    downloadUrl: signedDownloadPath(id, downloadSecrets(serverEnv())[0] as Uint8Array, now),
  };
  return json(result);
};

export const config: Config = { path: '/api/admin/export-epub' };
