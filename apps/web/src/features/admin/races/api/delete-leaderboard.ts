import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Deleted } from '@app/shared/api/admin-leaderboards';
import { api } from '@/lib/api-client';
import { getLeaderboardsQueryOptions } from './get-leaderboards';

async function deleteLeaderboard(id: string): Promise<Deleted> {
  return api.delete<Deleted>(`/api/admin/leaderboards/${encodeURIComponent(id)}`);
}

/** A deleted race leaves the list at once. */
export function useDeleteLeaderboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLeaderboard,
    onSuccess: (_, id) => queryClient.setQueryData(getLeaderboardsQueryOptions().queryKey, (list = []) => list.filter((item) => item.id !== id)),
  });
}
