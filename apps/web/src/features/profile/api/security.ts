import { queryOptions } from '@tanstack/react-query';
import type { EndSessionsResponse, OkResponse, SessionsResponse } from '@app/shared/api/auth';
import { api } from '@/lib/api-client';

/** GET /api/auth/sessions (issue 12). */
export function sessionsQuery(userId: string | undefined) {
  return queryOptions({
    queryKey: ['sessions', userId],
    queryFn: async () => (await api.get<SessionsResponse>('/api/auth/sessions')).sessions,
    enabled: Boolean(userId),
  });
}

/** DELETE /api/auth/sessions/:id: that session's refresh fails from now on. */
export function endSession(id: string): Promise<OkResponse> {
  return api.delete<OkResponse>(`/api/auth/sessions/${encodeURIComponent(id)}`);
}

/** DELETE /api/auth/sessions: every session but this one. */
export function endOtherSessions(): Promise<EndSessionsResponse> {
  return api.delete<EndSessionsResponse>('/api/auth/sessions');
}
