import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HuntDetail } from '@app/shared/api/bonus-hunts';
import { api } from '@/lib/api-client';
import { getBonusHuntsQueryOptions } from '@/lib/api/get-bonus-hunts';
import { bonusHuntsQueryKey } from '@/lib/api/query-keys';

/** The hunt still collecting bonuses, if any (GET /api/bonus-hunts lists the live hunts first). */
export function useCollectingHunt(enabled: boolean) {
  return useQuery({
    ...getBonusHuntsQueryOptions(),
    enabled,
    select: (data) => data.hunts.find((h) => h.status === 'collecting') ?? null,
  });
}

/** POST /api/admin/bonus-hunts/:id/bonuses {slotId, bet}: the admin's one click from a pick. */
export function useAddToLiveHunt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ huntId, slotId, bet }: { huntId: string; slotId: string; bet: number }) =>
      api.post<HuntDetail>(`/api/admin/bonus-hunts/${encodeURIComponent(huntId)}/bonuses`, { slotId, bet }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bonusHuntsQueryKey }),
  });
}
