import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Affiliate, AffiliateInput } from '@app/shared/api/admin-affiliates';
import { api } from '@/lib/api-client';
import { affiliatesQueryKey } from './get-affiliates';

/** POST /api/admin/affiliates, or PUT /api/admin/affiliates/:id with the whole form. */
async function saveAffiliate(id: string | null, input: AffiliateInput): Promise<Affiliate> {
  const answer = id
    ? await api.put<{ affiliate: Affiliate }>(`/api/admin/affiliates/${encodeURIComponent(id)}`, input)
    : await api.post<{ affiliate: Affiliate }>('/api/admin/affiliates', input);
  return answer.affiliate;
}

export function useSaveAffiliate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: AffiliateInput }) => saveAffiliate(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: affiliatesQueryKey }),
  });
}
