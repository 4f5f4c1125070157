import type { Config, Context } from '@netlify/functions';
import { z } from 'zod';
import { passwordMatches } from '../../src/domain/admin/password.ts';
import { adminLimiter, adminPassword, clientAddress, CONSOLE_DISABLED, createAdminCookie } from './_shared/admin.ts';
import { readJsonBody, rejectCrossSite, requireJson } from './_shared/guard.ts';
import { error, json, methodNotAllowed } from './_shared/http.ts';

const bodySchema = z.object({ password: z.string({ error: 'password must be a string' }).max(1024, 'password is too long') });

/** POST /api/admin/authenticate {password}: starts an admin session on the right password. */
export default async (req: Request, context: Context): Promise<Response> => {
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  const refused = rejectCrossSite(req) ?? requireJson(req);
  if (refused) return refused;
  const body = await readJsonBody(req);
  if (!body.ok) return body.response;
  const parsed = bodySchema.safeParse(body.value);
  if (!parsed.success) return error(400, parsed.error.issues[0]?.message ?? 'Invalid request body');
  const { password } = parsed.data;
  if (password.trim() === '') return error(400, 'Please enter the export password');

  const expected = adminPassword();
  if (expected === null) return error(503, CONSOLE_DISABLED);

  const limiter = adminLimiter();
  const client = clientAddress(req, context);
  const decision = await limiter.check(client);
  if (!decision.allowed) {
    const minutes = Math.ceil(decision.retryAfterSeconds / 60);
    return error(429, `Too many failed attempts; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`, {
      'retry-after': String(decision.retryAfterSeconds),
    });
  }
  if (!passwordMatches(password, expected)) {
    await limiter.recordFailure(client);
    return error(401, 'Invalid password');
  }
  await limiter.recordSuccess(client);
  return json({ authenticated: true }, 200, { 'set-cookie': await createAdminCookie(req) });
};

export const config: Config = { path: '/api/admin/authenticate' };
