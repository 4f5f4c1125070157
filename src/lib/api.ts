/**
 * The islands' API client (docs/spec.md section 7): credentials included, JSON in and out. Any
 * non-success response throws an Error whose message is "{status}: {body text or status text}".
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
  }

  /** The `error` field of a JSON error body, when there is one. */
  get serverMessage(): string | undefined {
    try {
      const parsed = JSON.parse(this.body) as { error?: unknown };
      return typeof parsed.error === 'string' ? parsed.error : undefined;
    } catch {
      return undefined;
    }
  }
}

async function ensureOk(res: Response): Promise<Response> {
  if (!res.ok) throw new ApiError(res.status, await res.text().catch(() => ''), res.statusText);
  return res;
}

export async function apiGet<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await ensureOk(await fetch(path, { credentials: 'include', headers: { accept: 'application/json' }, ...init }));
  return (await res.json()) as T;
}

export async function apiPost<T>(path: string, body: unknown, init: RequestInit = {}): Promise<T> {
  return sendJson<T>('POST', path, body, init);
}

export async function apiPatch<T>(path: string, body: unknown, init: RequestInit = {}): Promise<T> {
  return sendJson<T>('PATCH', path, body, init);
}

async function sendJson<T>(method: 'POST' | 'PATCH', path: string, body: unknown, init: RequestInit): Promise<T> {
  const res = await ensureOk(
    await fetch(path, {
      method,
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      ...init,
    }),
  );
  const text = await res.text();
  return (text ? JSON.parse(text) : {}) as T;
}

export async function apiDelete<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await ensureOk(await fetch(path, { method: 'DELETE', credentials: 'include', headers: { accept: 'application/json' }, ...init }));
  const text = await res.text();
  return (text ? JSON.parse(text) : {}) as T;
}
