import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivityType, AuditPage } from '@app/shared/api/admin';
import { api } from '@/lib/api-client';
import { adminQueryKey } from '../../api/admin-query-key';

export const AUDIT_PAGE_SIZE = 25;

/** GET /api/admin/audit?type=&page=&pageSize= : the admin acts, newest first. */
async function getAudit(type: ActivityType | 'all', page: number): Promise<AuditPage> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(AUDIT_PAGE_SIZE) });
  if (type !== 'all') query.set('type', type);
  return api.get<AuditPage>(`/api/admin/audit?${query}`);
}

function getAuditQueryOptions(type: ActivityType | 'all', page: number) {
  return queryOptions({
    queryKey: [...adminQueryKey, 'audit', type, page],
    queryFn: () => getAudit(type, page),
    placeholderData: keepPreviousData,
  });
}

export function useAudit(type: ActivityType | 'all', page: number) {
  return useQuery(getAuditQueryOptions(type, page));
}
