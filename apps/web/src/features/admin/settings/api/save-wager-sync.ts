import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PartnerId } from '@app/shared/api/casino-accounts';
import type { WagerSyncInput, WagerSyncPartner } from '@app/shared/api/wagers';
import { api } from '@/lib/api-client';
import { getWagerSyncsQueryOptions } from './get-wager-syncs';

/** PUT /api/admin/wager-sync/:partner (without `key` the saved key is kept). */
function saveWagerSync(partner: PartnerId, body: WagerSyncInput): Promise<WagerSyncPartner> {
  return api.put<WagerSyncPartner>(`/api/admin/wager-sync/${partner}`, body);
}

export function useSaveWagerSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ partner, body }: { partner: PartnerId; body: WagerSyncInput }) => saveWagerSync(partner, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: getWagerSyncsQueryOptions().queryKey }),
  });
}
