/**
 * The local Netlify Blobs server, in a worker thread of scripts/serve.ts. On Netlify, Blobs is a
 * service of its own; here it gets its own thread (and so the second core) instead of sharing the
 * event loop that runs the functions: a blob request costs the store as much work as the
 * function's own side of it. Atomic conditional writes, as on Netlify (scripts/local-blobs.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { startLocalBlobs } from './local-blobs.ts';

const { directory, token } = workerData as { directory: string; token: string };
const server = await startLocalBlobs({ directory, token });
parentPort?.postMessage({ port: server.port });
parentPort?.on('message', (message: unknown) => {
  if (message === 'stop') void server.stop().then(() => parentPort?.postMessage('stopped'));
});
