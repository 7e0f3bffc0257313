import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionsResponse } from '@app/shared/api/auth';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';

async function getSessions(): Promise<SessionsResponse['sessions']> {
  return (await api.get<SessionsResponse>('/api/auth/sessions')).sessions;
}

/** Every user's cached list: ending a session reads it again. */
export const sessionsQueryKey = ['sessions'] as const;

/** GET /api/auth/sessions: the signed-in sessions of the user, this one marked. */
function getSessionsQueryOptions(userId: string | undefined) {
  return queryOptions({
    queryKey: [...sessionsQueryKey, userId],
    queryFn: getSessions,
    enabled: Boolean(userId),
  });
}

export function useSessions() {
  const { user } = useSession();
  return useQuery(getSessionsQueryOptions(user?.id));
}
