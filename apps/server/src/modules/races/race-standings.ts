import type { Standing } from '@app/shared/api/races';
import type { WagerCategory } from '@app/shared/api/wagers';
import { and, asc, desc, eq, gt, gte, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { casinoAccounts, leaderboards, raceStandings, raceStandingsState, users, wagers } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { publishEvent } from '../../platform/event-bus.ts';

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
function raceDays(start: Date, end: Date): { from: string; until: string } {
  const endDay = Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate());
  const untilMs = end.getTime() === endDay ? endDay : endDay + DAY_MS;
  return { from: start.toISOString().slice(0, 10), until: new Date(untilMs).toISOString().slice(0, 10) };
}

type RankedUser = { userId: string; username: string; showOnLeaderboard: boolean; cents: number };

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
        and(eq(wagers.partner, race.partnerId), gte(wagers.day, days.from), lt(wagers.day, days.until), category ? eq(wagers.category, category) : undefined),
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
      and(eq(casinoAccounts.partner, race.partnerId), eq(sql`lower(${casinoAccounts.username})`, totals.usernameKey), eq(casinoAccounts.state, 'verified')),
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
function prizeFor(prizes: { position: string; amount: number }[], position: number): number {
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

/**
 * Recomputes the kept standings of one race in the caller's transaction (set-based: one INSERT ...
 * SELECT of the ranking). The race row is locked first, so two writers refreshing the same race
 * take turns. The state row keeps the race revision it was computed from, so a race edited after
 * its refresh (a higher revision) is known to be stale.
 */
export async function refreshStandings(tx: Tx, race: LeaderboardRow, at: Date): Promise<number> {
  const [locked] = await tx.select({ revision: leaderboards.revision }).from(leaderboards).where(eq(leaderboards.id, race.id)).for('update');
  const revision = locked?.revision ?? race.revision;
  await tx.delete(raceStandings).where(eq(raceStandings.leaderboardId, race.id));
  let participants = 0;
  if (race.startDate && race.endDate) {
    const days = raceDays(race.startDate, race.endDate);
    const category = METRIC_CATEGORY[race.metric] ?? null;
    const result = await tx.execute(sql`
      with inserted as (
        insert into ${raceStandings} (leaderboard_id, position, user_id, cents)
        select ${race.id}::uuid, row_number() over (order by t.cents desc, u.username asc), ca.user_id, t.cents
        from (
          select username_key, sum(cents) as cents from ${wagers}
          where partner = ${race.partnerId} and day >= ${days.from}::date and day < ${days.until}::date
            ${category ? sql`and category = ${category}` : sql``}
          group by username_key having sum(cents) > 0
        ) t
        join ${casinoAccounts} ca on ca.partner = ${race.partnerId} and lower(ca.username) = t.username_key and ca.state = 'verified'
        join ${users} u on u.id = ca.user_id
        returning 1
      )
      select count(*) as n from inserted`);
    participants = Number((result as unknown as { rows: { n: string | number }[] }).rows[0]?.n ?? 0);
  }
  await tx.execute(sql`
    insert into ${raceStandingsState} (leaderboard_id, participants, refreshed_at, race_revision)
    values (${race.id}::uuid, ${participants}, ${at.toISOString()}::timestamptz, ${revision})
    on conflict (leaderboard_id) do update
      set participants = excluded.participants, refreshed_at = excluded.refreshed_at, race_revision = excluded.race_revision`);
  await tx
    .update(leaderboards)
    .set({ participants })
    .where(and(eq(leaderboards.id, race.id), sql`${leaderboards.participants} <> ${participants}`));
  await publishEvent(tx, { name: 'race', topic: 'race', data: { leaderboardId: race.id, participants } });
  return participants;
}

/** The Active races at these partners whose window holds `at`: the ones a wager write moves. */
export async function runningRaces(db: Database | Tx, at: Date, partners?: readonly string[]): Promise<LeaderboardRow[]> {
  const rows = await db
    .select()
    .from(leaderboards)
    .where(and(eq(leaderboards.status, 'Active'), lte(leaderboards.startDate, at), gt(leaderboards.endDate, at)));
  return partners ? rows.filter((r) => partners.includes(r.partnerId)) : rows;
}

/** Refreshes the kept standings of the running races at `partners`, in the caller's transaction. */
export async function refreshRacesAt(tx: Tx, partners: readonly string[], at: Date): Promise<void> {
  if (partners.length === 0) return;
  const races = (await runningRaces(tx, at, partners)).sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const race of races) await refreshStandings(tx, race, at);
}

/**
 * The kept standings of a race when they are current (computed from its latest revision), the
 * first `limit` of them with the participant count; null when they must be computed live.
 */
export async function keptTop(db: Database | Tx, race: LeaderboardRow, limit: number): Promise<{ ranked: RankedUser[]; participants: number } | null> {
  const [state] = await db.select().from(raceStandingsState).where(eq(raceStandingsState.leaderboardId, race.id));
  if (!state || state.raceRevision < race.revision) return null;
  const rows = await db
    .select({ userId: raceStandings.userId, username: users.username, show: users.showOnLeaderboard, cents: raceStandings.cents })
    .from(raceStandings)
    .innerJoin(users, eq(users.id, raceStandings.userId))
    .where(eq(raceStandings.leaderboardId, race.id))
    .orderBy(asc(raceStandings.position))
    .limit(limit);
  return {
    ranked: rows.map((r) => ({ userId: r.userId, username: r.username, showOnLeaderboard: r.show, cents: r.cents })),
    participants: state.participants,
  };
}

/** A user's kept position and wager in a race, when the kept standings are current; undefined when not. */
export async function keptPlace(db: Database | Tx, race: LeaderboardRow, userId: string): Promise<{ position: number; cents: number } | null | undefined> {
  const [state] = await db.select().from(raceStandingsState).where(eq(raceStandingsState.leaderboardId, race.id));
  if (!state || state.raceRevision < race.revision) return undefined;
  const [row] = await db
    .select({ position: raceStandings.position, cents: raceStandings.cents })
    .from(raceStandings)
    .where(and(eq(raceStandings.leaderboardId, race.id), eq(raceStandings.userId, userId)));
  return row ?? null;
}
