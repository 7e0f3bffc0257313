import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PredictionList } from '@app/shared/api/predictions';
import { api } from '@/lib/api-client';
import { useLiveTopics } from '@/lib/live-topics';
import { useSession } from '@/lib/session';

/** The cache of the page and the overlay (a stake, the live channel's `prediction` events refresh it). */
export const predictionsQueryKey = ['predictions'] as const;

/** Without the live channel (a visitor, the overlay, the channel down) the totals come by a short poll. */
const POLL_MS = 3000;
const LIVE_POLL_MS = 15_000;

/** GET /api/predictions: the running prediction and the 20 newest, the member's own stakes when signed in. */
function getPredictions(): Promise<PredictionList> {
  return api.get<PredictionList>('/api/predictions');
}

function predictionsQueryOptions(userId: string | undefined, live: boolean) {
  return queryOptions({ queryKey: [...predictionsQueryKey, userId ?? 'visitor'], queryFn: getPredictions, refetchInterval: live ? LIVE_POLL_MS : POLL_MS });
}

const TOPICS = ['predictions'] as const;

/** The predictions for the page and the overlay, live through the `predictions` topic or polled. */
export function usePredictions() {
  const { user } = useSession();
  const live = useLiveTopics(TOPICS);
  return useQuery(predictionsQueryOptions(user?.id, live));
}
