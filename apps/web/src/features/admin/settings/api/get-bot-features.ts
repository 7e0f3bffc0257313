import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BotFeature } from '@app/shared/api/admin';
import { api } from '@/lib/api-client';
import { adminQueryKey } from '../../api/admin-query-key';

/** GET /api/admin/bot-features */
async function getBotFeatures(): Promise<BotFeature[]> {
  return (await api.get<{ features: BotFeature[] }>('/api/admin/bot-features')).features;
}

function getBotFeaturesQueryOptions() {
  return queryOptions({
    queryKey: [...adminQueryKey, 'bot-features'],
    queryFn: getBotFeatures,
  });
}

export function useBotFeatures() {
  return useQuery(getBotFeaturesQueryOptions());
}
