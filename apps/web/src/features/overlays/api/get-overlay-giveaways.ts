import { useQuery } from '@tanstack/react-query';
import type { Giveaway } from '@app/shared/api/giveaways';
import { api } from '@/lib/api-client';
import { giveawaysQueryKey } from '@/lib/api/query-keys';

/** GET /api/giveaways (public, newest first; test giveaways are never listed): winners masked. */
async function getGiveaways(): Promise<Giveaway[]> {
  return (await api.get<{ giveaways: Giveaway[] }>('/api/giveaways')).giveaways;
}

/**
 * For the giveaway overlay, which nobody signs in to (no live channel): every 5 s while a giveaway
 * runs or waits for its draw (the entry count moves), else every 30 s.
 */
export function useOverlayGiveaways() {
  return useQuery({
    queryKey: [...giveawaysQueryKey, 'overlay'],
    queryFn: getGiveaways,
    refetchInterval: (query) => ((query.state.data ?? []).some((g) => g.status !== 'Completed') ? 5_000 : 30_000),
  });
}
