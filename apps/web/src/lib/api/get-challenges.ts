import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChallengeList } from '@app/shared/api/challenges';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { challengesQueryKey } from './query-keys';

/** GET /api/challenges: active and upcoming challenges and the latest completed, each with the caller's claims. */
function getChallenges(): Promise<ChallengeList> {
  return api.get<ChallengeList>('/api/challenges');
}

/** Cached per member: `myClaims` is the caller's. */
function getChallengesQueryOptions(userId: string | undefined) {
  return queryOptions({ queryKey: [...challengesQueryKey, 'list', userId ?? 'visitor'], queryFn: getChallenges });
}

/** The challenges page and the dashboard's carousel; polls each minute so winners left stay current (ARCHITECTURE: short poll). */
export function useChallenges() {
  const { user, initializing } = useSession();
  return useQuery({ ...getChallengesQueryOptions(user?.id), enabled: !initializing && !!user, refetchInterval: 60_000 });
}
