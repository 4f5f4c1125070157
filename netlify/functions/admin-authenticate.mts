import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { attemptAdminPassword } from '../../src/domain/admin/attempt.ts';
import { adminAttemptPorts, adminPassword, attemptRefused, CONSOLE_DISABLED, createAdminCookie } from './_shared/admin.ts';
import { clientAddress } from './_shared/client.ts';
import { handler } from './_shared/handler.ts';
import { error, json } from './_shared/http.ts';

const bodySchema = z.object({ password: z.string({ error: 'password must be a string' }).max(1024, 'password is too long') });

/** POST /api/admin/authenticate {password}: starts an admin session on the right password. */
export default handler(
  { methods: ['POST'], body: bodySchema, unavailable: 'The export console is unavailable; try again shortly' },
  async ({ req, context, env, body: { password } }) => {
    if (password.trim() === '') return error(400, 'Please enter the export password');
    const expected = adminPassword(env);
    if (expected === null) return error(503, CONSOLE_DISABLED);
    const outcome = await attemptAdminPassword(clientAddress(req, context), password, adminAttemptPorts(expected));
    if (outcome.kind !== 'accepted') return attemptRefused(outcome);
    return json({ authenticated: true }, 200, { 'set-cookie': await createAdminCookie(req, env) });
  },
);

export const config: Config = { path: '/api/admin/authenticate' };
