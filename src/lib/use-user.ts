import { useRead } from './use-read.ts';
import { fetchNavUser } from '../scripts/user-nav.ts';

/** The current user as GET /api/auth/user returns it. */
export interface CurrentUser {
  id: string;
  email: string | null;
  firstName: string | null;
  profileImageUrl: string | null;
}

/**
 * The signed-in user, read once with no retry; any failure (401 included) means anonymous. It
 * shares the nav's request (one GET /api/auth/user per page, whichever asks first).
 */
export function useUser() {
  const query = useRead(async () => ((await fetchNavUser()) as CurrentUser | null) ?? null);
  return { user: query.data ?? null, isLoading: query.isLoading, isAuthenticated: !!query.data };
}
