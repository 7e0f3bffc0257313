import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// Deal or No Deal, the stream game (modules/deal-or-no-deal).

/** One offer of the banker in a round in play (@app/shared/games/deal-or-no-deal). */
export type DealOrNoDealOfferRow = { round: number; amount: number; sharePercent: number; answer: 'deal' | 'no_deal' | null };

/**
 * A Deal or No Deal round: the values in the admin's order, the seeds (server seed secret until the
 * round ends), the contestant's draw and the play. At most one round is not ended (dond_rounds_one_live).
 */
export const dealOrNoDealRounds = pgTable(
  'dond_rounds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roundNumber: integer('round_number').generatedAlwaysAsIdentity().notNull().unique(),
    status: text('status').notNull().default('draft'),
    caseValues: jsonb('case_values').$type<number[]>().notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    entriesDigest: text('entries_digest'),
    entrantUids: jsonb('entrant_uids').$type<string[]>(),
    contestantId: uuid('contestant_id').references(() => users.id, { onDelete: 'set null' }),
    contestantUid: text('contestant_uid'),
    ownCase: integer('own_case'),
    opened: jsonb('opened').$type<number[]>().notNull().default([]),
    offers: jsonb('offers').$type<DealOrNoDealOfferRow[]>().notNull().default([]),
    outcome: text('outcome'),
    prize: bigint('prize', { mode: 'number' }),
    autoDeal: boolean('auto_deal').notNull().default(false),
    finalCase: integer('final_case'),
    /** Why the round ended without the contestant's answer: 'restricted' (restricted mid-round: no prize; migration 0027). */
    endReason: text('end_reason'),
    lastActionAt: timestamp('last_action_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('dond_rounds_one_live')
      .on(sql`(true)`)
      .where(sql`${t.status} in ('draft', 'open', 'playing')`),
    index('dond_rounds_idle_idx')
      .on(t.lastActionAt)
      .where(sql`${t.status} = 'playing'`),
    check('dond_rounds_status_check', sql`${t.status} in ('draft', 'open', 'playing', 'finished', 'cancelled')`),
    check('dond_rounds_outcome_check', sql`${t.outcome} is null or ${t.outcome} in ('deal', 'keep', 'swap')`),
    check('dond_rounds_end_reason_check', sql`${t.endReason} is null or ${t.endReason} in ('restricted')`),
  ],
);

/** One entry per member per round (web or `!dond`). */
export const dealOrNoDealEntries = pgTable(
  'dond_entries',
  {
    roundId: uuid('round_id')
      .notNull()
      .references(() => dealOrNoDealRounds.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.userId] }), check('dond_entries_source_check', sql`${t.source} in ('web', 'chat')`)],
);
