import path from 'node:path';
import { getStore, setEnvironmentContext } from '@netlify/blobs';
import { atomicBlobsServer } from '../../scripts/local-blobs.ts';
import { BlobsIdeaStore } from '../../netlify/functions/_shared/blobs-idea-store.ts';

/**
 * The idea store of the site that scripts/serve.ts serves (its Blobs live in BLOBS_DIR, which the
 * Playwright config sets to E2E_BLOBS_DIR, site id "local-site"). The local Blobs server is
 * file-based, so a second server on
 * the same directory reads and writes the very same entries: tests seed ideas through the real
 * store code without any test-only route in the site.
 */
export async function withServedStore<T>(fn: (store: BlobsIdeaStore) => Promise<T>, projectRoot = process.cwd()): Promise<T> {
  const token = `seed-${Math.random().toString(36).slice(2)}`;
  const directory = process.env['E2E_BLOBS_DIR'] ?? path.join(projectRoot, '.netlify', 'blobs-serve');
  const server = atomicBlobsServer({ directory, token });
  const { port } = await server.start();
  const url = `http://localhost:${port}`;
  setEnvironmentContext({ edgeURL: url, uncachedEdgeURL: url, token, siteID: 'local-site' });
  try {
    return await fn(new BlobsIdeaStore(getStore({ name: 'ideas', consistency: 'strong' })));
  } finally {
    await server.stop();
  }
}
