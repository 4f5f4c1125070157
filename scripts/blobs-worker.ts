/**
 * The local Netlify Blobs server, in a worker thread of scripts/serve.ts. On Netlify, Blobs is a
 * service of its own; here it gets its own thread (and so the second core) instead of sharing the
 * event loop that runs the functions: a blob request costs the store as much work as the
 * function's own side of it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { BlobsServer } from '@netlify/blobs/server';

const { directory, token } = workerData as { directory: string; token: string };
const server = new BlobsServer({ directory, token });
const { port } = await server.start();
parentPort?.postMessage({ port });
parentPort?.on('message', (message: unknown) => {
  if (message === 'stop') void server.stop().then(() => parentPort?.postMessage('stopped'));
});
