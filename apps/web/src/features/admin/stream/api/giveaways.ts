import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Giveaway, GiveawayInput } from '@app/shared/api/giveaways';
import { api } from '@/lib/api-client';
import { streamQueryKey } from './get-stream';

const adminGiveawaysKey = [...streamQueryKey, 'giveaways'] as const;

/** GET /api/admin/giveaways: every recent giveaway with plain winner names; polled while one is live. */
export function useAdminGiveaways() {
  return useQuery({
    queryKey: adminGiveawaysKey,
    queryFn: async () => (await api.get<{ giveaways: Giveaway[] }>('/api/admin/giveaways')).giveaways,
    refetchInterval: (query) => ((query.state.data ?? []).some((g) => g.status !== 'Completed') ? 3000 : 30_000),
  });
}

export type GiveawayAct =
  { kind: 'start'; input: GiveawayInput } | { kind: 'close' | 'draw'; id: string } | { kind: 'redraw' | 'fulfil'; id: string; winnerId: string };

/** The admin's acts on /api/admin/giveaways: start, close, draw, redraw, fulfil ({giveaway}). */
function giveawayAct(act: GiveawayAct): Promise<{ giveaway: Giveaway }> {
  if (act.kind === 'start') return api.post('/api/admin/giveaways', act.input);
  const base = `/api/admin/giveaways/${encodeURIComponent(act.id)}`;
  if ('winnerId' in act) return api.post(`${base}/winners/${encodeURIComponent(act.winnerId)}/${act.kind}`);
  return api.post(`${base}/${act.kind}`);
}

export function useGiveawayAct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: giveawayAct, onSettled: () => queryClient.invalidateQueries({ queryKey: adminGiveawaysKey }) });
}
