import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCasinoAccount } from '@app/shared/api/casino-accounts';
import { api } from '@/lib/api-client';
import { adminUsersQueryKey } from './get-admin-users';

type CasinoAccountDecision = { account: AdminCasinoAccount; points: number };

/** POST /api/admin/users/:id/casino-accounts/:aid/verify|reject → the account and the owner's balance. */
async function decideCasinoAccount(userId: string, accountId: string, decision: 'verify' | 'reject'): Promise<CasinoAccountDecision> {
  return api.post<CasinoAccountDecision>(`/api/admin/users/${encodeURIComponent(userId)}/casino-accounts/${encodeURIComponent(accountId)}/${decision}`);
}

export function useDecideCasinoAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, accountId, decision }: { userId: string; accountId: string; decision: 'verify' | 'reject' }) =>
      decideCasinoAccount(userId, accountId, decision),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}
