import { queryOptions, useQuery } from '@tanstack/react-query';
import { getLevelRewards } from '@/lib/api/get-level-rewards';
import { adminQueryKey } from '../../api/admin-query-key';

/** GET /api/levelup-rewards (the same list the public page reads), cached with the admin screens. */
export function getAdminLevelRewardsQueryOptions() {
  return queryOptions({ queryKey: [...adminQueryKey, 'level-rewards'], queryFn: getLevelRewards });
}

export function useAdminLevelRewards() {
  return useQuery(getAdminLevelRewardsQueryOptions());
}
