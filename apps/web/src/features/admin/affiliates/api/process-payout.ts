import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AffiliatePayout, AffiliatePayoutInput } from '@app/shared/api/admin-affiliates';
import { api } from '@/lib/api-client';
import { affiliatesQueryKey } from './get-affiliates';

/** POST /api/admin/affiliates/:id/payouts (Process Payout). */
async function processPayout(id: string, input: AffiliatePayoutInput, idempotencyKey: string): Promise<AffiliatePayout> {
  const path = `/api/admin/affiliates/${encodeURIComponent(id)}/payouts`;
  return (await api.post<{ payout: AffiliatePayout }>(path, input, { headers: { 'idempotency-key': idempotencyKey } })).payout;
}

/** A payout changes the affiliate's totals and its payout list. */
export function useProcessPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, idempotencyKey }: { id: string; input: AffiliatePayoutInput; idempotencyKey: string }) =>
      processPayout(id, input, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: affiliatesQueryKey }),
  });
}
