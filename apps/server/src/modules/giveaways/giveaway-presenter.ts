import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Giveaway, GiveawayStatus, GiveawayWinner } from '@app/shared/api/giveaways';
import { maskUsername } from '@app/shared/api/races';
import type { Database } from '../../db/client.ts';
import { giveawayEntries, giveawayWinners, users, type giveaways } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';

export type GiveawayRow = typeof giveaways.$inferSelect;
type WinnerRow = typeof giveawayWinners.$inferSelect;

/** 'public': names masked like every public board (unless the member shows their name); 'admin': plain. */
export type WinnerNames = 'public' | 'admin';

export function giveawayStatus(row: Pick<GiveawayRow, 'closedAt' | 'drawnAt'>): GiveawayStatus {
  if (row.drawnAt) return 'Completed';
  if (row.closedAt) return 'Closed';
  return 'Open';
}

/** The contract shape: the seed stays secret until the draw, the entrant list until the close. */
export function presentGiveaway(row: GiveawayRow, entries: number, winners: WinnerRow[], names: Map<string, string>): Giveaway {
  const drawn = row.drawnAt !== null;
  const closed = row.closedAt !== null;
  const winnerList: GiveawayWinner[] = winners.map((w) => ({
    id: w.id,
    entrantId: w.entrantId,
    username: names.get(w.id) ?? maskUsername(w.kickUsername),
    position: w.position,
    round: w.round,
    status: w.status as GiveawayWinner['status'],
    claimBy: w.status === 'unclaimed' && w.claimBy ? w.claimBy.toISOString() : null,
  }));
  return {
    id: row.id,
    number: row.giveawayNumber,
    prize: row.prize,
    prizePoints: row.prizePoints,
    keyword: row.keyword,
    winners: row.winners,
    entryMode: row.entryMode as Giveaway['entryMode'],
    subscriberLuck: row.subscriberLuck,
    status: giveawayStatus(row),
    opensAt: row.opensAt.toISOString(),
    closesAt: row.closesAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    drawnAt: row.drawnAt?.toISOString() ?? null,
    entries,
    isTest: row.isTest,
    draw: {
      seedHash: row.seedHash,
      seed: drawn ? row.seed : null,
      entrants: closed ? (row.entrants ?? []) : null,
      entriesDigest: closed ? row.entriesDigest : null,
      bannedExcluded: closed ? row.bannedExcluded : null,
      rounds: drawn ? row.rounds : [],
    },
    winnerList,
  };
}

/** Several giveaways with their entry counts and winners (draw order: round, then position). */
export async function presentGiveaways(db: Database | Tx, all: GiveawayRow[], names: WinnerNames, _now: Date): Promise<Giveaway[]> {
  // Test giveaways (the Test chat's) are never published: the public reads leave them out here, where every public list passes.
  const rows = names === 'public' ? all.filter((r) => !r.isTest) : all;
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [counts, winners] = await Promise.all([
    db
      .select({ id: giveawayEntries.giveawayId, n: count() })
      .from(giveawayEntries)
      .where(inArray(giveawayEntries.giveawayId, ids))
      .groupBy(giveawayEntries.giveawayId),
    db
      .select({ winner: giveawayWinners, username: users.username, showOnLeaderboard: users.showOnLeaderboard })
      .from(giveawayWinners)
      .leftJoin(users, eq(users.id, giveawayWinners.userId))
      .where(inArray(giveawayWinners.giveawayId, ids))
      .orderBy(asc(giveawayWinners.round), asc(giveawayWinners.position)),
  ]);
  const countBy = new Map(counts.map((c) => [c.id, c.n]));
  const nameBy = new Map<string, string>();
  for (const w of winners) {
    const plain = w.username ?? w.winner.kickUsername;
    const shown =
      names === 'admin'
        ? w.username
          ? `${w.username} (Kick: ${w.winner.kickUsername})`
          : `${w.winner.kickUsername} (Kick, not linked)`
        : w.showOnLeaderboard
          ? plain
          : maskUsername(plain);
    nameBy.set(w.winner.id, shown);
  }
  return rows.map((row) =>
    presentGiveaway(
      row,
      countBy.get(row.id) ?? 0,
      winners.filter((w) => w.winner.giveawayId === row.id).map((w) => w.winner),
      nameBy,
    ),
  );
}
