import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Reward } from '@app/shared/api/store';
import { api } from '@/lib/api-client';
import { storeQueryKey } from '@/lib/api/query-keys';
import { getAdminRewardsQueryOptions } from './get-admin-rewards';

/** DELETE /api/admin/rewards/:id: deleted when never ordered, else deactivated. */
async function deleteReward(id: string): Promise<{ deleted: boolean; reward: Reward | null }> {
  return api.delete<{ deleted: boolean; reward: Reward | null }>(`/api/admin/rewards/${encodeURIComponent(id)}`);
}

/** The admin list and the members' Points Store are read again. */
export function useDeleteReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReward,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getAdminRewardsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: storeQueryKey }),
      ]),
  });
}
