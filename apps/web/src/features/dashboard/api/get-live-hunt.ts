import { useQuery } from '@tanstack/react-query';
import { getBonusHuntsQueryOptions } from '@/lib/api/get-bonus-hunts';

/** The live bonus hunt for the Bonus Hunt Tracker gadget: GET /api/bonus-hunts lists live hunts first. */
export function useLiveHunt() {
  return useQuery({
    ...getBonusHuntsQueryOptions(),
    select: (data) => data.hunts.find((h) => h.status !== 'finished') ?? null,
  });
}
