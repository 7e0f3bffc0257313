import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LevelRewardClaim } from '@app/shared/api/level-rewards';
import { api } from '@/lib/api-client';
import { levelRewardsQueryKey } from '@/lib/api/query-keys';

/** POST /api/levelup-rewards/:level/claim → 201 {level, points, balance, orderId, itemName} (points null for a store item). */
function claimLevelReward(level: number): Promise<LevelRewardClaim> {
  return api.post<LevelRewardClaim>(`/api/levelup-rewards/${level}/claim`);
}

/** A claim, granted or refused, changes the claimed levels (and the list's): both are read again. */
export function useClaimLevelReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimLevelReward,
    onSettled: () => queryClient.invalidateQueries({ queryKey: levelRewardsQueryKey }),
  });
}
