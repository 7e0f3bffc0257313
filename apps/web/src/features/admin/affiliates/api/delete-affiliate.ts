import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { affiliatesQueryKey } from './get-affiliates';

/** DELETE /api/admin/affiliates/:id */
async function deleteAffiliate(id: string): Promise<void> {
  await api.delete(`/api/admin/affiliates/${encodeURIComponent(id)}`);
}

export function useDeleteAffiliate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAffiliate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: affiliatesQueryKey }),
  });
}
