/**
 * Imported before the SDK (worker.ts's first import): some SDK modules keep the `fetch` they find
 * when they load (LookupResolver's default facilitator binds `globalThis.fetch` at import), so the
 * simulated network must already be `globalThis.fetch` then. Until a Sandbox routes it, a request
 * fails as an unreachable host does; no request ever reaches the real network from the runner.
 */
type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
let route: Fetch | undefined;

globalThis.fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
  if (route === undefined) throw new TypeError('fetch failed: the in-page runner has no network until an example runs');
  return await route(input, init);
};

/** Sends every `fetch` of the runner (the SDK's and the example's) to `fetch`. */
export function routeFetch(fetch: Fetch): void {
  route = fetch;
}
