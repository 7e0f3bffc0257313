import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Raffle, RaffleInput } from '@app/shared/api/raffles';
import { api } from '@/lib/api-client';
import { rafflesQueryKey } from '@/lib/api/query-keys';
import { adminQueryKey } from '../../api/admin-query-key';

/** POST /api/admin/raffles, or PUT /api/admin/raffles/:id with the whole form. */
async function saveRaffle(id: string | null, input: RaffleInput): Promise<Raffle> {
  const answer = id
    ? await api.put<{ raffle: Raffle }>(`/api/admin/raffles/${encodeURIComponent(id)}`, input)
    : await api.post<{ raffle: Raffle }>('/api/admin/raffles', input);
  return answer.raffle;
}

/** Every admin screen and the members' raffle lists are read again. */
export function useSaveRaffle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: RaffleInput }) => saveRaffle(id, input),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminQueryKey }), queryClient.invalidateQueries({ queryKey: rafflesQueryKey })]),
  });
}
