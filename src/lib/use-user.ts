import { useRead } from './use-read.ts';
import { fetchNavUser } from '../scripts/user-nav.ts';

/**
 * The signed-in user, read once with no retry; any failure (401 included) means anonymous. It
 * shares the nav's request (one GET /api/auth/user per page, whichever asks first).
 */
export function useUser() {
  const query = useRead(async () => (await fetchNavUser()) ?? null);
  return { user: query.data ?? null, isLoading: query.isLoading, isAuthenticated: !!query.data };
}
