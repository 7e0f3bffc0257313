import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WagerSummary } from '@app/shared/api/races';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';

async function getWagerSummary(): Promise<WagerSummary> {
  return api.get<WagerSummary>('/api/wagers/summary');
}

/**
 * GET /api/wagers/summary, per user: XP (lifetime verified wager), total, weekly and monthly wagered,
 * place and tickets in the featured race. One cache for the dashboard's welcome card and /rewards.
 */
function getWagerSummaryQueryOptions(userId: string | undefined) {
  return queryOptions({ queryKey: ['wager-summary', userId], queryFn: getWagerSummary, enabled: Boolean(userId), refetchInterval: 60_000 });
}

export function useWagerSummary() {
  const { user } = useSession();
  return useQuery(getWagerSummaryQueryOptions(user?.id));
}
