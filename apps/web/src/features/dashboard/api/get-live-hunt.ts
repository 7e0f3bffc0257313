import { useQuery } from '@tanstack/react-query';
import type { HuntList } from '@app/shared/api/bonus-hunts';
import { api } from '@/lib/api-client';
import { bonusHuntsQueryKey } from '@/lib/api/query-keys';

/** The live bonus hunt for the Bonus Hunt Tracker gadget: GET /api/bonus-hunts lists live hunts first. */
export function useLiveHunt() {
  return useQuery({
    queryKey: [...bonusHuntsQueryKey, 'list'],
    queryFn: () => api.get<HuntList>('/api/bonus-hunts'),
    select: (data) => data.hunts.find((h) => h.status !== 'finished') ?? null,
  });
}
