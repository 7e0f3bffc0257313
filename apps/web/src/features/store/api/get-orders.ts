import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@app/shared/api/store';
import { api } from '@/lib/api-client';
import { storeQueryKey } from '@/lib/api/query-keys';
import { useSession } from '@/lib/session';

/** GET /api/store/orders: the caller's own orders, newest first. */
async function getOrders(): Promise<Order[]> {
  return (await api.get<{ orders: Order[] }>('/api/store/orders')).orders;
}

/** Cached per user, so another sign-in never sees these orders. */
export function getOrdersQueryOptions(userId: string | undefined) {
  return queryOptions({
    queryKey: [...storeQueryKey, 'orders', userId],
    queryFn: getOrders,
    enabled: Boolean(userId),
  });
}

export function useOrders() {
  const { user } = useSession();
  return useQuery(getOrdersQueryOptions(user?.id));
}
