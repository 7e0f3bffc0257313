import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HuntDetail } from '@app/shared/api/bonus-hunts';
import { api } from '@/lib/api-client';
import { getBonusHuntsQueryOptions } from '@/lib/api/get-bonus-hunts';
import { bonusHuntsQueryKey } from '@/lib/api/query-keys';
import { useSession } from '@/lib/session';

/** While a hunt is live its page polls (the figures change as bonuses open). */
const LIVE_POLL_MS = 5_000;

/** The hunt list, polled while a hunt is live. */
export function useHunts() {
  return useQuery({
    ...getBonusHuntsQueryOptions(),
    refetchInterval: (query) => (query.state.data?.hunts.some((h) => h.status !== 'finished') ? LIVE_POLL_MS : false),
  });
}

/** GET /api/bonus-hunts/:id: bonuses, figures, the guesses once locked and the caller's own guess. */
function getHuntQueryOptions(id: string, userId: string | undefined) {
  return queryOptions({
    queryKey: [...bonusHuntsQueryKey, 'detail', id, userId ?? 'visitor'],
    queryFn: () => api.get<HuntDetail>(`/api/bonus-hunts/${encodeURIComponent(id)}`),
  });
}

/** `live`: the live channel carries this hunt's events (they refetch it), so the poll rests. */
export function useHunt(id: string, options: { live?: boolean } = {}) {
  const { user } = useSession();
  const live = options.live ?? false;
  return useQuery({
    ...getHuntQueryOptions(id, user?.id),
    refetchInterval: (query) => (!live && query.state.data && query.state.data.hunt.status !== 'finished' ? LIVE_POLL_MS : false),
  });
}
