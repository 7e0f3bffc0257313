import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Reward, RewardInput } from '@app/shared/api/store';
import { api } from '@/lib/api-client';
import { storeQueryKey } from '@/lib/api/query-keys';
import { getAdminRewardsQueryOptions } from './get-admin-rewards';

/** POST /api/admin/rewards, or PUT /api/admin/rewards/:id with the whole form. */
async function saveReward(id: string | null, input: RewardInput): Promise<Reward> {
  const answer = id
    ? await api.put<{ reward: Reward }>(`/api/admin/rewards/${encodeURIComponent(id)}`, input)
    : await api.post<{ reward: Reward }>('/api/admin/rewards', input);
  return answer.reward;
}

/** The admin list and the members' Points Store are read again. */
export function useSaveReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: RewardInput }) => saveReward(id, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getAdminRewardsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: storeQueryKey }),
      ]),
  });
}
