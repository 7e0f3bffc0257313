import type { AdminKingOfTheHillClaim, King, KingOfTheHillClaim, KingOfTheHillHistoryEntry, KingOfTheHillPeriod } from '@app/shared/api/king-of-the-hill';
import { maskUsername } from '@app/shared/api/races';
import type { kingOfTheHillClaims, kingOfTheHillPeriods } from '../../db/schema.ts';

export type PeriodRow = typeof kingOfTheHillPeriods.$inferSelect;
type ClaimRow = typeof kingOfTheHillClaims.$inferSelect;
/** A verified claim with its claimant's name and board visibility. */
export type ReignRow = ClaimRow & { username: string; showOnLeaderboard: boolean };

/** Public boards show a masked name unless the member opted in (the leaderboard's own rule). */
function publicName(username: string, showOnLeaderboard: boolean): string {
  return showOnLeaderboard ? username : maskUsername(username);
}

export function presentPeriod(row: PeriodRow): KingOfTheHillPeriod {
  return { id: row.id, startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString(), prizePoints: row.prizePoints };
}

/** A reign: from the claim's verification to its end (or now while it lasts). */
export function presentKing(row: ReignRow, now: Date): King {
  const since = row.decidedAt ?? row.createdAt;
  const until = row.reignEndedAt;
  return {
    username: publicName(row.username, row.showOnLeaderboard),
    multiplier: row.multiplier,
    slot: row.slot,
    since: since.toISOString(),
    until: until?.toISOString() ?? null,
    heldMs: Math.max(0, (until ?? now).getTime() - since.getTime()),
  };
}

export function presentClaim(row: ClaimRow): KingOfTheHillClaim {
  return {
    id: row.id,
    slot: row.slot,
    bet: row.betCents / 100,
    win: row.winCents / 100,
    multiplier: row.multiplier,
    betUrl: row.betUrl,
    screenshotUrl: row.screenshotUrl,
    status: row.status as KingOfTheHillClaim['status'],
    declineReason: row.declineReason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

export function presentAdminClaim(row: ClaimRow & { username: string }): AdminKingOfTheHillClaim {
  return { ...presentClaim(row), user: { id: row.userId, username: row.username }, periodId: row.periodId };
}

/** An ended period with its reigns in order and its winner (the last king). */
export function presentHistory(period: PeriodRow, reigns: ReignRow[], now: Date): KingOfTheHillHistoryEntry {
  const winner = period.winnerId ? reigns.findLast((r) => r.userId === period.winnerId) : undefined;
  return {
    period: presentPeriod(period),
    kings: reigns.map((r) => presentKing(r, now)),
    winner: winner ? { username: publicName(winner.username, winner.showOnLeaderboard), prizePoints: period.prizePoints } : null,
  };
}
