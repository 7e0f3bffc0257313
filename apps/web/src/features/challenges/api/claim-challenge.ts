import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChallengeClaim, ChallengeClaimInput } from '@app/shared/api/challenges';
import { api } from '@/lib/api-client';
import { challengesQueryKey } from '@/lib/api/query-keys';

type ClaimRequest = { challengeId: string; body: ChallengeClaimInput };

/** POST /api/challenges/:id/claims → 201 the pending claim (400 below the minimum or target, 403, 409 CHALLENGE_CLOSED). */
function claimChallenge({ challengeId, body }: ClaimRequest): Promise<ChallengeClaim> {
  return api.post<ChallengeClaim>(`/api/challenges/${challengeId}/claims`, body);
}

/** A claim, accepted or refused, may meet a challenge that changed: the list is read again. */
export function useClaimChallenge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimChallenge,
    onSettled: () => queryClient.invalidateQueries({ queryKey: challengesQueryKey }),
  });
}
