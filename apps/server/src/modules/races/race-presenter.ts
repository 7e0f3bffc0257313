import type { Leaderboard } from '@app/shared/api/admin-leaderboards';
import type { AdminStanding, PublicLeaderboard } from '@app/shared/api/races';
import type { LeaderboardMetric, LeaderboardStatus, PartnerId } from '@app/shared/domain/leaderboards';
import type { raceResults } from '../../db/schema.ts';
import type { LeaderboardRow } from './race-standings.ts';

/** Races in the contract shape: the admin's race, a kept final standing, the public board's race. */

/** The admin's race; isActive is true exactly when the status is Active (spec 1 §4). */
export function presentLeaderboard(row: LeaderboardRow): Leaderboard {
  return {
    id: row.id,
    name: row.name,
    isActive: row.status === 'Active',
    status: row.status as LeaderboardStatus,
    startDate: row.startDate?.toISOString() ?? null,
    endDate: row.endDate?.toISOString() ?? null,
    participants: row.participants,
    prizePool: row.prizePool,
    metric: row.metric as LeaderboardMetric,
    prizes: row.prizes,
    partnerId: row.partnerId as PartnerId,
    isGlobalRaffle: row.isGlobalRaffle,
    wagerToTicketRatio: row.wagerToTicketRatio,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

type ResultRow = typeof raceResults.$inferSelect;

/** A kept final standing of a completed race; `above` is the position before it (for the gap). */
export function presentResult(r: ResultRow, above: Pick<ResultRow, 'wageredCents'> | null): AdminStanding {
  return {
    position: r.position,
    id: r.userId ?? '',
    username: r.username,
    wagered: r.wageredCents / 100,
    tickets: r.tickets,
    prize: r.prize,
    gapToAbove: above ? (above.wageredCents - r.wageredCents) / 100 : null,
    paidAt: r.paidAt ? r.paidAt.toISOString() : null,
  };
}

/** The featured race on the public board (a published race always has both dates). */
export function presentPublicRace(race: LeaderboardRow): NonNullable<PublicLeaderboard['race']> {
  return {
    id: race.id,
    name: race.name,
    partnerId: race.partnerId as PartnerId,
    metric: race.metric as LeaderboardMetric,
    startDate: race.startDate!.toISOString(),
    endDate: race.endDate!.toISOString(),
    prizePool: race.prizePool,
    prizes: race.prizes,
    isGlobalRaffle: race.isGlobalRaffle,
    wagerToTicketRatio: race.wagerToTicketRatio,
  };
}
