import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Reward } from '@app/shared/api/store';
import { api } from '@/lib/api-client';
import { adminQueryKey } from '../../api/admin-query-key';

/** GET /api/admin/rewards: every reward, inactive ones too. */
async function getAdminRewards(): Promise<Reward[]> {
  return (await api.get<{ rewards: Reward[] }>('/api/admin/rewards')).rewards;
}

export function getAdminRewardsQueryOptions() {
  return queryOptions({
    queryKey: [...adminQueryKey, 'rewards'],
    queryFn: getAdminRewards,
  });
}

export function useAdminRewards() {
  return useQuery(getAdminRewardsQueryOptions());
}
