import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DondCurrent } from '@app/shared/api/deal-or-no-deal';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';

export const dondQueryKey = ['dealornodeal'] as const;

/** How often the board is read again: everyone watches the contestant's moves live. */
export const DOND_POLL_MS = 2000;

/** GET /api/dealornodeal: the round open or in play, else the last one that ended. */
export function getDond(): Promise<DondCurrent> {
  return api.get<DondCurrent>('/api/dealornodeal');
}

export function dondQueryOptions(userId: string | undefined) {
  return queryOptions({ queryKey: [...dondQueryKey, userId ?? 'visitor'], queryFn: getDond, refetchInterval: DOND_POLL_MS });
}

/** The current round for the page and the overlay (a short poll keeps it live). */
export function useDond() {
  const { user } = useSession();
  return useQuery(dondQueryOptions(user?.id));
}
