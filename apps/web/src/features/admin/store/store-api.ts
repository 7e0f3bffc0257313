import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Reward, RewardInput } from '@app/shared/api/store';
import { api } from '@/lib/api-client';

/** GET /api/admin/rewards: every reward, inactive ones too. */
export async function getAdminRewards(): Promise<Reward[]> {
  return (await api.get<{ rewards: Reward[] }>('/api/admin/rewards')).rewards;
}

export function adminRewardsQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'rewards'],
    queryFn: getAdminRewards,
  });
}

export function useAdminRewards() {
  return useQuery(adminRewardsQueryOptions());
}

/** POST /api/admin/rewards, or PUT /api/admin/rewards/:id with the whole form. */
export async function saveReward(id: string | null, input: RewardInput): Promise<Reward> {
  const answer = id
    ? await api.put<{ reward: Reward }>(`/api/admin/rewards/${encodeURIComponent(id)}`, input)
    : await api.post<{ reward: Reward }>('/api/admin/rewards', input);
  return answer.reward;
}

/** DELETE /api/admin/rewards/:id: deleted when never ordered, else deactivated. */
export async function deleteReward(id: string): Promise<{ deleted: boolean; reward: Reward | null }> {
  return api.delete<{ deleted: boolean; reward: Reward | null }>(`/api/admin/rewards/${encodeURIComponent(id)}`);
}

export function useSaveReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: RewardInput }) => saveReward(id, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'rewards'] }),
        queryClient.invalidateQueries({ queryKey: ['store'] }),
      ]),
  });
}

export function useDeleteReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReward,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'rewards'] }),
        queryClient.invalidateQueries({ queryKey: ['store'] }),
      ]),
  });
}
