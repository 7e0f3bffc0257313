import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { levelRewardsQueryKey } from '@/lib/api/query-keys';

export type MyLevelRewards = { xp: number; level: number; claimed: number[] };

/** GET /api/levelup-rewards/mine: the signed-in user's level and the levels already claimed. */
async function getMyLevelRewards(): Promise<MyLevelRewards> {
  return api.get<MyLevelRewards>('/api/levelup-rewards/mine');
}

function getMyLevelRewardsQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: [...levelRewardsQueryKey, 'mine', userId],
    queryFn: getMyLevelRewards,
    enabled: userId !== null,
  });
}

export function useMyLevelRewards(userId: string | null) {
  return useQuery(getMyLevelRewardsQueryOptions(userId));
}
