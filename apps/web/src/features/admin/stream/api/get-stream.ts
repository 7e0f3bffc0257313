import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StreamStatus } from '@app/shared/api/stream';
import { api } from '@/lib/api-client';
import { adminQueryKey } from '../../api/admin-query-key';

/** GET /api/admin/stream: the connection, live state, last event, subscriptions and rules. */
function getStream(): Promise<StreamStatus> {
  return api.get<StreamStatus>('/api/admin/stream');
}

export const streamQueryKey = [...adminQueryKey, 'stream'] as const;

function getStreamQueryOptions() {
  // Refreshed every half minute: "live", "last event" and the silence warning move on their own.
  return queryOptions({ queryKey: streamQueryKey, queryFn: getStream, refetchInterval: 30_000 });
}

export function useStream() {
  return useQuery(getStreamQueryOptions());
}
