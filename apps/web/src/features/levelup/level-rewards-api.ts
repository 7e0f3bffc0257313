import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LevelReward, LevelRewardClaim } from '@app/shared/api/level-rewards';
import { api } from '@/lib/api-client';

export type MyLevelRewards = { xp: number; level: number; claimed: number[] };

export const levelRewardsKey = ['level-rewards'] as const;

/** GET /api/levelup-rewards: the rewards set per level, lowest first (public). */
export function useLevelRewards() {
  return useQuery({
    queryKey: [...levelRewardsKey, 'list'],
    queryFn: async () => (await api.get<{ rewards: LevelReward[] }>('/api/levelup-rewards')).rewards,
  });
}

/** GET /api/levelup-rewards/mine: the signed-in user's level and the levels already claimed. */
export function useMyLevelRewards(userId: string | null) {
  return useQuery({
    queryKey: [...levelRewardsKey, 'mine', userId],
    queryFn: () => api.get<MyLevelRewards>('/api/levelup-rewards/mine'),
    enabled: userId !== null,
  });
}

/** POST /api/levelup-rewards/:level/claim → 201 {level, points, balance, orderId, itemName} (points null for a store item). */
export function useClaimLevelReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (level: number) => api.post<LevelRewardClaim>(`/api/levelup-rewards/${level}/claim`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: levelRewardsKey }),
  });
}
