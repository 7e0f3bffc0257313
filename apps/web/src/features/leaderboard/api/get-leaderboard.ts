import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicLeaderboard } from '@app/shared/api/races';
import { api } from '@/lib/api-client';

/** How often the standings are read again while the page is open (issue 11: updated without a reload). */
export const LEADERBOARD_POLL_MS = 30_000;

export async function getLeaderboard(): Promise<PublicLeaderboard> {
  return api.get<PublicLeaderboard>('/api/leaderboard');
}

/** GET /api/leaderboard: the featured active monthly race and its top 18. */
export function leaderboardQueryOptions() {
  return queryOptions({ queryKey: ['leaderboard', 'featured'], queryFn: getLeaderboard, refetchInterval: LEADERBOARD_POLL_MS });
}

export function useLeaderboard() {
  return useQuery(leaderboardQueryOptions());
}
