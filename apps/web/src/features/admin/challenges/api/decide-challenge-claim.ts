import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminChallengeClaim } from '@app/shared/api/challenges';
import { api } from '@/lib/api-client';
import { challengesQueryKey } from '@/lib/api/query-keys';
import { adminQueryKey } from '../../api/admin-query-key';

type ClaimDecision = { claimId: string; decision: 'verify' } | { claimId: string; decision: 'decline'; reason: string };

/** POST /api/admin/challenges/claims/:id/verify or /decline {reason} (audited). */
async function decideChallengeClaim(input: ClaimDecision): Promise<AdminChallengeClaim> {
  const path = `/api/admin/challenges/claims/${input.claimId}/${input.decision}`;
  const body = input.decision === 'decline' ? { reason: input.reason } : undefined;
  return (await api.post<{ claim: AdminChallengeClaim }>(path, body)).claim;
}

/** A decision changes the queue, the winners left and maybe a balance: the admin screens and the member page are read again. */
export function useDecideChallengeClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideChallengeClaim,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminQueryKey }), queryClient.invalidateQueries({ queryKey: challengesQueryKey })]),
  });
}
