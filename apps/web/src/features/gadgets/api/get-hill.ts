import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Hill } from '@app/shared/api/king-of-the-hill';
import { api } from '@/lib/api-client';
import { kingOfTheHillQueryKey } from '@/lib/api/query-keys';

/** GET /api/king-of-the-hill: the period, the king, your VIP standing and claims, past periods. */
function getHill(): Promise<Hill> {
  return api.get<Hill>('/api/king-of-the-hill');
}

function getHillQueryOptions() {
  return queryOptions({ queryKey: [...kingOfTheHillQueryKey, 'hill'], queryFn: getHill });
}

export function useHill() {
  return useQuery(getHillQueryOptions());
}
