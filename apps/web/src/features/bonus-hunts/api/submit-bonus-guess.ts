import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BonusGuessResult } from '@app/shared/api/bonus-hunts';
import { api } from '@/lib/api-client';
import { bonusHuntsQueryKey } from '@/lib/api/query-keys';

/** PUT /api/bonus-hunts/:id/bonuses/:bonusId/guess {multiplier}: free, so no Idempotency-Key (a repeat sets the same guess). */
async function submitBonusGuess(huntId: string, bonusId: string, multiplier: number): Promise<BonusGuessResult> {
  return api.put<BonusGuessResult>(`/api/bonus-hunts/${encodeURIComponent(huntId)}/bonuses/${encodeURIComponent(bonusId)}/guess`, { multiplier });
}

export function useSubmitBonusGuess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ huntId, bonusId, multiplier }: { huntId: string; bonusId: string; multiplier: number }) => submitBonusGuess(huntId, bonusId, multiplier),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bonusHuntsQueryKey }),
  });
}
