import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PredictionList } from '@app/shared/api/predictions';
import { api } from '@/lib/api-client';

/** GET /api/predictions, for the dashboard's link while one is open (under the predictions cache's prefix, so a stake refreshes it). */
function getPredictions(): Promise<PredictionList> {
  return api.get<PredictionList>('/api/predictions');
}

export function useOpenPrediction() {
  const query = useQuery(queryOptions({ queryKey: ['predictions', 'dashboard'], queryFn: getPredictions, refetchInterval: 30_000 }));
  const current = query.data?.current;
  return current?.status === 'open' ? current : null;
}
