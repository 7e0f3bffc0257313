import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminHill } from '@app/shared/api/king-of-the-hill';
import { api } from '@/lib/api-client';
import { adminQueryKey } from '../../api/admin-query-key';

/** GET /api/admin/king-of-the-hill: settings, the period and king, claims (pending first), history. */
function getAdminHill(): Promise<AdminHill> {
  return api.get<AdminHill>('/api/admin/king-of-the-hill');
}

export function getAdminHillQueryOptions() {
  return queryOptions({ queryKey: [...adminQueryKey, 'king-of-the-hill'], queryFn: getAdminHill });
}

export function useAdminHill() {
  return useQuery(getAdminHillQueryOptions());
}
