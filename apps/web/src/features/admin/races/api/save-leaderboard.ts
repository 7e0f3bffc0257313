import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Leaderboard, LeaderboardInput } from '@app/shared/api/admin-leaderboards';
import { api } from '@/lib/api-client';
import { getLeaderboardsQueryOptions } from './get-leaderboards';

/** POST /api/admin/leaderboards (the created one), or PUT /api/admin/leaderboards/:id (the updated one). */
async function saveLeaderboard(id: string | null, input: LeaderboardInput): Promise<Leaderboard> {
  return id ? api.put<Leaderboard>(`/api/admin/leaderboards/${encodeURIComponent(id)}`, input) : api.post<Leaderboard>('/api/admin/leaderboards', input);
}

/** Saving places the created race at the top of the list (spec 1 §7) and replaces an edited one in place. */
export function useSaveLeaderboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: LeaderboardInput }) => saveLeaderboard(id, input),
    onSuccess: (saved, { id }) => {
      queryClient.setQueryData(getLeaderboardsQueryOptions().queryKey, (list = []) =>
        id ? list.map((item) => (item.id === saved.id ? saved : item)) : [saved, ...list.filter((item) => item.id !== saved.id)],
      );
    },
  });
}
