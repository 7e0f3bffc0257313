import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StreamTimer, StreamTimerInput } from '@app/shared/api/stream-studio';
import { api } from '@/lib/api-client';
import { streamQueryKey } from './get-stream';

const timersQueryKey = [...streamQueryKey, 'timers'] as const;

/** GET /api/admin/stream/timers. */
function getTimers(): Promise<{ timers: StreamTimer[] }> {
  return api.get<{ timers: StreamTimer[] }>('/api/admin/stream/timers');
}

export function useStreamTimers() {
  return useQuery(queryOptions({ queryKey: timersQueryKey, queryFn: getTimers }));
}

type TimerChange = { kind: 'create'; input: StreamTimerInput } | { kind: 'update'; id: string; input: StreamTimerInput } | { kind: 'delete'; id: string };

/** POST, PUT /:id or DELETE /:id under /api/admin/stream/timers. */
function changeTimer(change: TimerChange): Promise<unknown> {
  if (change.kind === 'create') return api.post('/api/admin/stream/timers', change.input);
  if (change.kind === 'update') return api.put(`/api/admin/stream/timers/${encodeURIComponent(change.id)}`, change.input);
  return api.delete(`/api/admin/stream/timers/${encodeURIComponent(change.id)}`);
}

export function useChangeStreamTimer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeTimer, onSettled: () => queryClient.invalidateQueries({ queryKey: timersQueryKey }) });
}
