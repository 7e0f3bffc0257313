import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DealOrNoDealRound } from '@app/shared/api/deal-or-no-deal';
import { api } from '@/lib/api-client';
import { adminQueryKey } from '../../api/admin-query-key';

const dealOrNoDealAdminQueryKey = [...adminQueryKey, 'dealornodeal'] as const;

/** GET /api/admin/dealornodeal: the latest rounds, newest first. */
function getDealOrNoDealRounds(): Promise<{ rounds: DealOrNoDealRound[] }> {
  return api.get<{ rounds: DealOrNoDealRound[] }>('/api/admin/dealornodeal');
}

export function useDealOrNoDealRounds() {
  // Polled: entries and the contestant's moves change while the panel is open.
  return useQuery(queryOptions({ queryKey: dealOrNoDealAdminQueryKey, queryFn: getDealOrNoDealRounds, refetchInterval: 3000 }));
}

/** POST /api/admin/dealornodeal/rounds {values} → a draft. */
export function createDealOrNoDealRound(values: number[]): Promise<{ round: DealOrNoDealRound }> {
  return api.post<{ round: DealOrNoDealRound }>('/api/admin/dealornodeal/rounds', { values });
}

/** POST /api/admin/dealornodeal/rounds/:id/{open|close|cancel}. */
export function dealOrNoDealRoundAction(id: string, action: 'open' | 'close' | 'cancel'): Promise<{ round: DealOrNoDealRound }> {
  return api.post<{ round: DealOrNoDealRound }>(`/api/admin/dealornodeal/rounds/${encodeURIComponent(id)}/${action}`);
}

export function useDealOrNoDealAdminMutation<V>(run: (v: V) => Promise<{ round: DealOrNoDealRound }>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => queryClient.invalidateQueries({ queryKey: dealOrNoDealAdminQueryKey }) });
}
