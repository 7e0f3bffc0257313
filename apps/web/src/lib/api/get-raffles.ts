import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Raffle } from '@app/shared/api/raffles';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { rafflesQueryKey } from './query-keys';

/** GET /api/raffles (public). The API client sends the Bearer token when signed in, so `entered` is the caller's. */
async function getRaffles(): Promise<Raffle[]> {
  return (await api.get<{ raffles: Raffle[] }>('/api/raffles')).raffles;
}

/** Every caller's cached list (a raffle entry marks itself entered in each). */
export const raffleListsQueryKey = [...rafflesQueryKey, 'list'] as const;

/** Cached per caller: `entered` differs between a visitor and each member. */
function getRafflesQueryOptions(userId: string | undefined) {
  return queryOptions({
    queryKey: [...raffleListsQueryKey, userId ?? 'visitor'],
    queryFn: getRaffles,
  });
}

/**
 * The raffles for the current caller. Waits for the session's start-up so a member is not first
 * asked as a visitor; polls each minute so entry counts and statuses stay current (ARCHITECTURE: short poll).
 */
export function useRaffles(options: { live?: boolean } = {}) {
  const { user, initializing } = useSession();
  return useQuery({
    ...getRafflesQueryOptions(user?.id),
    enabled: !initializing,
    // `live`: the live channel carries the shown raffles' events (they refetch the list), so the poll rests.
    refetchInterval: options.live ? false : 60_000,
  });
}
