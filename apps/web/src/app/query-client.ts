import { QueryClient } from '@tanstack/react-query';

/** spec 1 §9: cache collected after 5 minutes; 3 retries, backoff from 1 s doubling up to 30 s. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: 5 * 60 * 1000,
        retry: 3,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        refetchOnWindowFocus: false,
      },
    },
  });
}
