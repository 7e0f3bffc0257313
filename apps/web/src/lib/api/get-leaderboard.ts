import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicLeaderboard } from '@app/shared/api/races';
import { api } from '@/lib/api-client';
import { LEADERBOARD_POLL_MS } from '@/lib/races/leaderboard-refresh';

async function getLeaderboard(): Promise<PublicLeaderboard> {
  return api.get<PublicLeaderboard>('/api/leaderboard');
}

/**
 * GET /api/leaderboard: the featured active monthly race and its top 18, read again every
 * LEADERBOARD_POLL_MS (the standings update without a reload). One cache for /leaderboard and the
 * landing page's top 5.
 */
function getLeaderboardQueryOptions() {
  return queryOptions({ queryKey: ['leaderboard', 'featured'], queryFn: getLeaderboard, refetchInterval: LEADERBOARD_POLL_MS });
}

export function useLeaderboard() {
  return useQuery(getLeaderboardQueryOptions());
}
