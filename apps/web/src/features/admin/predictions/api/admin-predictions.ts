import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Prediction, PredictionInput } from '@app/shared/api/predictions';
import { api } from '@/lib/api-client';
import { adminQueryKey } from '../../api/admin-query-key';

/** GET /api/admin/predictions: the 50 newest. */
function getAdminPredictions(): Promise<{ predictions: Prediction[] }> {
  return api.get<{ predictions: Prediction[] }>('/api/admin/predictions');
}

export function useAdminPredictions() {
  // The running prediction's totals move while the admin watches.
  return useQuery(queryOptions({ queryKey: [...adminQueryKey, 'predictions'], queryFn: getAdminPredictions, refetchInterval: 5000 }));
}

/** Every admin act here: the screens and the member page (its own cache key) are read again. */
function useAdminPredictionAct<V>(act: (v: V) => Promise<{ prediction: Prediction }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: act,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminQueryKey }), queryClient.invalidateQueries({ queryKey: ['predictions'] })]),
  });
}

/** POST /api/admin/predictions: opens at once (audited). */
export function useCreatePrediction() {
  return useAdminPredictionAct((body: PredictionInput) => api.post<{ prediction: Prediction }>('/api/admin/predictions', body));
}

type Decision = { id: string; act: 'lock' } | { id: string; act: 'cancel'; key: string } | { id: string; act: 'resolve'; outcomeId: string; key: string };

/** POST /api/admin/predictions/:id/lock, /cancel or /resolve {outcomeId} (the money calls with the click's Idempotency-Key). */
export function useDecidePrediction() {
  return useAdminPredictionAct((d: Decision) => {
    const path = `/api/admin/predictions/${encodeURIComponent(d.id)}/${d.act}`;
    if (d.act === 'lock') return api.post<{ prediction: Prediction }>(path);
    const headers = { 'idempotency-key': d.key };
    return api.post<{ prediction: Prediction }>(path, d.act === 'resolve' ? { outcomeId: d.outcomeId } : undefined, { headers });
  });
}
