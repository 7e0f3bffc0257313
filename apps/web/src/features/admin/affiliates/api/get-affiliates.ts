import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AffiliateList } from '@app/shared/api/admin-affiliates';
import type { PartnerName } from '@app/shared/domain/leaderboards';
import { api } from '@/lib/api-client';
import { adminQueryKey } from '../../api/admin-query-key';

/** GET /api/admin/affiliates?partner= → the list and the three summary figures over it. */
async function getAffiliates(partner: PartnerName | 'All'): Promise<AffiliateList> {
  return api.get<AffiliateList>(partner === 'All' ? '/api/admin/affiliates' : `/api/admin/affiliates?partner=${encodeURIComponent(partner)}`);
}

/** The affiliate caches (every filter of the list, each affiliate's payouts): an affiliate act reads them all again. */
export const affiliatesQueryKey = [...adminQueryKey, 'affiliates'] as const;

function getAffiliatesQueryOptions(partner: PartnerName | 'All') {
  return queryOptions({
    queryKey: [...affiliatesQueryKey, 'list', partner],
    queryFn: () => getAffiliates(partner),
  });
}

export function useAffiliates(partner: PartnerName | 'All') {
  return useQuery(getAffiliatesQueryOptions(partner));
}
