import { useQuery } from '@tanstack/react-query';
import type { SlotDetail } from '@app/shared/api/slots';
import { api } from '@/lib/api-client';
import { slotsQueryKey } from '@/lib/api/query-keys';

/** GET /api/slots/:id with its bonus-hunt history. */
async function getSlot(id: string): Promise<SlotDetail> {
  return api.get<SlotDetail>(`/api/slots/${encodeURIComponent(id)}`);
}

export function useSlot(id: string | null) {
  return useQuery({
    queryKey: [...slotsQueryKey, 'detail', id],
    queryFn: () => getSlot(id!),
    enabled: id !== null,
  });
}
