import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// Chat giveaways (modules/giveaways).

/**
 * A chat giveaway: the seed commitment at the start, the entrant list fixed at close (entrants and
 * their tickets' digest public, entrant_refs private), the seed and each draw round at the draw.
 */
export const giveaways = pgTable(
  'giveaways',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    giveawayNumber: integer('giveaway_number').generatedAlwaysAsIdentity().notNull().unique(),
    prize: text('prize').notNull(),
    prizePoints: bigint('prize_points', { mode: 'number' }),
    keyword: text('keyword').notNull(),
    winners: integer('winners').notNull(),
    entryMode: text('entry_mode').notNull(),
    subscriberLuck: integer('subscriber_luck').notNull().default(1),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    seed: text('seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    entrants: jsonb('entrants').$type<{ id: string; weight: number }[]>(),
    entrantRefs: jsonb('entrant_refs').$type<{ id: string; kickUserId: string; kickUsername: string }[]>(),
    entriesDigest: text('entries_digest'),
    bannedExcluded: integer('banned_excluded'),
    rounds: jsonb('rounds')
      .$type<{ round: number; excluded: string[]; winners: number; entriesDigest: string; winnerIds: string[] }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** A test giveaway (the Test chat): only test viewers enter; left off public pages and never announced on the platform. */
    isTest: boolean('is_test').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('giveaways_one_open_idx')
      .on(sql`(true)`)
      .where(sql`${t.closedAt} IS NULL`),
    index('giveaways_created_idx').on(t.createdAt),
    check('giveaways_winners_range', sql`${t.winners} BETWEEN 1 AND 20`),
    check('giveaways_luck_range', sql`${t.subscriberLuck} BETWEEN 1 AND 3`),
    check('giveaways_entry_mode_known', sql`${t.entryMode} IN ('linked', 'anyone')`),
    check('giveaways_prize_points_positive', sql`${t.prizePoints} IS NULL OR ${t.prizePoints} > 0`),
  ],
);

/** One entry per Kick account per giveaway (the primary key enforces it). */
export const giveawayEntries = pgTable(
  'giveaway_entries',
  {
    giveawayId: uuid('giveaway_id')
      .notNull()
      .references(() => giveaways.id, { onDelete: 'cascade' }),
    kickUserId: text('kick_user_id').notNull(),
    kickUsername: text('kick_username').notNull(),
    isSubscriber: boolean('is_subscriber').notNull().default(false),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.giveawayId, t.kickUserId] })],
);

/** A giveaway's winners, one row per draw pick (a redraw adds a row and marks the one it replaces). */
export const giveawayWinners = pgTable(
  'giveaway_winners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    giveawayId: uuid('giveaway_id')
      .notNull()
      .references(() => giveaways.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    position: integer('position').notNull(),
    entrantId: text('entrant_id').notNull(),
    kickUserId: text('kick_user_id').notNull(),
    kickUsername: text('kick_username').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull(),
    claimBy: timestamp('claim_by', { withTimezone: true }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('giveaway_winners_entrant_idx').on(t.giveawayId, t.entrantId),
    index('giveaway_winners_unclaimed_idx')
      .on(t.kickUserId)
      .where(sql`${t.status} = 'unclaimed'`),
    check('giveaway_winners_status_known', sql`${t.status} IN ('credited', 'awaiting_fulfilment', 'fulfilled', 'unclaimed', 'replaced', 'held')`),
  ],
);
