import type { Context } from '@netlify/functions';
import type { z } from 'zod';
import { assertDeployedEnv, serverEnv, type ServerEnv } from '../../../src/lib/server-env.ts';
import { readJsonBody, rejectCodeLoad, rejectCrossSite, requireJson } from './guard.ts';
import { error, methodNotAllowed, withSecurityHeaders } from './http.ts';

// Cold start: a deployed site without its session secret stops here, with a clear message in the
// function log, instead of failing request by request (env.ts).
assertDeployedEnv(serverEnv());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface HandlerOptions<S extends z.ZodType | undefined> {
  /** The methods the function answers; any other gets 405 with Allow and a JSON error. */
  methods: readonly Method[];
  /**
   * Refuse cross-site requests (403) for these methods: every cookie-authenticated write. Default:
   * every method but GET.
   */
  sameSite?: readonly Method[];
  /** A JSON body (POST, PATCH): 415 unless application/json, 413 past `bodyLimit`, 400 with zod's message. */
  body?: S;
  /** Bytes; default 16 KiB. */
  bodyLimit?: number;
  /**
   * Runs after the method and same-site checks and before the body is read: a Response (an
   * authorization 401/503) answers at once, so a caller who may not use the function learns
   * nothing about the body it expects.
   */
  before?: (input: Omit<HandlerInput<undefined>, 'body'>) => Promise<Response | null> | Response | null;
  /** The 503 message when the handler throws (a store failure); without it a throw is a 500. */
  unavailable?: string;
}

export interface HandlerInput<B> {
  req: Request;
  context: Context;
  /** The environment, parsed once for this request: pass it on, never read it again below. */
  env: ServerEnv;
  /** The parsed body (undefined without a `body` schema or on GET). */
  body: B;
}

/**
 * A bad body's 400 message, one sentence per problem: the schema's own message ("question is
 * empty"), and where the problem is when the message does not begin with its field ("content is
 * empty (at history.1.content)", as the content and provider errors write paths). zod's prettified
 * form ("✖ question is empty\n  → at question") reached readers of the assistant verbatim.
 */
export function invalidBodyMessage(error: z.ZodError): string {
  const said = error.issues.map((issue) => {
    const last = issue.path.at(-1);
    const own = issue.path.length <= 1 && (last === undefined || issue.message.startsWith(String(last)));
    return own ? issue.message : `${issue.message} (at ${issue.path.join('.')})`;
  });
  return [...new Set(said)].join('; ');
}

/**
 * The one request wrapper of the site's functions: method check (405 with Allow), same-site guard
 * for cookie-authenticated writes (403), the JSON body parsed with the shared zod schema
 * (each problem in a sentence for the 400: `invalidBodyMessage`), the environment parsed once, a
 * 503 when the work throws (a store failure; logged), and the security headers on every response
 * it returns.
 *
 * @example
 * // netlify/functions/saved-ideas.mts
 * export default handler({ methods: ['GET'], unavailable: 'The idea store is unavailable' }, async ({ req, env }) => {
 *   const user = await readSession(req, env);
 *   if (!user) return error(401, 'Sign in to see your saved ideas');
 *   return json(await listSaved(new BlobsIdeaStore(), user.id));
 * });
 * export const config: Config = { path: '/api/saved-ideas' };
 */
export function handler<S extends z.ZodType | undefined = undefined>(
  options: HandlerOptions<S>,
  run: (input: HandlerInput<S extends z.ZodType ? z.output<S> : undefined>) => Promise<Response> | Response,
): (req: Request, context?: Context) => Promise<Response> {
  const sameSite = options.sameSite ?? options.methods.filter((m) => m !== 'GET');
  // Netlify always passes a context; tests that call a handler directly may leave it out.
  return async (req, context) => withSecurityHeaders(await answer(req, context ?? ({ params: {} } as unknown as Context)));

  async function answer(req: Request, context: Context): Promise<Response> {
    const asCode = rejectCodeLoad(req);
    if (asCode) return asCode;
    const method = req.method as Method;
    if (!options.methods.includes(method)) return methodNotAllowed([...options.methods]);
    if (sameSite.includes(method)) {
      const refused = rejectCrossSite(req);
      if (refused) return refused;
    }
    const env = serverEnv();
    if (options.before) {
      const refused = await guarded(req, () => options.before?.({ req, context, env }) ?? null);
      if (refused) return refused;
    }
    let body: unknown;
    if (options.body && (method === 'POST' || method === 'PATCH')) {
      const refused = requireJson(req);
      if (refused) return refused;
      const read = await readJsonBody(req, options.bodyLimit);
      if (!read.ok) return read.response;
      const parsed = options.body.safeParse(read.value);
      if (!parsed.success) return error(400, invalidBodyMessage(parsed.error));
      body = parsed.data;
    }
    return await guarded(req, () => run({ req, context, env, body: body as S extends z.ZodType ? z.output<S> : undefined }));
  }

  /** Runs the function's own work: a throw (a store failure) is a logged 503 (500 without `unavailable`). */
  async function guarded<R extends Response | null>(req: Request, work: () => Promise<R> | R): Promise<R | Response> {
    try {
      return await work();
    } catch (e) {
      if (options.unavailable === undefined) {
        console.error(`${new URL(req.url).pathname}: unexpected error`, e);
        return error(500, 'Internal server error');
      }
      console.error(`${new URL(req.url).pathname}: ${options.unavailable}`, e);
      return error(503, options.unavailable);
    }
  }
}
