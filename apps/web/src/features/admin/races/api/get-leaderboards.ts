import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Leaderboard } from '@app/shared/api/admin-leaderboards';
import { api } from '@/lib/api-client';
import { adminQueryKey } from '../../api/admin-query-key';

/** GET /api/admin/leaderboards: a bare list, newest first (spec 1 §7). */
async function getLeaderboards(): Promise<Leaderboard[]> {
  return api.get<Leaderboard[]>('/api/admin/leaderboards');
}

export function getLeaderboardsQueryOptions() {
  return queryOptions({ queryKey: [...adminQueryKey, 'leaderboards'], queryFn: getLeaderboards });
}

export function useLeaderboards() {
  return useQuery(getLeaderboardsQueryOptions());
}
