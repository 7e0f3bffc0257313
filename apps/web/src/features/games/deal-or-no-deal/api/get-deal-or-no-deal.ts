import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DealOrNoDealCurrent } from '@app/shared/api/deal-or-no-deal';
import { api } from '@/lib/api-client';
import { dealOrNoDealQueryKey } from '@/lib/api/query-keys';
import { useLiveTopics } from '@/lib/live-topics';
import { useSession } from '@/lib/session';

/** How often the board is read again: everyone watches the contestant's moves live. */
const DEAL_OR_NO_DEAL_POLL_MS = 2000;
/**
 * With the live channel carrying the `dond` topic, the moves and the round's changes come as events;
 * only the entry count (not announced join by join) still needs a read now and then.
 */
const DEAL_OR_NO_DEAL_LIVE_POLL_MS = 10_000;

/** GET /api/dealornodeal: the round open or in play, else the last one that ended. */
function getDealOrNoDeal(): Promise<DealOrNoDealCurrent> {
  return api.get<DealOrNoDealCurrent>('/api/dealornodeal');
}

function dealOrNoDealQueryOptions(userId: string | undefined, live = false) {
  return queryOptions({
    queryKey: [...dealOrNoDealQueryKey, userId ?? 'visitor'],
    queryFn: getDealOrNoDeal,
    refetchInterval: live ? DEAL_OR_NO_DEAL_LIVE_POLL_MS : DEAL_OR_NO_DEAL_POLL_MS,
  });
}

const DEAL_OR_NO_DEAL_TOPICS = ['dond'] as const;

/**
 * The current round for the page and the overlay: live through the channel's `dond` topic for a
 * signed-in member, else (a visitor, the overlay, the channel down) a short poll keeps it live.
 */
export function useDealOrNoDeal() {
  const { user } = useSession();
  const live = useLiveTopics(DEAL_OR_NO_DEAL_TOPICS);
  return useQuery(dealOrNoDealQueryOptions(user?.id, live));
}
