import { useCallback, useEffect, useState } from 'react';
import type { PublicLeaderboard } from '@app/shared/api/races';
import { api } from '@/lib/api-client';
import { LEADERBOARD_POLL_MS } from '@/lib/races/leaderboard-refresh';

export type LandingStandings =
  { status: 'pending' } | { status: 'error'; error: unknown; refetch: () => void } | { status: 'success'; data: PublicLeaderboard; refetch: () => void };

/**
 * GET /api/leaderboard for the landing page's top 5, read again every LEADERBOARD_POLL_MS while the
 * tab is visible (as TanStack Query's refetchInterval does for /leaderboard). A plain fetch, not
 * TanStack Query: the landing page is outside the page layout, and the query library (about 11 KB
 * gzipped with its client) would count in the landing's JavaScript budget
 * (scripts/bundle-size.mjs). A failed read after a good one keeps the standings on screen; the
 * next poll tries again.
 */
export function useLandingStandings(): LandingStandings {
  const [state, setState] = useState<{ data?: PublicLeaderboard; error?: unknown }>({});
  const [attempt, setAttempt] = useState(0);
  const refetch = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    let isCurrent = true;
    const read = () =>
      api.get<PublicLeaderboard>('/api/leaderboard').then(
        (data) => isCurrent && setState({ data }),
        (error: unknown) => isCurrent && setState((previous) => (previous.data ? previous : { error })),
      );
    void read();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void read();
    }, LEADERBOARD_POLL_MS);
    return () => {
      isCurrent = false;
      clearInterval(timer);
    };
  }, [attempt]);

  if (state.data) return { status: 'success', data: state.data, refetch };
  if (state.error !== undefined) return { status: 'error', error: state.error, refetch };
  return { status: 'pending' };
}
