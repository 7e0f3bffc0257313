import type { Standing } from '@app/shared/api/races';
import type { WagerCategory } from '@app/shared/api/wagers';
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { casinoAccounts, type leaderboards, users, wagers } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';

export type LeaderboardRow = typeof leaderboards.$inferSelect;

/** spec 1 §9 metrics → the wager category they count (Total Wager: all). */
const METRIC_CATEGORY: Record<string, WagerCategory | null> = {
  'Total Wager': null,
  'Slot Wager': 'slots',
  'Table Wager': 'table',
  'Blackjack Wager': 'blackjack',
  'Roulette Wager': 'roulette',
};

const DAY_MS = 86_400_000;

/**
 * The UTC days a race covers: from its start's day to the day of its end (an end at midnight
 * exactly excludes that day). Wagers are stored per UTC day, so that is the finest window there is.
 */
export function raceDays(start: Date, end: Date): { from: string; until: string } {
  const endDay = Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate());
  const untilMs = end.getTime() === endDay ? endDay : endDay + DAY_MS;
  return { from: start.toISOString().slice(0, 10), until: new Date(untilMs).toISOString().slice(0, 10) };
}

export type RankedUser = { userId: string; username: string; showOnLeaderboard: boolean; cents: number };

/**
 * Users ranked by their verified wagers at the race's partner within its days, by its metric,
 * highest first (ties by username). One verified account per user and partner, so one line a user.
 */
export async function rankUsers(db: Database | Tx, race: LeaderboardRow): Promise<RankedUser[]> {
  return (await rankTop(db, race, null)).ranked;
}

/**
 * The first `limit` users (all when null) and how many users have wagers in the race: the count is
 * a window over the grouped rows, so a public board ships 18 rows, not every participant.
 */
export async function rankTop(db: Database | Tx, race: LeaderboardRow, limit: number | null): Promise<{ ranked: RankedUser[]; participants: number }> {
  if (!race.startDate || !race.endDate) return { ranked: [], participants: 0 };
  const days = raceDays(race.startDate, race.endDate);
  const category = METRIC_CATEGORY[race.metric] ?? null;
  // Sum per casino username first (one narrow aggregate over the window's rows), then join the
  // totals to the verified accounts and their users: far less to hash than grouping the joined rows.
  const totals = db.$with('totals').as(
    db
      .select({ usernameKey: wagers.usernameKey, cents: sql<string>`sum(${wagers.cents})`.as('cents') })
      .from(wagers)
      .where(
        and(
          eq(wagers.partner, race.partnerId),
          gte(wagers.day, days.from),
          lt(wagers.day, days.until),
          category ? eq(wagers.category, category) : undefined,
        ),
      )
      .groupBy(wagers.usernameKey)
      .having(sql`sum(${wagers.cents}) > 0`),
  );
  const query = db
    .with(totals)
    .select({
      userId: casinoAccounts.userId,
      username: users.username,
      show: users.showOnLeaderboard,
      cents: totals.cents,
      participants: sql<string>`count(*) over ()`,
    })
    .from(totals)
    .innerJoin(
      casinoAccounts,
      and(
        eq(casinoAccounts.partner, race.partnerId),
        eq(sql`lower(${casinoAccounts.username})`, totals.usernameKey),
        eq(casinoAccounts.state, 'verified'),
      ),
    )
    .innerJoin(users, eq(users.id, casinoAccounts.userId))
    .orderBy(desc(totals.cents), asc(users.username));
  const rows = limit === null ? await query : await query.limit(limit);
  return {
    ranked: rows.map((r) => ({ userId: r.userId, username: r.username, showOnLeaderboard: r.show, cents: Number(r.cents) })),
    participants: Number(rows[0]?.participants ?? 0),
  };
}

/** The prize of a 1-based position: the prize whose position text starts with that number ('1', '1st'). */
export function prizeFor(prizes: { position: string; amount: number }[], position: number): number {
  const found = prizes.find((p) => Number.parseInt(String(p.position), 10) === position);
  return found?.amount ?? 0;
}

/** Tickets of a wager in a race: floor(dollars / ratio) in the Global Monthly Raffle, else none (spec 2 §9). */
export function ticketsFor(race: Pick<LeaderboardRow, 'isGlobalRaffle' | 'wagerToTicketRatio'>, cents: number): number {
  if (!race.isGlobalRaffle || race.wagerToTicketRatio < 1) return 0;
  return Math.floor(cents / 100 / race.wagerToTicketRatio);
}

/** Ranked users → standings; `name` decides what the username looks like (masked on public boards). */
export function toStandings(race: LeaderboardRow, ranked: RankedUser[], name: (r: RankedUser) => { id: string; username: string }): Standing[] {
  return ranked.map((r, i) => {
    const above = ranked[i - 1];
    return {
      position: i + 1,
      ...name(r),
      wagered: r.cents / 100,
      tickets: ticketsFor(race, r.cents),
      prize: prizeFor(race.prizes, i + 1),
      gapToAbove: above ? (above.cents - r.cents) / 100 : null,
    };
  });
}
