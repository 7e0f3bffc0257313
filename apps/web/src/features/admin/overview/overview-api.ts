import { useQuery } from '@tanstack/react-query';
import type { ActivityType, AdminOverview, AuditPage } from '@app/shared/api/admin';
import { api } from '@/lib/api-client';

/** GET /api/admin/overview */
export async function getOverview(): Promise<AdminOverview> {
  return api.get<AdminOverview>('/api/admin/overview');
}

export function useOverview() {
  return useQuery({ queryKey: ['admin', 'overview'], queryFn: getOverview });
}

/** GET /api/admin/activity?type=&pageSize=10 (newest first). */
export async function getActivity(type: ActivityType | 'all'): Promise<AuditPage> {
  const query = new URLSearchParams({ pageSize: '10' });
  if (type !== 'all') query.set('type', type);
  return api.get<AuditPage>(`/api/admin/activity?${query}`);
}

export function useActivity(type: ActivityType | 'all') {
  return useQuery({
    queryKey: ['admin', 'activity', type],
    queryFn: () => getActivity(type),
  });
}
