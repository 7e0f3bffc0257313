import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCasinoAccount } from '@app/shared/api/casino-accounts';
import { api } from '@/lib/api-client';
import { adminUserQueryKey } from './get-admin-user';

/** GET /api/admin/users/:id/casino-accounts: the links with their ids, states and wagers (USD). */
async function getUserCasinoAccounts(userId: string): Promise<AdminCasinoAccount[]> {
  return (await api.get<{ accounts: AdminCasinoAccount[] }>(`/api/admin/users/${encodeURIComponent(userId)}/casino-accounts`)).accounts;
}

function getUserCasinoAccountsQueryOptions(userId: string) {
  return queryOptions({ queryKey: [...adminUserQueryKey(userId), 'casino-accounts'], queryFn: () => getUserCasinoAccounts(userId) });
}

export function useUserCasinoAccounts(userId: string) {
  return useQuery(getUserCasinoAccountsQueryOptions(userId));
}
