import { QueryClient } from '@tanstack/react-query';
import { onLogout } from '@/lib/session';

/** spec 1 §9: cache collected after 5 minutes; 3 retries, backoff from 1 s doubling up to 30 s. */
function createQueryClient(): QueryClient {
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

/**
 * One client for the whole visit, created with the first chunk that imports this module (the page
 * layout, or the landing page's lazy race standings): the entry script does not load TanStack Query
 * at all (its size budget), and the landing table and /leaderboard share one cache. A logout empties it,
 * so no data of one user is shown to the next.
 */
export const queryClient = createQueryClient();
onLogout(() => queryClient.clear());
