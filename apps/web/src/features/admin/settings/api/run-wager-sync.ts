import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PartnerId } from '@app/shared/api/casino-accounts';
import type { WagerSyncRun } from '@app/shared/api/wagers';
import { api } from '@/lib/api-client';
import { getWagerSyncsQueryOptions } from './get-wager-syncs';

/** POST /api/admin/wager-sync/:partner/run: a sync now; ok false carries the casino's error. */
function runWagerSync(partner: PartnerId): Promise<WagerSyncRun> {
  return api.post<WagerSyncRun>(`/api/admin/wager-sync/${partner}/run`);
}

export function useRunWagerSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runWagerSync,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getWagerSyncsQueryOptions().queryKey }),
  });
}
