import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BotFeature, BotFeatureId } from '@app/shared/api/admin';
import { api } from '@/lib/api-client';

/** GET /api/admin/bot-features */
export async function getBotFeatures(): Promise<BotFeature[]> {
  return (await api.get<{ features: BotFeature[] }>('/api/admin/bot-features')).features;
}

export function useBotFeatures() {
  return useQuery({
    queryKey: ['admin', 'bot-features'],
    queryFn: getBotFeatures,
  });
}

/** PUT /api/admin/bot-features/:id {status}: the switch is saved in app settings. */
export async function setBotFeature(id: BotFeatureId, status: boolean): Promise<BotFeature> {
  return (
    await api.put<{ feature: BotFeature }>(`/api/admin/bot-features/${id}`, {
      status,
    })
  ).feature;
}

export function useSetBotFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: BotFeatureId; status: boolean }) => setBotFeature(id, status),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
