import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivityType, AuditPage } from '@app/shared/api/admin';
import { api } from '@/lib/api-client';
import { adminQueryKey } from '../../api/admin-query-key';

/** GET /api/admin/activity?type=&pageSize=10 (newest first). */
async function getActivity(type: ActivityType | 'all'): Promise<AuditPage> {
  const query = new URLSearchParams({ pageSize: '10' });
  if (type !== 'all') query.set('type', type);
  return api.get<AuditPage>(`/api/admin/activity?${query}`);
}

function getActivityQueryOptions(type: ActivityType | 'all') {
  return queryOptions({
    queryKey: [...adminQueryKey, 'activity', type],
    queryFn: () => getActivity(type),
  });
}

export function useActivity(type: ActivityType | 'all') {
  return useQuery(getActivityQueryOptions(type));
}
