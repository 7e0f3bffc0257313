import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SlotDetail, SlotList, SlotListQuery } from '@app/shared/api/slots';
import { api } from '@/lib/api-client';
import { slotsQueryKey } from '@/lib/api/query-keys';

/** The query string of a Slot Hub search (empty values left out). */
export function slotSearch(query: SlotListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '' && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /api/slots?q=&provider=&volatility=&rtpMin=&rtpMax=&sort=&page= */
export async function getSlots(query: SlotListQuery): Promise<SlotList> {
  return api.get<SlotList>(`/api/slots${slotSearch(query)}`);
}

export function getSlotsQueryOptions(query: SlotListQuery) {
  return queryOptions({ queryKey: [...slotsQueryKey, 'list', query], queryFn: () => getSlots(query) });
}

/** One page of the catalogue; the previous page stays on screen while the next loads. */
export function useSlots(query: SlotListQuery) {
  return useQuery({ ...getSlotsQueryOptions(query), placeholderData: keepPreviousData });
}

/** GET /api/slots/:id with its bonus-hunt history. */
export async function getSlot(id: string): Promise<SlotDetail> {
  return api.get<SlotDetail>(`/api/slots/${encodeURIComponent(id)}`);
}

export function useSlot(id: string | null) {
  return useQuery({
    queryKey: [...slotsQueryKey, 'detail', id],
    queryFn: () => getSlot(id!),
    enabled: id !== null,
  });
}
