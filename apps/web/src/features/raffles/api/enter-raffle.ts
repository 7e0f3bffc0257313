import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EnterRaffleResult, Raffle } from '@app/shared/api/raffles';
import { toast } from '@/components/ui/sonner';
import { api, ApiError, errorMessage } from '@/lib/api-client';
import { raffleListsQueryKey } from '@/lib/api/get-raffles';
import { rafflesQueryKey } from '@/lib/api/query-keys';
import { atLeast, retryUnanswered, useOptimisticPoints } from '@/lib/economy/spend';
import { ENTERING_MIN_MS, entryCostOf } from '../raffle-math';
import { raffleDetailQueryKey } from './get-raffle';

/** POST /api/raffles/:id/enter with the click's Idempotency-Key (no body) → 201 {entry, points}. */
async function enterRaffle(raffleId: string, idempotencyKey: string): Promise<EnterRaffleResult> {
  return api.post<EnterRaffleResult>(`/api/raffles/${encodeURIComponent(raffleId)}/enter`, undefined, {
    headers: { 'idempotency-key': idempotencyKey },
  });
}

type EnterVariables = { raffle: Raffle; idempotencyKey: string };

function markEntered(raffle: Raffle, id: string): Raffle {
  return raffle.id === id && raffle.entered !== true ? { ...raffle, entered: true, entries: raffle.entries + 1 } : raffle;
}

/**
 * Entering a raffle (spec 2 §4, §5, §8): the balance drops at once, 'Entering…' shows for at least a
 * second, and the server decides. A refusal puts the balance back and says why.
 */
export function useEnterRaffle() {
  const queryClient = useQueryClient();
  const points = useOptimisticPoints();

  const refreshRaffles = () => queryClient.invalidateQueries({ queryKey: rafflesQueryKey });

  return useMutation({
    mutationFn: ({ raffle, idempotencyKey }: EnterVariables) => atLeast(ENTERING_MIN_MS, enterRaffle(raffle.id, idempotencyKey)),
    retry: retryUnanswered,
    retryDelay: 500,
    onMutate: ({ raffle }) => ({
      pointsBefore: points.debit(entryCostOf(raffle)),
    }),
    onSuccess: (result, { raffle }) => {
      points.settle(result.points);
      queryClient.setQueriesData<Raffle[]>({ queryKey: raffleListsQueryKey }, (list) => list?.map((r) => markEntered(r, raffle.id)));
      queryClient.setQueriesData<Raffle>({ queryKey: raffleDetailQueryKey(raffle.id) }, (r) => (r ? markEntered(r, raffle.id) : r));
      toast({ title: 'Successfully Entered!', description: 'Good luck!' });
      void refreshRaffles();
    },
    onError: (error, { raffle }, context) => {
      points.rollback(context?.pointsBefore ?? null);
      const code = error instanceof ApiError ? error.code : undefined;
      if (code === 'ALREADY_ENTERED') {
        toast({ title: 'Already entered', variant: 'destructive' });
      } else if (code === 'INSUFFICIENT_POINTS') {
        toast({
          title: 'Insufficient points',
          description: `You need ${entryCostOf(raffle).toLocaleString('en-US')} pts`,
          variant: 'destructive',
        });
      } else {
        toast({
          title: errorMessage(error, 'Could not enter the raffle. Check your connection and try again.'),
          variant: 'destructive',
        });
      }
      void refreshRaffles();
    },
  });
}
