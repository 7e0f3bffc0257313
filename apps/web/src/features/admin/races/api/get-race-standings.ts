import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStandings } from '@app/shared/api/races';
import { api } from '@/lib/api-client';
import { getLeaderboardsQueryOptions } from './get-leaderboards';

/** GET /api/admin/leaderboards/:id/standings: the kept final standings of a completed race, else live ones. */
async function getRaceStandings(id: string): Promise<AdminStandings> {
  return api.get<AdminStandings>(`/api/admin/leaderboards/${encodeURIComponent(id)}/standings`);
}

export function getRaceStandingsQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...getLeaderboardsQueryOptions().queryKey, id, 'standings'],
    queryFn: () => getRaceStandings(id),
  });
}

export function useRaceStandings(id: string | null) {
  return useQuery({ ...getRaceStandingsQueryOptions(id ?? ''), enabled: id !== null });
}
