import { useQuery } from '@tanstack/react-query';
import type { Giveaway } from '@app/shared/api/giveaways';
import { api } from '@/lib/api-client';

export const giveawaysQueryKey = ['giveaways'] as const;

/** GET /api/giveaways (public): live and past chat giveaways, winners masked, with the draw's published data. */
export async function getGiveaways(): Promise<Giveaway[]> {
  return (await api.get<{ giveaways: Giveaway[] }>('/api/giveaways')).giveaways;
}

/** Polls every 10 s while a giveaway is open or waiting for its draw, else each minute (ARCHITECTURE: short poll). */
export function useGiveaways() {
  return useQuery({
    queryKey: giveawaysQueryKey,
    queryFn: getGiveaways,
    refetchInterval: (query) => ((query.state.data ?? []).some((g) => g.status !== 'Completed') ? 10_000 : 60_000),
  });
}
