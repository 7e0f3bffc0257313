import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DondMove, DondRound } from '@app/shared/api/deal-or-no-deal';
import { toast } from '@/components/ui/sonner';
import { api, errorMessage } from '@/lib/api-client';
import { dondQueryKey } from '@/lib/api/query-keys';

/** POST /api/dealornodeal/rounds/:id/join → 201 {round}. */
function joinDond(roundId: string): Promise<{ round: DondRound }> {
  return api.post<{ round: DondRound }>(`/api/dealornodeal/rounds/${encodeURIComponent(roundId)}/join`);
}

/** POST /api/dealornodeal/rounds/:id/move → {round}. */
function moveDond(roundId: string, move: DondMove): Promise<{ round: DondRound }> {
  return api.post<{ round: DondRound }>(`/api/dealornodeal/rounds/${encodeURIComponent(roundId)}/move`, move);
}

function useRoundMutation<V>(run: (v: V) => Promise<{ round: DondRound }>, failure: string, success?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: ({ round }) => {
      queryClient.setQueriesData<{ round: DondRound | null }>({ queryKey: dondQueryKey }, (old) => (old ? { round } : old));
      if (success) toast({ title: success });
    },
    onError: (error) => toast({ title: errorMessage(error, failure), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dondQueryKey }),
  });
}

export function useJoinDond() {
  return useRoundMutation((roundId: string) => joinDond(roundId), 'Could not join the round. Try again.', "You're in! Good luck.");
}

export function useMoveDond(roundId: string) {
  return useRoundMutation((move: DondMove) => moveDond(roundId, move), 'That move did not go through. Try again.');
}
