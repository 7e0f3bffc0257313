import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Prediction } from '@app/shared/api/predictions';
import { api } from '@/lib/api-client';
import { adminQueryKey } from '../../api/admin-query-key';

/** POST /api/admin/predictions/hunt/:id: "Will this hunt profit?" with the default window and stakes (audited). */
function createHuntPrediction(huntId: string): Promise<{ prediction: Prediction }> {
  return api.post<{ prediction: Prediction }>(`/api/admin/predictions/hunt/${encodeURIComponent(huntId)}`, {});
}

export function useCreateHuntPrediction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createHuntPrediction,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminQueryKey }), queryClient.invalidateQueries({ queryKey: ['predictions'] })]),
  });
}
