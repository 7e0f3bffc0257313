import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LevelReward, LevelRewardInput } from '@app/shared/api/level-rewards';
import { api } from '@/lib/api-client';

const key = ['admin', 'level-rewards'] as const;

/** GET /api/levelup-rewards (the same list the public page reads). */
export function useAdminLevelRewards() {
  return useQuery({ queryKey: key, queryFn: async () => (await api.get<{ rewards: LevelReward[] }>('/api/levelup-rewards')).rewards });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: key }), queryClient.invalidateQueries({ queryKey: ['level-rewards'] })]);
}

export type LevelRewardSave = { level: number } & LevelRewardInput;

/** PUT /api/admin/levelup-rewards/:level {title, points} or {title, rewardId} (audited). */
export function useSetLevelReward() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ level, ...body }: LevelRewardSave) => api.put<LevelReward>(`/api/admin/levelup-rewards/${level}`, body),
    onSuccess: invalidate,
  });
}

/** DELETE /api/admin/levelup-rewards/:level (audited). */
export function useDeleteLevelReward() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (level: number) => api.delete<null>(`/api/admin/levelup-rewards/${level}`),
    onSuccess: invalidate,
  });
}
