import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationPage } from '@app/shared/api/notifications';
import { api } from '@/lib/api-client';
import { notificationsQueryKey } from '@/lib/api/query-keys';
import { useSession } from '@/lib/session';

type NotificationsFilter = { page: number; pageSize: number; unread: boolean };

/** GET /api/notifications: newest first, paged, optionally unread only. */
async function getNotifications(filter: NotificationsFilter): Promise<NotificationPage> {
  const query = new URLSearchParams({ page: String(filter.page), pageSize: String(filter.pageSize) });
  if (filter.unread) query.set('unread', 'true');
  return api.get<NotificationPage>(`/api/notifications?${query.toString()}`);
}

/**
 * Cached per user and filter; the live channel invalidates the family on each new notification,
 * and without it the list refetches every minute.
 */
function getNotificationsQueryOptions(userId: string | undefined, filter: NotificationsFilter, live: boolean) {
  return queryOptions({
    queryKey: [...notificationsQueryKey, userId, filter],
    queryFn: () => getNotifications(filter),
    enabled: Boolean(userId),
    placeholderData: keepPreviousData,
    refetchInterval: live ? false : 60_000,
  });
}

export function useNotifications(filter: NotificationsFilter, live: boolean) {
  const { user } = useSession();
  return useQuery(getNotificationsQueryOptions(user?.id, filter, live));
}
