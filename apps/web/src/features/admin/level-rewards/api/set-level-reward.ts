import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LevelReward, LevelRewardInput } from '@app/shared/api/level-rewards';
import { api } from '@/lib/api-client';
import { levelRewardsQueryKey } from '@/lib/api/query-keys';
import { getAdminLevelRewardsQueryOptions } from './get-admin-level-rewards';

export type LevelRewardSave = { level: number } & LevelRewardInput;

/** PUT /api/admin/levelup-rewards/:level {title, points} or {title, rewardId} (audited). */
function setLevelReward({ level, ...body }: LevelRewardSave): Promise<LevelReward> {
  return api.put<LevelReward>(`/api/admin/levelup-rewards/${level}`, body);
}

/** The admin list and the members' level rewards are read again. */
export function useSetLevelReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLevelReward,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getAdminLevelRewardsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: levelRewardsQueryKey }),
      ]),
  });
}
