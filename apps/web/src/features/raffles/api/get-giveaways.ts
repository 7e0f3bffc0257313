import { useQuery } from '@tanstack/react-query';
import type { Giveaway } from '@app/shared/api/giveaways';
import { api } from '@/lib/api-client';
import { giveawaysQueryKey } from '@/lib/api/query-keys';
import { useLiveTopics } from '@/lib/live-topics';

/** GET /api/giveaways (public): live and past chat giveaways, winners masked, with the draw's published data. */
async function getGiveaways(): Promise<Giveaway[]> {
  return (await api.get<{ giveaways: Giveaway[] }>('/api/giveaways')).giveaways;
}

const GIVEAWAY_TOPICS = ['giveaways'] as const;

/**
 * Live through the channel's `giveaways` topic for a signed-in member: a start, close, draw or
 * winner change refetches at once, and only the entry count of a live giveaway is still polled (30 s).
 * Without the channel: every 10 s while a giveaway is open or waiting for its draw, else each minute.
 */
export function useGiveaways() {
  const live = useLiveTopics(GIVEAWAY_TOPICS);
  return useQuery({
    queryKey: giveawaysQueryKey,
    queryFn: getGiveaways,
    refetchInterval: (query) => {
      const running = (query.state.data ?? []).some((g) => g.status !== 'Completed');
      if (live) return running ? 30_000 : false;
      return running ? 10_000 : 60_000;
    },
  });
}
