import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HuntList } from '@app/shared/api/bonus-hunts';
import { api } from '@/lib/api-client';
import { bonusHuntsQueryKey } from './query-keys';

/** GET /api/bonus-hunts (public): live hunts first, then history. */
async function getBonusHunts(): Promise<HuntList> {
  return api.get<HuntList>('/api/bonus-hunts');
}

/**
 * One cache for /bonus-hunts, the dashboard's Bonus Hunt Tracker, the picker's "add to the live hunt"
 * and the admin's hunt list: a hunt's act or live event (which refresh `bonusHuntsQueryKey`) reaches them all.
 */
export function getBonusHuntsQueryOptions() {
  return queryOptions({ queryKey: [...bonusHuntsQueryKey, 'list'], queryFn: getBonusHunts });
}

export function useBonusHunts() {
  return useQuery(getBonusHuntsQueryOptions());
}
