import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PickInput, PickResult, RecentPicks } from '@app/shared/api/slots';
import { api } from '@/lib/api-client';
import { slotsQueryKey } from '@/lib/api/query-keys';

const picksQueryKey = [...slotsQueryKey, 'picks'] as const;

/** GET /api/slots/picks: the next pick's seed hash and nonce, and the caller's recent picks. */
async function getRecentPicks(): Promise<RecentPicks> {
  return api.get<RecentPicks>('/api/slots/picks');
}

export function useRecentPicks(isSignedIn: boolean) {
  return useQuery({ queryKey: picksQueryKey, queryFn: getRecentPicks, enabled: isSignedIn });
}

/** POST /api/slots/pick {filters, clientSeed} → the pick with its revealed seed, and the next seed's hash. */
async function pickSlot(input: PickInput): Promise<PickResult> {
  return api.post<PickResult>('/api/slots/pick', input);
}

export function usePickSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pickSlot,
    onSuccess: (result) => {
      queryClient.setQueryData<RecentPicks>(picksQueryKey, (old) => ({
        picks: [result.pick, ...(old?.picks ?? [])].slice(0, 10),
        next: result.next,
      }));
    },
  });
}
