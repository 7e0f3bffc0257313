import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KingOfTheHillClaim, KingOfTheHillClaimInput } from '@app/shared/api/king-of-the-hill';
import { api } from '@/lib/api-client';
import { kingOfTheHillQueryKey } from '@/lib/api/query-keys';

/** POST /api/king-of-the-hill/claims → 201 the pending claim (403 NOT_VIP or RESTRICTED, 409 KING_NOT_BEATEN). */
function claimHill(input: KingOfTheHillClaimInput): Promise<KingOfTheHillClaim> {
  return api.post<KingOfTheHillClaim>('/api/king-of-the-hill/claims', input);
}

/** A claim, accepted or refused, may have met a new king: the hill is read again. */
export function useClaimHill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimHill,
    onSettled: () => queryClient.invalidateQueries({ queryKey: kingOfTheHillQueryKey }),
  });
}
