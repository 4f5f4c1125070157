import { QueryClient } from '@tanstack/react-query';

/**
 * react-query defaults of SPEC.md section 7: no refetch interval, no refetch on window focus,
 * data never goes stale, no retries unless a query says so (saved ideas retry once).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, refetchInterval: false, staleTime: Infinity, retry: false },
      mutations: { retry: false },
    },
  });
}
