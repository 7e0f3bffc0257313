import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BotFeature, BotFeatureId } from '@app/shared/api/admin';
import { api } from '@/lib/api-client';
import { adminQueryKey } from '../../api/admin-query-key';

/** PUT /api/admin/bot-features/:id {status}: the switch is saved in app settings. */
async function setBotFeature(id: BotFeatureId, status: boolean): Promise<BotFeature> {
  return (
    await api.put<{ feature: BotFeature }>(`/api/admin/bot-features/${id}`, {
      status,
    })
  ).feature;
}

/** A switch is audited: the overview's activity is read again with the switches. */
export function useSetBotFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: BotFeatureId; status: boolean }) => setBotFeature(id, status),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
