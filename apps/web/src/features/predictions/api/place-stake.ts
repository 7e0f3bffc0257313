import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StakeInput, StakeResult } from '@app/shared/api/predictions';
import { api } from '@/lib/api-client';
import { predictionsQueryKey } from './get-predictions';

type StakeRequest = { predictionId: string; body: StakeInput; idempotencyKey: string };

/** POST /api/predictions/:id/stakes with the form's Idempotency-Key (a repeated click is the same stake). */
function placeStake({ predictionId, body, idempotencyKey }: StakeRequest): Promise<StakeResult> {
  return api.post<StakeResult>(`/api/predictions/${encodeURIComponent(predictionId)}/stakes`, body, { headers: { 'idempotency-key': idempotencyKey } });
}

export function usePlaceStake() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeStake,
    onSettled: () => queryClient.invalidateQueries({ queryKey: predictionsQueryKey }),
  });
}
