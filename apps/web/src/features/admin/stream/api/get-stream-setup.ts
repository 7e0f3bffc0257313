import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StreamSetup } from '@app/shared/api/stream-setup';
import { api } from '@/lib/api-client';
import { adminQueryKey } from '../../api/admin-query-key';

/** GET /api/admin/stream/setup: what to copy into Kick's developer settings, and whether APP_ORIGIN can receive events. */
function getStreamSetup(): Promise<StreamSetup> {
  return api.get<StreamSetup>('/api/admin/stream/setup');
}

function getStreamSetupQueryOptions() {
  // The server's configuration: it changes only with a restart.
  return queryOptions({ queryKey: [...adminQueryKey, 'stream-setup'], queryFn: getStreamSetup, staleTime: Number.POSITIVE_INFINITY });
}

export function useStreamSetup() {
  return useQuery(getStreamSetupQueryOptions());
}
