import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StreamStatus } from '@app/shared/api/stream';
import { api } from '@/lib/api-client';
import { streamQueryKey } from './get-stream';

/** POST /api/admin/stream/connect: the Kick authorize URL to open (the state cookie is set with it). */
function connectStream(): Promise<{ url: string }> {
  return api.post<{ url: string }>('/api/admin/stream/connect');
}

export function useConnectStream() {
  return useMutation({ mutationFn: connectStream });
}

/** POST /api/admin/stream/disconnect or /resubscribe: the new status. */
function streamAction(action: 'disconnect' | 'resubscribe'): Promise<StreamStatus> {
  return api.post<StreamStatus>(`/api/admin/stream/${action}`);
}

export function useStreamAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: streamAction,
    onSuccess: (status) => queryClient.setQueryData(streamQueryKey, status),
    onSettled: () => queryClient.invalidateQueries({ queryKey: streamQueryKey }),
  });
}
