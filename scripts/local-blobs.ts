/**
 * The local Netlify Blobs server with the platform's guarantees. @netlify/blobs' own `BlobsServer`
 * checks a conditional write's etag and then writes (two steps another request can fall between),
 * returns no etag on reads, and derives the etag from the file's modification time (two writes in
 * one millisecond share one). Netlify's service does none of that: a conditional write
 * (`onlyIfMatch`, `onlyIfNew`) is atomic, a read carries its version's etag, and every write makes
 * a new one. This subclass restores those guarantees, so production code is written for Netlify's
 * contract and tested against it: every local server (scripts/serve.ts's worker, the test helpers,
 * the integration tests, the deploy check) is started through `startLocalBlobs`. Several of them
 * may serve one directory at once (the site's, and a test seeding it): a blob's operations are
 * ordered across processes too, by a lock file.
 */
import { createHash } from 'node:crypto';
import { mkdir, open, readFile, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { BlobsServer } from '@netlify/blobs/server';

type ServerOptions = ConstructorParameters<typeof BlobsServer>[0];

/** The file paths BlobsServer derives from a request URL (an internal method, typed here). */
interface LocalPaths {
  dataPath?: string;
  key?: string;
}

/**
 * One operation at a time per blob (a write, a delete, or a read with its etag): the read of the
 * current etag and the write that depends on it happen with nothing in between. Operations on
 * different blobs run in parallel.
 */
class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(work, work);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}

/**
 * Whether the process that wrote a lock file still runs. A lock being written (no pid yet) or
 * unreadable counts as alive: the age check then decides.
 */
async function ownerAlive(lockPath: string): Promise<boolean> {
  const pid = Number(await readFile(lockPath, 'utf8').catch(() => ''));
  if (!Number.isSafeInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** A lock file older than this was left by a process that died holding it. */
const STALE_LOCK_MS = 10_000;

/**
 * One operation at a time per blob across processes too: several servers may serve one directory
 * (the site's, and a test seeding the site's store through its own server), and each one's
 * KeyedLock orders only its own requests. A lock file per blob, created exclusively (`wx`), in a
 * `locks` folder beside the blobs' `entries` (never listed as a blob), closes that gap.
 */
async function withFileLock<T>(locks: string, dataPath: string, work: () => Promise<T>): Promise<T> {
  const lockPath = path.join(locks, createHash('sha256').update(dataPath).digest('hex').slice(0, 32));
  await mkdir(locks, { recursive: true });
  for (;;) {
    try {
      const file = await open(lockPath, 'wx');
      await file.writeFile(String(process.pid));
      await file.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock whose owner died (a server killed mid-write) is taken at once, not after STALE_LOCK_MS.
      if (!(await ownerAlive(lockPath))) {
        await rm(lockPath, { force: true });
        continue;
      }
      const since = await stat(lockPath).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (since > STALE_LOCK_MS) await rm(lockPath, { force: true });
      else await delay(1);
    }
  }
  try {
    return await work();
  } finally {
    await rm(lockPath, { force: true });
  }
}

/** The methods of BlobsServer this module wraps (private in its types, called as `this.put(...)` by it). */
interface Internals {
  address: string;
  put(req: Request): Promise<Response>;
  get(req: Request): Promise<Response>;
  delete(req: Request): Promise<Response>;
  getLocalPaths(url: URL): LocalPaths;
  parseAPIRequest(req: Request): { url: URL; useSignedURL: boolean } | null;
}

/** `BlobsServer.generateETag`: an HMAC of the file's modification time (private in its types). */
const etagOf = (path: string): Promise<string> => (BlobsServer as unknown as { generateETag(path: string): Promise<string> }).generateETag(path);

/**
 * A BlobsServer whose writes, deletes and reads of one blob run one at a time, whose every write
 * gets a new etag and whose reads return their etag. Use it as a BlobsServer (`start`, `stop`).
 */
export function atomicBlobsServer(options: ServerOptions): BlobsServer {
  const server = new BlobsServer(options);
  const inner = server as unknown as Internals;
  const keyed = new KeyedLock();
  const locks = path.join(options.directory, 'locks');
  const lock = { run: <T>(dataPath: string, work: () => Promise<T>) => keyed.run(dataPath, () => withFileLock(locks, dataPath, work)) };
  /** The last modification time given to each blob, so every write gets a new one (and a new etag). */
  const lastWrite = new Map<string, number>();
  const { put, get, delete: remove } = { put: inner.put.bind(inner), get: inner.get.bind(inner), delete: inner.delete.bind(inner) };

  /** The blob a request reads or writes; none for API requests (they answer with a signed URL). */
  const pathsOf = (req: Request): LocalPaths => {
    try {
      const api = inner.parseAPIRequest(req);
      if (api?.useSignedURL) return {};
      return inner.getLocalPaths(api?.url ?? new URL(req.url, inner.address));
    } catch {
      return {};
    }
  };

  inner.put = (req) => {
    const { dataPath, key } = pathsOf(req);
    if (!dataPath || !key) return put(req);
    return lock.run(dataPath, async () => {
      // The version being replaced, whichever server wrote it.
      const previous = await stat(dataPath).then(
        (s) => s.mtimeMs,
        () => 0,
      );
      const answer = await put(req);
      if (answer.status !== 200) return answer;
      // A strictly later modification time than the last write's: the etag (an HMAC of it) is new.
      const now = Math.max(Date.now(), (lastWrite.get(dataPath) ?? 0) + 1, Math.floor(previous) + 1);
      lastWrite.set(dataPath, now);
      await utimes(dataPath, new Date(now), new Date(now));
      return new Response(null, { status: 200, headers: { etag: await etagOf(dataPath) } });
    });
  };
  inner.delete = (req) => {
    const { dataPath, key } = pathsOf(req);
    if (!dataPath || !key) return remove(req);
    return lock.run(dataPath, () => remove(req));
  };
  inner.get = (req) => {
    const { dataPath, key } = pathsOf(req);
    if (!dataPath || !key) return get(req);
    return lock.run(dataPath, async () => {
      const answer = await get(req);
      if (answer.status !== 200) return answer;
      const etag = await etagOf(dataPath);
      if (!etag) return answer;
      const headers = new Headers(answer.headers);
      headers.set('etag', etag);
      return new Response(answer.body, { status: answer.status, headers });
    });
  };
  return server;
}

/** Starts an {@link atomicBlobsServer} (port 0 unless given: any free port). */
export async function startLocalBlobs(options: ServerOptions): Promise<{ port: number; stop: () => Promise<void> }> {
  const server = atomicBlobsServer(options);
  const { port } = await server.start();
  return { port, stop: () => server.stop() };
}
