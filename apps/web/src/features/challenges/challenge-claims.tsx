import type { ChallengeClaim } from '@app/shared/api/challenges';
import { Badge } from '@/components/ui/badge';
import { formatPoints, formatTimes, formatUsd, formatWhen } from './format';

type BadgeLook = { label: string; variant: 'secondary' | 'success' | 'destructive' | 'outline' };

/** What a claim's status means to its member: pending, won (with the prize), valid but too late, or declined. */
function claimBadge(claim: ChallengeClaim): BadgeLook {
  if (claim.status === 'pending') return { label: 'Pending review', variant: 'secondary' };
  if (claim.status === 'declined') return { label: 'Declined', variant: 'destructive' };
  return claim.won ? { label: `Won ${formatPoints(claim.prizePoints)} points`, variant: 'success' } : { label: 'Verified, no prize', variant: 'outline' };
}

/** The member's own claims on one challenge, newest first, with what became of each. */
export function ChallengeClaims({ claims, titleId }: { claims: ChallengeClaim[]; titleId: string }) {
  if (claims.length === 0) return null;
  return (
    <div className="mt-4">
      <h3 id={titleId} className="text-sm font-semibold">
        Your claims
      </h3>
      <ul className="mt-2 grid gap-2" aria-labelledby={titleId}>
        {claims.map((c) => {
          const badge = claimBadge(c);
          return (
            <li key={c.id} className="rounded-md border bg-background/60 p-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{formatTimes(c.multiplier)}</span>
                <Badge variant={badge.variant}>{badge.label}</Badge>
              </div>
              <p className="mt-1 text-muted-foreground">
                Bet {formatUsd(c.bet)}, win {formatUsd(c.win)} · sent {formatWhen(c.createdAt)}
              </p>
              {c.status === 'verified' && !c.won && <p className="mt-1">Your win is valid, but the challenge already had all its winners.</p>}
              {c.declineReason && <p className="mt-1">Reason: {c.declineReason}</p>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
