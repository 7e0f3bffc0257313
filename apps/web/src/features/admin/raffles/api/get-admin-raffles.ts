import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Raffle } from '@app/shared/api/raffles';
import { api } from '@/lib/api-client';
import { adminQueryKey } from '../../api/admin-query-key';

/** GET /api/admin/raffles: every raffle, whatever its status. */
async function getAdminRaffles(): Promise<Raffle[]> {
  return (await api.get<{ raffles: Raffle[] }>('/api/admin/raffles')).raffles;
}

/** The admin raffle caches (the list and each raffle's entries). */
export const adminRafflesQueryKey = [...adminQueryKey, 'raffles'] as const;

function getAdminRafflesQueryOptions() {
  return queryOptions({
    queryKey: adminRafflesQueryKey,
    queryFn: getAdminRaffles,
  });
}

export function useAdminRaffles() {
  return useQuery(getAdminRafflesQueryOptions());
}
