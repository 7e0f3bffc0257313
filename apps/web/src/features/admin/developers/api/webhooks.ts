import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedWebhook, DeliveryList, WebhookInput, WebhookList, WebhookPatch } from '@app/shared/api/developers';
import { api } from '@/lib/api-client';
import { adminQueryKey } from '../../api/admin-query-key';

const webhooksKey = [...adminQueryKey, 'webhooks'];

/** GET /api/admin/webhooks */
export function useWebhooks() {
  return useQuery(queryOptions({ queryKey: webhooksKey, queryFn: () => api.get<WebhookList>('/api/admin/webhooks') }));
}

/** GET /api/admin/webhooks/:id/deliveries: the newest 100, read again every few seconds while open. */
export function useDeliveries(webhookId: string) {
  return useQuery({
    queryKey: [...webhooksKey, webhookId, 'deliveries'],
    queryFn: () => api.get<DeliveryList>(`/api/admin/webhooks/${webhookId}/deliveries`),
    refetchInterval: 3000,
  });
}

/** POST /api/admin/webhooks: the answer holds the signing secret, shown once. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookInput) => api.post<CreatedWebhook>('/api/admin/webhooks', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

/** DELETE /api/admin/webhooks/:id */
export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/api/admin/webhooks/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

/** POST /api/admin/webhooks/:id/test: a ping, then its delivery log is read again. */
export function useTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<unknown>(`/api/admin/webhooks/${id}/test`),
    onSettled: (_data, _error, id) => queryClient.invalidateQueries({ queryKey: [...webhooksKey, id, 'deliveries'] }),
  });
}

/** PATCH /api/admin/webhooks/:id: on or off (on again clears its failing run), its events or URL. */
export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: WebhookPatch }) => api.patch<unknown>(`/api/admin/webhooks/${id}`, patch),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

/** POST /api/admin/webhooks/:id/deliveries/:deliveryId/redeliver: the same delivery sent again. */
export function useRedeliver(webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => api.post<unknown>(`/api/admin/webhooks/${webhookId}/deliveries/${deliveryId}/redeliver`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...webhooksKey, webhookId, 'deliveries'] }),
  });
}
