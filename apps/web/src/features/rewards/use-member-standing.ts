import { errorMessage } from '@/lib/api-client';
import { useWagerSummary } from '@/lib/api/get-wager-summary';
import { useSession } from '@/lib/session';

/**
 * The member's XP (lifetime verified wager in whole dollars) and verified wager in dollars, from
 * GET /api/wagers/summary, or why they are not known yet. Nothing shows a made-up figure
 * meanwhile: the cards draw placeholders while loading and say so when the call failed.
 */
export type MemberStanding =
  { status: 'loading' } | { status: 'error'; message: string; retry: () => void } | { status: 'ready'; xp: number; totalWagered: number };

export function useMemberStanding(): MemberStanding {
  const query = useWagerSummary();
  // A failed refresh keeps the figures already shown (TanStack Query keeps the last data).
  if (query.data) return { status: 'ready', xp: query.data.xp, totalWagered: query.data.totalWagered };
  if (query.isError) {
    return { status: 'error', message: errorMessage(query.error, 'Check your connection and try again.'), retry: () => void query.refetch() };
  }
  return { status: 'loading' };
}

/**
 * spec 2 §6: an explicit login flag wins; without it, a verified session with no pending
 * verification is a member. 'restoring' while the start-up refresh of a browser that signed in
 * before has not answered: the member's sections keep their space then, so nothing moves when the
 * session arrives.
 */
export function useMembership(isLoggedIn?: boolean): 'member' | 'visitor' | 'restoring' {
  const { user, initializing, pendingVerification } = useSession();
  if (isLoggedIn !== undefined) return isLoggedIn ? 'member' : 'visitor';
  if (user !== null && user.emailVerified && !pendingVerification) return 'member';
  return initializing ? 'restoring' : 'visitor';
}
