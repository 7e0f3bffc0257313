import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Affiliate, AffiliateInput, AffiliateList, AffiliatePayout, AffiliatePayoutInput } from '@app/shared/api/admin-affiliates';
import type { PartnerName } from '@app/shared/domain/leaderboards';
import { api } from '@/lib/api-client';

/** GET /api/admin/affiliates?partner= → the list and the three summary figures over it. */
export async function getAffiliates(partner: PartnerName | 'All'): Promise<AffiliateList> {
  return api.get<AffiliateList>(
    partner === 'All' ? '/api/admin/affiliates' : `/api/admin/affiliates?partner=${encodeURIComponent(partner)}`,
  );
}

export function useAffiliates(partner: PartnerName | 'All') {
  return useQuery({
    queryKey: ['admin', 'affiliates', 'list', partner],
    queryFn: () => getAffiliates(partner),
  });
}

/** POST /api/admin/affiliates, or PUT /api/admin/affiliates/:id with the whole form. */
export async function saveAffiliate(id: string | null, input: AffiliateInput): Promise<Affiliate> {
  const answer = id
    ? await api.put<{ affiliate: Affiliate }>(`/api/admin/affiliates/${encodeURIComponent(id)}`, input)
    : await api.post<{ affiliate: Affiliate }>('/api/admin/affiliates', input);
  return answer.affiliate;
}

export async function deleteAffiliate(id: string): Promise<void> {
  await api.delete(`/api/admin/affiliates/${encodeURIComponent(id)}`);
}

/** GET /api/admin/affiliates/:id/payouts (newest first). */
export async function getPayouts(id: string): Promise<AffiliatePayout[]> {
  return (await api.get<{ payouts: AffiliatePayout[] }>(`/api/admin/affiliates/${encodeURIComponent(id)}/payouts`)).payouts;
}

export function usePayouts(id: string | null) {
  return useQuery({
    queryKey: ['admin', 'affiliates', 'payouts', id],
    queryFn: () => getPayouts(id!),
    enabled: id !== null,
  });
}

/** POST /api/admin/affiliates/:id/payouts (Process Payout). */
export async function processPayout(id: string, input: AffiliatePayoutInput, idempotencyKey: string): Promise<AffiliatePayout> {
  const path = `/api/admin/affiliates/${encodeURIComponent(id)}/payouts`;
  return (await api.post<{ payout: AffiliatePayout }>(path, input, { headers: { 'idempotency-key': idempotencyKey } })).payout;
}

function useInvalidateAffiliates() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['admin', 'affiliates'] });
}

export function useSaveAffiliate() {
  const invalidate = useInvalidateAffiliates();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: AffiliateInput }) => saveAffiliate(id, input),
    onSuccess: invalidate,
  });
}

export function useDeleteAffiliate() {
  const invalidate = useInvalidateAffiliates();
  return useMutation({ mutationFn: deleteAffiliate, onSuccess: invalidate });
}

export function useProcessPayout() {
  const invalidate = useInvalidateAffiliates();
  return useMutation({
    mutationFn: ({ id, input, idempotencyKey }: { id: string; input: AffiliatePayoutInput; idempotencyKey: string }) =>
      processPayout(id, input, idempotencyKey),
    onSuccess: invalidate,
  });
}
