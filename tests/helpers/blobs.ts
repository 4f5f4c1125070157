import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setEnvironmentContext } from '@netlify/blobs';
import { startLocalBlobs as startAtomicBlobs } from '../../scripts/local-blobs.ts';

/**
 * Starts the local Netlify Blobs server (atomic conditional writes, as on Netlify) on a temp folder and points `getStore()` at it, as
 * the functions see it on Netlify. Call the returned stop() in afterAll.
 */
export async function startLocalBlobs(): Promise<{ directory: string; stop: () => Promise<void> }> {
  const directory = await mkdtemp(path.join(tmpdir(), 'blobs-test-'));
  const token = 'test-token';
  const server = await startAtomicBlobs({ directory, token });
  const { port } = server;
  setEnvironmentContext({ edgeURL: `http://127.0.0.1:${port}`, uncachedEdgeURL: `http://127.0.0.1:${port}`, token, siteID: 'test-site' });
  return {
    directory,
    stop: async () => {
      await server.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
