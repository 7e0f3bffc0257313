import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminKingOfTheHillClaim } from '@app/shared/api/king-of-the-hill';
import { api } from '@/lib/api-client';
import { kingOfTheHillQueryKey } from '@/lib/api/query-keys';
import { getAdminHillQueryOptions } from './get-admin-hill';

type HillDecision = { claimId: string; decision: 'verify' } | { claimId: string; decision: 'decline'; reason: string };

/** POST /api/admin/king-of-the-hill/claims/:id/verify or /decline {reason} (audited). */
async function decideHillClaim(input: HillDecision): Promise<AdminKingOfTheHillClaim> {
  const path = `/api/admin/king-of-the-hill/claims/${input.claimId}/${input.decision}`;
  const body = input.decision === 'decline' ? { reason: input.reason } : undefined;
  return (await api.post<{ claim: AdminKingOfTheHillClaim }>(path, body)).claim;
}

/** A decision changes the queue and maybe the king: the admin screen and the member page are read again. */
export function useDecideHillClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideHillClaim,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getAdminHillQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: kingOfTheHillQueryKey }),
      ]),
  });
}
