import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminStanding } from '@app/shared/api/races';
import { api } from '@/lib/api-client';
import { getRaceStandingsQueryOptions } from './get-race-standings';

/** POST /api/admin/leaderboards/:id/prizes/:position/paid (once; audited): the standing comes back with paidAt. */
async function markPrizePaid(id: string, position: number): Promise<{ standing: AdminStanding }> {
  return api.post<{ standing: AdminStanding }>(`/api/admin/leaderboards/${encodeURIComponent(id)}/prizes/${position}/paid`);
}

/** The paid standing replaces its row; a refusal reads the standings again. */
export function useMarkPrizePaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, position }: { id: string; position: number }) => markPrizePaid(id, position),
    onSuccess: ({ standing }, { id }) =>
      queryClient.setQueryData(getRaceStandingsQueryOptions(id).queryKey, (current) =>
        current ? { ...current, standings: current.standings.map((s) => (s.position === standing.position ? standing : s)) } : current,
      ),
    onError: (_, { id }) => queryClient.invalidateQueries({ queryKey: getRaceStandingsQueryOptions(id).queryKey }),
  });
}
