import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DondRound } from '@app/shared/api/deal-or-no-deal';
import { api } from '@/lib/api-client';
import { adminQueryKey } from '../../api/admin-query-key';

const dondAdminQueryKey = [...adminQueryKey, 'dealornodeal'] as const;

/** GET /api/admin/dealornodeal: the latest rounds, newest first. */
function getDondRounds(): Promise<{ rounds: DondRound[] }> {
  return api.get<{ rounds: DondRound[] }>('/api/admin/dealornodeal');
}

export function useDondRounds() {
  // Polled: entries and the contestant's moves change while the panel is open.
  return useQuery(queryOptions({ queryKey: dondAdminQueryKey, queryFn: getDondRounds, refetchInterval: 3000 }));
}

/** POST /api/admin/dealornodeal/rounds {values} → a draft. */
export function createDondRound(values: number[]): Promise<{ round: DondRound }> {
  return api.post<{ round: DondRound }>('/api/admin/dealornodeal/rounds', { values });
}

/** POST /api/admin/dealornodeal/rounds/:id/{open|close|cancel}. */
export function dondRoundAction(id: string, action: 'open' | 'close' | 'cancel'): Promise<{ round: DondRound }> {
  return api.post<{ round: DondRound }>(`/api/admin/dealornodeal/rounds/${encodeURIComponent(id)}/${action}`);
}

export function useDondAdminMutation<V>(run: (v: V) => Promise<{ round: DondRound }>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => queryClient.invalidateQueries({ queryKey: dondAdminQueryKey }) });
}
