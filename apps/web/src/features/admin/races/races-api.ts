import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Deleted, Leaderboard, LeaderboardInput } from '@app/shared/api/admin-leaderboards';
import type { AdminStanding, AdminStandings } from '@app/shared/api/races';
import { api } from '@/lib/api-client';

const racesKey = ['admin', 'leaderboards'] as const;

/** GET /api/admin/leaderboards: a bare list, newest first (spec 1 §7). */
export async function getLeaderboards(): Promise<Leaderboard[]> {
  return api.get<Leaderboard[]>('/api/admin/leaderboards');
}

export function leaderboardsQueryOptions() {
  return queryOptions({ queryKey: racesKey, queryFn: getLeaderboards });
}

export function useLeaderboards() {
  return useQuery(leaderboardsQueryOptions());
}

/** POST /api/admin/leaderboards (the created one), or PUT /api/admin/leaderboards/:id (the updated one). */
export async function saveLeaderboard(id: string | null, input: LeaderboardInput): Promise<Leaderboard> {
  return id
    ? api.put<Leaderboard>(`/api/admin/leaderboards/${encodeURIComponent(id)}`, input)
    : api.post<Leaderboard>('/api/admin/leaderboards', input);
}

export async function deleteLeaderboard(id: string): Promise<Deleted> {
  return api.delete<Deleted>(`/api/admin/leaderboards/${encodeURIComponent(id)}`);
}

/** Saving places the created race at the top of the list (spec 1 §7) and replaces an edited one in place. */
export function useSaveLeaderboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: LeaderboardInput }) => saveLeaderboard(id, input),
    onSuccess: (saved, { id }) => {
      queryClient.setQueryData<Leaderboard[]>(racesKey, (list = []) =>
        id ? list.map((item) => (item.id === saved.id ? saved : item)) : [saved, ...list.filter((item) => item.id !== saved.id)],
      );
    },
  });
}

export function useDeleteLeaderboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLeaderboard,
    onSuccess: (_, id) => queryClient.setQueryData<Leaderboard[]>(racesKey, (list = []) => list.filter((item) => item.id !== id)),
  });
}

const standingsKey = (id: string) => ['admin', 'leaderboards', id, 'standings'] as const;

/** GET /api/admin/leaderboards/:id/standings: the kept final standings of a completed race, else live ones. */
export function useRaceStandings(id: string | null) {
  return useQuery({
    queryKey: standingsKey(id ?? ''),
    queryFn: () => api.get<AdminStandings>(`/api/admin/leaderboards/${encodeURIComponent(id!)}/standings`),
    enabled: id !== null,
  });
}

/** POST /api/admin/leaderboards/:id/prizes/:position/paid (once; audited): the standing comes back with paidAt. */
export function useMarkPrizePaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, position }: { id: string; position: number }) =>
      api.post<{ standing: AdminStanding }>(`/api/admin/leaderboards/${encodeURIComponent(id)}/prizes/${position}/paid`),
    onSuccess: ({ standing }, { id }) =>
      queryClient.setQueryData<AdminStandings>(standingsKey(id), (current) =>
        current ? { ...current, standings: current.standings.map((s) => (s.position === standing.position ? standing : s)) } : current,
      ),
    onError: (_, { id }) => queryClient.invalidateQueries({ queryKey: standingsKey(id) }),
  });
}
