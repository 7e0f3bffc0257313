import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { levelRewardsQueryKey } from '@/lib/api/query-keys';
import { getAdminLevelRewardsQueryOptions } from './get-admin-level-rewards';

/** DELETE /api/admin/levelup-rewards/:level (audited). */
function deleteLevelReward(level: number): Promise<null> {
  return api.delete<null>(`/api/admin/levelup-rewards/${level}`);
}

/** The admin list and the members' level rewards are read again. */
export function useDeleteLevelReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLevelReward,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getAdminLevelRewardsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: levelRewardsQueryKey }),
      ]),
  });
}
