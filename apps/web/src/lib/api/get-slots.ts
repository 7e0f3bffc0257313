import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SlotList, SlotListQuery } from '@app/shared/api/slots';
import { api } from '@/lib/api-client';
import { slotsQueryKey } from './query-keys';

/** The query string of a Slot Hub search (empty values left out). */
function slotSearch(query: SlotListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '' && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /api/slots?q=&provider=&volatility=&rtpMin=&rtpMax=&sort=&page= (public). */
async function getSlots(query: SlotListQuery): Promise<SlotList> {
  return api.get<SlotList>(`/api/slots${slotSearch(query)}`);
}

/**
 * One cache per search for Slot Hub, the picker, the admin catalogue and the admin's bonus picker:
 * an admin edit of a slot (which refreshes `slotsQueryKey`) reaches them all.
 */
export function getSlotsQueryOptions(query: SlotListQuery) {
  return queryOptions({ queryKey: [...slotsQueryKey, 'list', query], queryFn: () => getSlots(query) });
}

/** One page of the catalogue; the previous page stays on screen while the next loads. */
export function useSlots(query: SlotListQuery) {
  return useQuery({ ...getSlotsQueryOptions(query), placeholderData: keepPreviousData });
}
