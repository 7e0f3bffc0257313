import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LevelReward } from '@app/shared/api/level-rewards';
import { api } from '@/lib/api-client';
import { levelRewardsQueryKey } from './query-keys';

/** GET /api/levelup-rewards: the rewards set per level, lowest first (public; the admin screen reads the same list). */
export async function getLevelRewards(): Promise<LevelReward[]> {
  return (await api.get<{ rewards: LevelReward[] }>('/api/levelup-rewards')).rewards;
}

function getLevelRewardsQueryOptions() {
  return queryOptions({ queryKey: [...levelRewardsQueryKey, 'list'], queryFn: getLevelRewards });
}

export function useLevelRewards() {
  return useQuery(getLevelRewardsQueryOptions());
}
