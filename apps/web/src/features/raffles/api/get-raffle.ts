import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Raffle } from '@app/shared/api/raffles';
import { api } from '@/lib/api-client';
import { rafflesQueryKey } from '@/lib/api/query-keys';
import { useSession } from '@/lib/session';

/** GET /api/raffles/:id: one raffle, with `entered` for a signed-in caller and the draw's published data. */
async function getRaffle(id: string): Promise<Raffle> {
  const body = await api.get<Raffle | { raffle: Raffle }>(`/api/raffles/${encodeURIComponent(id)}`);
  // The contract leaves the envelope open: accept {raffle} or the raffle itself.
  return 'raffle' in body ? body.raffle : body;
}

/** Every caller's cached copy of one raffle (an entry marks itself entered in each). */
export function raffleDetailQueryKey(id: string) {
  return [...rafflesQueryKey, 'detail', id] as const;
}

function getRaffleQueryOptions(id: string, userId: string | undefined) {
  return queryOptions({
    queryKey: [...raffleDetailQueryKey(id), userId ?? 'visitor'],
    queryFn: () => getRaffle(id),
  });
}

/** The raffle the dialog shows: the list's copy at once, the fresh one when it arrives. */
export function useRaffle(id: string, fromList: Raffle | undefined) {
  const { user } = useSession();
  return useQuery({
    ...getRaffleQueryOptions(id, user?.id),
    placeholderData: fromList,
  });
}
