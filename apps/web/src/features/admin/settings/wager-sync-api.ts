import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PartnerId } from '@app/shared/api/casino-accounts';
import type { WagerSyncInput, WagerSyncList, WagerSyncPartner, WagerSyncRun } from '@app/shared/api/wagers';
import { api } from '@/lib/api-client';

const KEY = ['admin', 'wager-sync'] as const;

/** GET /api/admin/wager-sync: each partner's sync settings (never the key) and state. */
export function useWagerSyncs() {
  return useQuery({
    queryKey: KEY,
    queryFn: async () => (await api.get<WagerSyncList>('/api/admin/wager-sync')).partners,
  });
}

/** PUT /api/admin/wager-sync/:partner (without `key` the saved key is kept). */
export function useSaveWagerSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ partner, body }: { partner: PartnerId; body: WagerSyncInput }) => api.put<WagerSyncPartner>(`/api/admin/wager-sync/${partner}`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** POST /api/admin/wager-sync/:partner/run: a sync now; ok false carries the casino's error. */
export function useRunWagerSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (partner: PartnerId) => api.post<WagerSyncRun>(`/api/admin/wager-sync/${partner}/run`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
