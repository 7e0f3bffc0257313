import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DondCurrent } from '@app/shared/api/deal-or-no-deal';
import { api } from '@/lib/api-client';
import { dondQueryKey } from '@/lib/api/query-keys';
import { useLiveTopics } from '@/lib/live-topics';
import { useSession } from '@/lib/session';

/** How often the board is read again: everyone watches the contestant's moves live. */
const DOND_POLL_MS = 2000;
/**
 * With the live channel carrying the `dond` topic, the moves and the round's changes come as events;
 * only the entry count (not announced join by join) still needs a read now and then.
 */
const DOND_LIVE_POLL_MS = 10_000;

/** GET /api/dealornodeal: the round open or in play, else the last one that ended. */
function getDond(): Promise<DondCurrent> {
  return api.get<DondCurrent>('/api/dealornodeal');
}

function dondQueryOptions(userId: string | undefined, live = false) {
  return queryOptions({ queryKey: [...dondQueryKey, userId ?? 'visitor'], queryFn: getDond, refetchInterval: live ? DOND_LIVE_POLL_MS : DOND_POLL_MS });
}

const DOND_TOPICS = ['dond'] as const;

/**
 * The current round for the page and the overlay: live through the channel's `dond` topic for a
 * signed-in member, else (a visitor, the overlay, the channel down) a short poll keeps it live.
 */
export function useDond() {
  const { user } = useSession();
  const live = useLiveTopics(DOND_TOPICS);
  return useQuery(dondQueryOptions(user?.id, live));
}
