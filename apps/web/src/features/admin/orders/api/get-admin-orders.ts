import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrder, OrderStatus } from '@app/shared/api/store';
import { api } from '@/lib/api-client';
import { adminQueryKey } from '../../api/admin-query-key';

/** GET /api/admin/orders?status= : every user's orders (all statuses when none is given). */
async function getAdminOrders(status?: OrderStatus): Promise<AdminOrder[]> {
  const query = status ? `?status=${status}` : '';
  return (await api.get<{ orders: AdminOrder[] }>(`/api/admin/orders${query}`)).orders;
}

function getAdminOrdersQueryOptions(status?: OrderStatus) {
  return queryOptions({
    queryKey: [...adminQueryKey, 'orders', status ?? 'all'],
    queryFn: () => getAdminOrders(status),
  });
}

export function useAdminOrders(status?: OrderStatus) {
  return useQuery(getAdminOrdersQueryOptions(status));
}
