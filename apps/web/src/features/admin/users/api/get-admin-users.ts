import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUserList, AdminUserStatus } from '@app/shared/api/admin-users';
import { api } from '@/lib/api-client';
import { adminQueryKey } from '../../api/admin-query-key';

type UserListParams = {
  q: string;
  status: AdminUserStatus | 'all';
  page: number;
  pageSize: number;
};

/** GET /api/admin/users?q=&status=&page=&pageSize= */
async function getAdminUsers({ q, status, page, pageSize }: UserListParams): Promise<AdminUserList> {
  const params = new URLSearchParams({
    page: String(page),
    pageSize: String(pageSize),
  });
  if (q.trim()) params.set('q', q.trim());
  if (status !== 'all') params.set('status', status);
  return api.get<AdminUserList>(`/api/admin/users?${params}`);
}

/** The user caches (every list page, each user's details, activity and casino accounts): an act on a user reads them all again. */
export const adminUsersQueryKey = [...adminQueryKey, 'users'] as const;

function getAdminUsersQueryOptions(params: UserListParams) {
  return queryOptions({
    queryKey: [...adminUsersQueryKey, 'list', params],
    queryFn: () => getAdminUsers(params),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUsers(params: UserListParams) {
  return useQuery(getAdminUsersQueryOptions(params));
}
