import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOverview } from '@app/shared/api/admin';
import { api } from '@/lib/api-client';
import { adminQueryKey } from '../../api/admin-query-key';

/** GET /api/admin/overview */
async function getOverview(): Promise<AdminOverview> {
  return api.get<AdminOverview>('/api/admin/overview');
}

function getOverviewQueryOptions() {
  return queryOptions({ queryKey: [...adminQueryKey, 'overview'], queryFn: getOverview });
}

export function useOverview() {
  return useQuery(getOverviewQueryOptions());
}
