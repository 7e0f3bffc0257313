import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse } from '@app/shared/api/auth';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { sessionsQueryKey } from './get-sessions';

/** DELETE /api/auth/sessions/:id: that session's refresh fails from now on. */
function endSession(id: string): Promise<OkResponse> {
  return api.delete<OkResponse>(`/api/auth/sessions/${encodeURIComponent(id)}`);
}

export function useEndSession(mutationConfig: MutationConfig<typeof endSession> = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...config } = mutationConfig;
  return useMutation({
    ...config,
    mutationFn: endSession,
    onSettled: (...args) => {
      void queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
      return onSettled?.(...args);
    },
  });
}
