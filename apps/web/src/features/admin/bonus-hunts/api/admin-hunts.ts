import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BonusInput, BonusUpdate, HuntDetail, HuntInput } from '@app/shared/api/bonus-hunts';
import { api } from '@/lib/api-client';
import { getSlotsQueryOptions } from '@/lib/api/get-slots';
import { bonusHuntsQueryKey } from '@/lib/api/query-keys';
import { adminQueryKey } from '../../api/admin-query-key';

const huntsKey = [...adminQueryKey, 'bonus-hunts'] as const;

/** GET /api/bonus-hunts/:id; polled while open so the guess count follows. */
export function useAdminHunt(id: string | null) {
  return useQuery({
    queryKey: [...huntsKey, 'detail', id],
    queryFn: () => api.get<HuntDetail>(`/api/bonus-hunts/${encodeURIComponent(id!)}`),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && query.state.data.hunt.status !== 'finished' ? 10_000 : false),
  });
}

/** Slot Hub search for the bonus picker (the catalogue's query, from the second letter). */
export function useSlotSearch(q: string) {
  return useQuery({ ...getSlotsQueryOptions({ q }), enabled: q.length >= 2 });
}

type Act =
  | { kind: 'create'; input: HuntInput }
  | { kind: 'add'; huntId: string; input: BonusInput }
  | { kind: 'update'; huntId: string; bonusId: string; input: BonusUpdate }
  | { kind: 'remove'; huntId: string; bonusId: string }
  | { kind: 'order'; huntId: string; ids: string[] }
  | { kind: 'status'; huntId: string; status: 'opening' | 'finished' }
  | { kind: 'guessing'; huntId: string; open: boolean };

const base = (huntId: string) => `/api/admin/bonus-hunts/${encodeURIComponent(huntId)}`;

/** Every admin act on a hunt; each answers the hunt as it now is. */
async function huntAct(act: Act): Promise<HuntDetail> {
  switch (act.kind) {
    case 'create':
      return api.post<HuntDetail>('/api/admin/bonus-hunts', act.input);
    case 'add':
      return api.post<HuntDetail>(`${base(act.huntId)}/bonuses`, act.input);
    case 'update':
      return api.put<HuntDetail>(`${base(act.huntId)}/bonuses/${encodeURIComponent(act.bonusId)}`, act.input);
    case 'remove':
      return api.delete<HuntDetail>(`${base(act.huntId)}/bonuses/${encodeURIComponent(act.bonusId)}`);
    case 'order':
      return api.put<HuntDetail>(`${base(act.huntId)}/bonuses/order`, { ids: act.ids });
    case 'status':
      return api.post<HuntDetail>(`${base(act.huntId)}/status`, { status: act.status });
    case 'guessing':
      return api.put<HuntDetail>(`${base(act.huntId)}/guessing`, { open: act.open });
  }
}

export function useHuntAct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: huntAct,
    onSuccess: (detail) => {
      queryClient.setQueryData([...huntsKey, 'detail', detail.hunt.id], detail);
      // The hunt list and the public pages share this prefix (lib/api/get-bonus-hunts).
      return queryClient.invalidateQueries({ queryKey: bonusHuntsQueryKey });
    },
  });
}
