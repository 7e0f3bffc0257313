import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Raffle } from '@app/shared/api/raffles';
import { api } from '@/lib/api-client';
import { rafflesQueryKey } from '@/lib/api/query-keys';
import { adminQueryKey } from '../../api/admin-query-key';

/** POST /api/admin/raffles/:id/draw: draws an ended raffle now (once only). */
async function drawRaffle(id: string): Promise<Raffle> {
  return (await api.post<{ raffle: Raffle }>(`/api/admin/raffles/${encodeURIComponent(id)}/draw`)).raffle;
}

/** Every admin screen and the members' raffle lists are read again. */
export function useDrawRaffle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: drawRaffle,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminQueryKey }), queryClient.invalidateQueries({ queryKey: rafflesQueryKey })]),
  });
}
