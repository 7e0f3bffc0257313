import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserActivityPage } from '@app/shared/api/admin-users';
import { api } from '@/lib/api-client';
import { adminUserQueryKey } from './get-admin-user';

/** GET /api/admin/users/:id/activity?page=&pageSize= (newest first). */
async function getUserActivity(id: string, page: number, pageSize = 20): Promise<UserActivityPage> {
  return api.get<UserActivityPage>(`/api/admin/users/${encodeURIComponent(id)}/activity?page=${page}&pageSize=${pageSize}`);
}

function getUserActivityQueryOptions(id: string | null, page: number) {
  return queryOptions({
    queryKey: [...adminUserQueryKey(id), 'activity', page],
    queryFn: () => getUserActivity(id!, page),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

export function useUserActivity(id: string | null, page: number) {
  return useQuery(getUserActivityQueryOptions(id, page));
}
