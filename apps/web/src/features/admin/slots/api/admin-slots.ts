import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Slot, SlotImportResult, SlotInput } from '@app/shared/api/slots';
import { api } from '@/lib/api-client';
import { slotsQueryKey } from '@/lib/api/query-keys';
import { adminQueryKey } from '../../api/admin-query-key';

function useRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: adminQueryKey }), queryClient.invalidateQueries({ queryKey: slotsQueryKey })]);
}

/** POST /api/admin/slots, or PUT /api/admin/slots/:id with the whole form. */
export function useSaveSlot() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: SlotInput }) =>
      (id ? await api.put<{ slot: Slot }>(`/api/admin/slots/${encodeURIComponent(id)}`, input) : await api.post<{ slot: Slot }>('/api/admin/slots', input))
        .slot,
    onSuccess: refresh,
  });
}

/** DELETE /api/admin/slots/:id */
export function useDeleteSlot() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => api.delete<null>(`/api/admin/slots/${encodeURIComponent(id)}`), onSuccess: refresh });
}

/** POST /api/admin/slots/import with the file as text/csv. */
export function useImportSlots() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (file: Blob) => api.post<SlotImportResult>('/api/admin/slots/import', new Blob([file], { type: 'text/csv' })),
    onSuccess: refresh,
  });
}
