import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Raffle, RaffleEntry, RaffleInput } from '@app/shared/api/raffles';
import { api } from '@/lib/api-client';

export type AdminRaffleEntry = RaffleEntry & { username: string; uid: string };

/** GET /api/admin/raffles: every raffle, whatever its status. */
export async function getAdminRaffles(): Promise<Raffle[]> {
  return (await api.get<{ raffles: Raffle[] }>('/api/admin/raffles')).raffles;
}

export function adminRafflesQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'raffles'],
    queryFn: getAdminRaffles,
  });
}

export function useAdminRaffles() {
  return useQuery(adminRafflesQueryOptions());
}

/** GET /api/admin/raffles/:id/entries, in entry order. */
export async function getRaffleEntries(id: string): Promise<AdminRaffleEntry[]> {
  return (await api.get<{ entries: AdminRaffleEntry[] }>(`/api/admin/raffles/${encodeURIComponent(id)}/entries`)).entries;
}

export function useRaffleEntries(id: string | null) {
  return useQuery({
    queryKey: ['admin', 'raffles', id, 'entries'],
    queryFn: () => getRaffleEntries(id!),
    enabled: id !== null,
  });
}

/** POST /api/admin/raffles, or PUT /api/admin/raffles/:id with the whole form. */
export async function saveRaffle(id: string | null, input: RaffleInput): Promise<Raffle> {
  const answer = id
    ? await api.put<{ raffle: Raffle }>(`/api/admin/raffles/${encodeURIComponent(id)}`, input)
    : await api.post<{ raffle: Raffle }>('/api/admin/raffles', input);
  return answer.raffle;
}

/** POST /api/admin/raffles/:id/draw: draws an ended raffle now (once only). */
export async function drawRaffle(id: string): Promise<Raffle> {
  return (await api.post<{ raffle: Raffle }>(`/api/admin/raffles/${encodeURIComponent(id)}/draw`)).raffle;
}

function useInvalidateRaffles() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: ['admin'] }), queryClient.invalidateQueries({ queryKey: ['raffles'] })]);
}

export function useSaveRaffle() {
  const invalidate = useInvalidateRaffles();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: RaffleInput }) => saveRaffle(id, input),
    onSuccess: invalidate,
  });
}

export function useDrawRaffle() {
  const invalidate = useInvalidateRaffles();
  return useMutation({ mutationFn: drawRaffle, onSuccess: invalidate });
}
