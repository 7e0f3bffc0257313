import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AffiliatePayout } from '@app/shared/api/admin-affiliates';
import { api } from '@/lib/api-client';
import { affiliatesQueryKey } from './get-affiliates';

/** GET /api/admin/affiliates/:id/payouts (newest first). */
async function getPayouts(id: string): Promise<AffiliatePayout[]> {
  return (await api.get<{ payouts: AffiliatePayout[] }>(`/api/admin/affiliates/${encodeURIComponent(id)}/payouts`)).payouts;
}

function getPayoutsQueryOptions(id: string | null) {
  return queryOptions({
    queryKey: [...affiliatesQueryKey, 'payouts', id],
    queryFn: () => getPayouts(id!),
    enabled: id !== null,
  });
}

export function usePayouts(id: string | null) {
  return useQuery(getPayoutsQueryOptions(id));
}
