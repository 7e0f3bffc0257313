import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminChallengeList } from '@app/shared/api/challenges';
import { api } from '@/lib/api-client';
import { adminQueryKey } from '../../api/admin-query-key';

/** GET /api/admin/challenges: newest first, each with its claims in submission order. */
function getAdminChallenges(): Promise<AdminChallengeList> {
  return api.get<AdminChallengeList>('/api/admin/challenges');
}

export function getAdminChallengesQueryOptions() {
  return queryOptions({ queryKey: [...adminQueryKey, 'challenges'], queryFn: getAdminChallenges });
}

export function useAdminChallenges() {
  return useQuery(getAdminChallengesQueryOptions());
}
