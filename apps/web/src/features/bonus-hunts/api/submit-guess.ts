import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GuessResult } from '@app/shared/api/bonus-hunts';
import { api } from '@/lib/api-client';
import { bonusHuntsQueryKey } from '@/lib/api/query-keys';

/** PUT /api/bonus-hunts/:id/guess {amount} in cents, with the click's Idempotency-Key (the entry cost is a spend). */
async function submitGuess(huntId: string, amount: number, idempotencyKey: string): Promise<GuessResult> {
  return api.put<GuessResult>(`/api/bonus-hunts/${encodeURIComponent(huntId)}/guess`, { amount }, { headers: { 'idempotency-key': idempotencyKey } });
}

export function useSubmitGuess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ huntId, amount, idempotencyKey }: { huntId: string; amount: number; idempotencyKey: string }) => submitGuess(huntId, amount, idempotencyKey),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bonusHuntsQueryKey }),
  });
}
