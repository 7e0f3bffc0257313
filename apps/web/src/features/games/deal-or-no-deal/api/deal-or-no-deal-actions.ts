import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DealOrNoDealMove, DealOrNoDealRound } from '@app/shared/api/deal-or-no-deal';
import { toast } from '@/components/ui/sonner';
import { api, errorMessage } from '@/lib/api-client';
import { dealOrNoDealQueryKey } from '@/lib/api/query-keys';

/** POST /api/dealornodeal/rounds/:id/join → 201 {round}. */
function joinDealOrNoDeal(roundId: string): Promise<{ round: DealOrNoDealRound }> {
  return api.post<{ round: DealOrNoDealRound }>(`/api/dealornodeal/rounds/${encodeURIComponent(roundId)}/join`);
}

/** POST /api/dealornodeal/rounds/:id/move → {round}. */
function moveDealOrNoDeal(roundId: string, move: DealOrNoDealMove): Promise<{ round: DealOrNoDealRound }> {
  return api.post<{ round: DealOrNoDealRound }>(`/api/dealornodeal/rounds/${encodeURIComponent(roundId)}/move`, move);
}

function useRoundMutation<V>(run: (v: V) => Promise<{ round: DealOrNoDealRound }>, failure: string, success?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: ({ round }) => {
      queryClient.setQueriesData<{ round: DealOrNoDealRound | null }>({ queryKey: dealOrNoDealQueryKey }, (old) => (old ? { round } : old));
      if (success) toast({ title: success });
    },
    onError: (error) => toast({ title: errorMessage(error, failure), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dealOrNoDealQueryKey }),
  });
}

export function useJoinDealOrNoDeal() {
  return useRoundMutation((roundId: string) => joinDealOrNoDeal(roundId), 'Could not join the round. Try again.', "You're in! Good luck.");
}

export function useMoveDealOrNoDeal(roundId: string) {
  return useRoundMutation((move: DealOrNoDealMove) => moveDealOrNoDeal(roundId, move), 'That move did not go through. Try again.');
}
