import { errorMessage } from '@/lib/api-client';
import { useWagerSummary } from '@/lib/races/get-wager-summary';
import { useSession } from '@/lib/session';

/**
 * The member's XP (lifetime verified wager in whole dollars) and verified wager in dollars, from
 * GET /api/wagers/summary (issue 11), or why they are not known yet. Nothing shows a made-up figure
 * meanwhile: the cards draw placeholders while loading and say so when the call failed.
 */
export type MemberStanding =
  | { status: 'loading' }
  | { status: 'error'; message: string; retry: () => void }
  | { status: 'ready'; xp: number; totalWagered: number };

export function useMemberStanding(): MemberStanding {
  const query = useWagerSummary();
  // A failed refresh keeps the figures already shown (TanStack Query keeps the last data).
  if (query.data) return { status: 'ready', xp: query.data.xp, totalWagered: query.data.totalWagered };
  if (query.isError) {
    return { status: 'error', message: errorMessage(query.error, 'Check your connection and try again.'), retry: () => void query.refetch() };
  }
  return { status: 'loading' };
}

/** spec 2 §6: an explicit login flag wins; without it, a verified session with no pending verification. */
export function useIsMember(isLoggedIn?: boolean): boolean {
  const { user, pendingVerification } = useSession();
  return isLoggedIn ?? (user !== null && user.emailVerified && !pendingVerification);
}
