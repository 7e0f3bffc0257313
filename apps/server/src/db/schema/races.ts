import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// Leaderboard races, their kept standings and final results (modules/races).

/** Admin leaderboard races (spec 1 §3). Prizes are [{position, amount}] with free-text positions. */
export const leaderboards = pgTable(
  'leaderboards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    status: text('status').notNull().default('Draft'),
    partnerId: text('partner_id').notNull(),
    metric: text('metric').notNull().default('Total Wager'),
    startDate: timestamp('start_date', { withTimezone: true }),
    endDate: timestamp('end_date', { withTimezone: true }),
    participants: integer('participants').notNull().default(0),
    prizePool: bigint('prize_pool', { mode: 'number' }).notNull().default(0),
    prizes: jsonb('prizes')
      .$type<{ position: string; amount: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    isGlobalRaffle: boolean('is_global_raffle').notNull().default(false),
    wagerToTicketRatio: integer('wager_to_ticket_ratio').notNull().default(1000),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every edit; kept standings are current when computed from this revision (0016). */
    revision: integer('revision').notNull().default(0),
    /** Breaks ties of created_at (one instant of the app clock) in the newest-first list (0016). */
    createdSeq: bigserial('created_seq', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('leaderboards_created_idx').on(t.createdAt),
    check('leaderboards_status_known', sql`${t.status} IN ('Draft', 'Upcoming', 'Active', 'Completed')`),
    check('leaderboards_partner_known', sql`${t.partnerId} IN ('p1', 'p2', 'p3', 'p4', 'p5')`),
    check('leaderboards_metric_known', sql`${t.metric} IN ('Total Wager', 'Slot Wager', 'Table Wager', 'Blackjack Wager', 'Roulette Wager')`),
    check('leaderboards_participants_nonnegative', sql`${t.participants} >= 0`),
    check('leaderboards_pool_nonnegative', sql`${t.prizePool} >= 0`),
    check('leaderboards_ratio_positive', sql`${t.wagerToTicketRatio} >= 1`),
    check('leaderboards_dates_ordered', sql`${t.startDate} IS NULL OR ${t.endDate} IS NULL OR ${t.endDate} > ${t.startDate}`),
  ],
);

/** A completed race's final standings and prizes (kept at completion; prizes for the admin to pay). */
export const raceResults = pgTable(
  'race_results',
  {
    leaderboardId: uuid('leaderboard_id')
      .notNull()
      .references(() => leaderboards.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    wageredCents: bigint('wagered_cents', { mode: 'number' }).notNull(),
    tickets: bigint('tickets', { mode: 'number' }).notNull(),
    prize: bigint('prize', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When an admin marked this position's prize paid (once; migration 0008). */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidBy: uuid('paid_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.leaderboardId, t.position] })],
);

/**
 * The standings of running races, kept by modules/races/race-standings.ts: refreshed in the
 * transaction of every wager write at the race's partner and by the scheduled job when a race
 * changed, so a public read is an indexed top-18 select instead of an aggregate over the window.
 */
export const raceStandings = pgTable(
  'race_standings',
  {
    leaderboardId: uuid('leaderboard_id')
      .notNull()
      .references(() => leaderboards.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cents: bigint('cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.leaderboardId, t.position] }), index('race_standings_leaderboard_user_idx').on(t.leaderboardId, t.userId)],
);

/** When a race's kept standings were computed, and how many participants they had. */
export const raceStandingsState = pgTable('race_standings_state', {
  leaderboardId: uuid('leaderboard_id')
    .primaryKey()
    .references(() => leaderboards.id, { onDelete: 'cascade' }),
  participants: integer('participants').notNull(),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
  /** The race's revision these standings were computed from; -1 for rows from before 0016 (stale). */
  raceRevision: integer('race_revision').notNull().default(-1),
});
