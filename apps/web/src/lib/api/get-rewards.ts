import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Reward } from '@app/shared/api/store';
import { api } from '@/lib/api-client';
import { storeQueryKey } from './query-keys';

/** GET /api/store/rewards (public): the active rewards of the Points Store. */
async function getRewards(): Promise<Reward[]> {
  return (await api.get<{ rewards: Reward[] }>('/api/store/rewards')).rewards;
}

/** One cache for the store pages and the dashboard's featured rewards. */
function getRewardsQueryOptions() {
  return queryOptions({ queryKey: [...storeQueryKey, 'rewards'], queryFn: getRewards });
}

export function useRewards() {
  return useQuery(getRewardsQueryOptions());
}
