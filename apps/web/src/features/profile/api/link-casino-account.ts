import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CasinoAccountLink, LinkCasinoAccountBody } from '@app/shared/api/casino-accounts';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { getProfileQueryOptions } from './get-profile';

/** POST /api/casino-accounts: links a username (pending until an admin verifies it). */
async function linkCasinoAccount(body: LinkCasinoAccountBody): Promise<CasinoAccountLink> {
  return (await api.post<{ account: CasinoAccountLink }>('/api/casino-accounts', body)).account;
}

export function useLinkCasinoAccount() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: linkCasinoAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getProfileQueryOptions(user?.id).queryKey }),
  });
}
