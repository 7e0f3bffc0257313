import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUserDetail } from '@app/shared/api/admin-users';
import { api } from '@/lib/api-client';
import { adminUsersQueryKey } from './get-admin-users';

/** GET /api/admin/users/:id */
async function getAdminUser(id: string): Promise<AdminUserDetail> {
  return (await api.get<{ user: AdminUserDetail }>(`/api/admin/users/${encodeURIComponent(id)}`)).user;
}

/** One user's caches: the details, and below them the activity pages and the casino accounts. */
export function adminUserQueryKey(id: string | null) {
  return [...adminUsersQueryKey, 'detail', id] as const;
}

function getAdminUserQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminUserQueryKey(id),
    queryFn: () => getAdminUser(id),
  });
}

export function useAdminUser(id: string | null) {
  return useQuery({ ...getAdminUserQueryOptions(id ?? ''), enabled: id !== null });
}
