import {
  challengePartnerName,
  type AdminChallenge,
  type AdminChallengeClaim,
  type Challenge,
  type ChallengeClaim,
  type ChallengeClaimStatus,
  type ChallengeStatus,
} from '@app/shared/api/challenges';
import type { PartnerId } from '@app/shared/api/casino-accounts';
import type { challengeClaims, challenges } from '../../db/schema.ts';

export type ChallengeRow = typeof challenges.$inferSelect;
export type ClaimRow = typeof challengeClaims.$inferSelect;

/** The one rule of a challenge's status at `now`: completed once marked or past its end, upcoming before its start. */
export function challengeStatus(row: Pick<ChallengeRow, 'startsAt' | 'endsAt' | 'completedAt'>, now: Date): ChallengeStatus {
  if (row.completedAt || row.endsAt.getTime() <= now.getTime()) return 'completed';
  if (row.startsAt.getTime() > now.getTime()) return 'upcoming';
  return 'active';
}

export function presentClaim(row: ClaimRow): ChallengeClaim {
  return {
    id: row.id,
    challengeId: row.challengeId,
    bet: row.betCents / 100,
    win: row.winCents / 100,
    multiplier: row.multiplier,
    betUrl: row.betUrl,
    screenshotUrl: row.screenshotUrl,
    status: row.status as ChallengeClaimStatus,
    won: row.won,
    prizePoints: row.prizePoints,
    declineReason: row.declineReason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

export function presentAdminClaim(row: ClaimRow & { username: string }): AdminChallengeClaim {
  return { ...presentClaim(row), user: { id: row.userId, username: row.username } };
}

function presentBase(row: ChallengeRow, winnersCount: number, now: Date) {
  return {
    id: row.id,
    title: row.title,
    partner: row.partner as PartnerId,
    partnerName: challengePartnerName(row.partner),
    game: row.game,
    minBet: row.minBetCents / 100,
    targetMultiplier: row.targetMultiplier,
    prizePoints: row.prizePoints,
    winners: row.winners,
    winnersCount,
    winnersLeft: Math.max(0, row.winners - winnersCount),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    status: challengeStatus(row, now),
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentChallenge(row: ChallengeRow, winnersCount: number, myClaims: ClaimRow[], now: Date): Challenge {
  return { ...presentBase(row, winnersCount, now), myClaims: myClaims.map(presentClaim) };
}

export function presentAdminChallenge(row: ChallengeRow, claims: (ClaimRow & { username: string })[], now: Date): AdminChallenge {
  return {
    ...presentBase(row, claims.filter((c) => c.won).length, now),
    claims: claims.map(presentAdminClaim),
    pendingClaims: claims.filter((c) => c.status === 'pending').length,
  };
}
