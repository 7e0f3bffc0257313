import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StreamSummary } from '@app/shared/api/stream';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** GET /api/stream/summary: the signed-in user's stream points since Monday (UTC). */
function getStreamSummary(): Promise<StreamSummary> {
  return api.get<StreamSummary>('/api/stream/summary');
}

function getStreamSummaryQueryOptions(userId: string | undefined) {
  return queryOptions({ queryKey: ['stream-summary', userId], queryFn: getStreamSummary, enabled: Boolean(userId) });
}

export function useStreamSummary() {
  const { user } = useSession();
  return useQuery(getStreamSummaryQueryOptions(user?.id));
}
