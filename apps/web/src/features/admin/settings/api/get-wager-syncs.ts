import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WagerSyncList, WagerSyncPartner } from '@app/shared/api/wagers';
import { api } from '@/lib/api-client';
import { adminQueryKey } from '../../api/admin-query-key';

/** GET /api/admin/wager-sync: each partner's sync settings (never the key) and state. */
async function getWagerSyncs(): Promise<WagerSyncPartner[]> {
  return (await api.get<WagerSyncList>('/api/admin/wager-sync')).partners;
}

export function getWagerSyncsQueryOptions() {
  return queryOptions({ queryKey: [...adminQueryKey, 'wager-sync'], queryFn: getWagerSyncs });
}

export function useWagerSyncs() {
  return useQuery(getWagerSyncsQueryOptions());
}
