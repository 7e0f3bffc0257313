import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndSessionsResponse } from '@app/shared/api/auth';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { sessionsQueryKey } from './get-sessions';

/** DELETE /api/auth/sessions: every session but this one. */
function endOtherSessions(): Promise<EndSessionsResponse> {
  return api.delete<EndSessionsResponse>('/api/auth/sessions');
}

export function useEndOtherSessions(mutationConfig: MutationConfig<typeof endOtherSessions> = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...config } = mutationConfig;
  return useMutation({
    ...config,
    mutationFn: endOtherSessions,
    onSettled: (...args) => {
      void queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
      return onSettled?.(...args);
    },
  });
}
