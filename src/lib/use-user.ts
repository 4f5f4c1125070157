import { useQuery } from '@tanstack/react-query';
import { apiGet } from './api.ts';

/** The current user as GET /api/auth/user returns it. */
export interface CurrentUser {
  id: string;
  email: string | null;
  firstName: string | null;
  profileImageUrl: string | null;
}

/** The signed-in user, read once with no retry; any failure (401 included) means anonymous. */
export function useUser() {
  const query = useQuery({
    queryKey: ['auth', 'user'],
    queryFn: () => apiGet<CurrentUser>('/api/auth/user').catch(() => null),
    retry: false,
  });
  return { user: query.data ?? null, isLoading: query.isLoading, isAuthenticated: !!query.data };
}
