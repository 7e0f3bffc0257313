import { entryCostText, type Raffle, type RaffleEntry, type RaffleStatus } from '@app/shared/api/raffles';
import type { raffleEntries, raffles } from '../../db/schema.ts';

export type RaffleRow = typeof raffles.$inferSelect;
export type RaffleEntryRow = typeof raffleEntries.$inferSelect;

/** Status follows the clock and the draw (spec 2 §2 Raffles page tabs): Upcoming, Active, Pending (ended, not drawn), Completed. */
export function raffleStatus(row: Pick<RaffleRow, 'startDate' | 'endDate' | 'drawnAt'>, now: Date): RaffleStatus {
  if (row.drawnAt) return 'Completed';
  if (now < row.startDate) return 'Upcoming';
  if (now < row.endDate) return 'Active';
  return 'Pending';
}

/** The public raffle id shown on cards ('RAF-0007'). */
export function publicRaffleId(raffleNumber: number): string {
  return `RAF-${String(raffleNumber).padStart(4, '0')}`;
}

export type RaffleExtras = {
  entries: number;
  /** Present only for a signed-in caller. */
  entered?: boolean;
  /** Usernames of the winners by UID (for winnerList). */
  usernames: Map<string, string>;
};

/** The contract shape; the seed stays secret until the draw (only its hash is public). */
export function presentRaffle(row: RaffleRow, extras: RaffleExtras, now: Date): Raffle {
  const drawn = row.drawnAt !== null;
  const winnerUids = drawn ? (row.winnerUids ?? []) : null;
  return {
    id: row.id,
    raffleId: publicRaffleId(row.raffleNumber),
    raffleNumber: row.raffleNumber,
    title: row.title,
    description: row.description,
    prize: row.prize,
    winners: row.winners,
    entryCost: entryCostText(row.pointsCost),
    pointsCost: row.pointsCost,
    requirements: row.requirements,
    type: row.type as Raffle['type'],
    featured: row.featured,
    restricted: row.restricted,
    minLevel: row.minLevel,
    prizePoints: row.prizePoints,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    status: raffleStatus(row, now),
    image: row.image,
    entries: extras.entries,
    ...(extras.entered === undefined ? {} : { entered: extras.entered }),
    draw: {
      seedHash: row.seedHash,
      seed: drawn ? row.seed : null,
      entrantUids: drawn ? (row.entrantUids ?? []) : null,
      entriesDigest: drawn ? row.entriesDigest : null,
      winnerUids,
      drawnAt: row.drawnAt ? row.drawnAt.toISOString() : null,
    },
    winnerList: (winnerUids ?? []).map((uid, index) => ({
      uid,
      username: extras.usernames.get(uid) ?? 'Former member',
      position: index + 1,
    })),
  };
}

/** One entry: the entrant's own answer to entering. */
export function presentRaffleEntry(row: RaffleEntryRow): RaffleEntry {
  return {
    id: row.id,
    raffleId: row.raffleId,
    userId: row.userId,
    pointsSpent: row.pointsSpent,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One entry in the admin's list, with the entrant's name and UID. */
export function presentAdminRaffleEntry(row: RaffleEntryRow, entrant: { username: string; uid: string }): RaffleEntry & { username: string; uid: string } {
  return { ...presentRaffleEntry(row), username: entrant.username, uid: entrant.uid };
}
