import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RaffleEntry } from '@app/shared/api/raffles';
import { api } from '@/lib/api-client';
import { adminRafflesQueryKey } from './get-admin-raffles';

export type AdminRaffleEntry = RaffleEntry & { username: string; uid: string };

/** GET /api/admin/raffles/:id/entries, in entry order. */
async function getRaffleEntries(id: string): Promise<AdminRaffleEntry[]> {
  return (await api.get<{ entries: AdminRaffleEntry[] }>(`/api/admin/raffles/${encodeURIComponent(id)}/entries`)).entries;
}

function getRaffleEntriesQueryOptions(id: string | null) {
  return queryOptions({
    queryKey: [...adminRafflesQueryKey, id, 'entries'],
    queryFn: () => getRaffleEntries(id!),
    enabled: id !== null,
  });
}

export function useRaffleEntries(id: string | null) {
  return useQuery(getRaffleEntriesQueryOptions(id));
}
