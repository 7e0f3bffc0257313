import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HowToProgress } from '@app/shared/api/how-to';
import { api } from '@/lib/api-client';
import { howToQueryKey } from '@/lib/api/query-keys';

/** GET /api/how-to: each guide's steps as the server reads them from your account. */
function getHowTo(): Promise<HowToProgress> {
  return api.get<HowToProgress>('/api/how-to');
}

/** Read again when the window regains focus (a step is often done on another page or tab). */
function getHowToQueryOptions(userId: string | null) {
  return queryOptions({ queryKey: [...howToQueryKey, userId], queryFn: getHowTo, enabled: userId !== null, refetchOnWindowFocus: true });
}

export function useHowTo(userId: string | null) {
  return useQuery(getHowToQueryOptions(userId));
}
