import type { Config } from '@netlify/functions';
import { htmlPage, logoutConfirmMain } from './_shared/auth-pages.ts';
import { handler } from './_shared/handler.ts';
import { redirect } from './_shared/http.ts';
import { endSession } from './_shared/session.ts';

/** A navigation this site started (or a typed URL); browsers without Fetch Metadata count as such. */
const fromThisSite = (req: Request) => ['same-origin', 'none', null].includes(req.headers.get('sec-fetch-site'));

/**
 * GET /api/logout (a browser navigation, docs/spec.md) and POST (its confirmation button, same-origin
 * only): ends the session, on the server too, and goes to the landing page. A GET that another
 * site started does not log out: it shows a page with a Log out button instead.
 */
export default handler({ methods: ['GET', 'POST'] }, async ({ req, env }) => {
  if (req.method === 'GET' && !fromThisSite(req)) return htmlPage({ status: 200, title: 'Log out', main: logoutConfirmMain() });
  const headers = new Headers();
  await endSession(req, headers, env);
  return redirect('/', 303, headers);
});

export const config: Config = { path: '/api/logout' };
