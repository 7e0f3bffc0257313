import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bonusHunts } from './bonus-hunts.ts';
import { users } from './users.ts';

// Predictions, their outcomes and the members' stakes (modules/predictions).

/**
 * A prediction: open from creation until `locksAt` (the lock job, or the admin earlier), then
 * locked, then resolved (paid out) or cancelled (refunded). Each move is one conditional update of
 * `status`, so with two servers or a repeated call the work after it runs once. One prediction runs
 * (open or locked) at a time. The *_announced_at columns are the bot's claims on its chat messages.
 */
export const predictions = pgTable(
  'predictions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    status: text('status').notNull().default('open'),
    minStake: integer('min_stake').notNull(),
    maxStake: integer('max_stake').notNull(),
    locksAt: timestamp('locks_at', { withTimezone: true }).notNull(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    winningOutcomeId: uuid('winning_outcome_id'),
    huntId: uuid('hunt_id').references(() => bonusHunts.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    openAnnouncedAt: timestamp('open_announced_at', { withTimezone: true }),
    lockAnnouncedAt: timestamp('lock_announced_at', { withTimezone: true }),
    endAnnouncedAt: timestamp('end_announced_at', { withTimezone: true }),
  },
  (t) => [
    index('predictions_created_idx').on(t.createdAt),
    index('predictions_hunt_idx').on(t.huntId),
    // One prediction runs at a time: the one row whose status is open or locked.
    uniqueIndex('predictions_one_running_idx')
      .on(sql`(${t.status} IN ('open', 'locked'))`)
      .where(sql`${t.status} IN ('open', 'locked')`),
    check('predictions_status_known', sql`${t.status} IN ('open', 'locked', 'resolved', 'cancelled')`),
    check('predictions_stakes', sql`${t.minStake} >= 1 AND ${t.maxStake} >= ${t.minStake}`),
  ],
);

export const predictionOutcomes = pgTable(
  'prediction_outcomes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    predictionId: uuid('prediction_id')
      .notNull()
      .references(() => predictions.id, { onDelete: 'cascade' }),
    /** 1-based, as `!bet <number>` names it. */
    number: integer('number').notNull(),
    label: text('label').notNull(),
  },
  (t) => [uniqueIndex('prediction_outcomes_number_idx').on(t.predictionId, t.number)],
);

/**
 * A member's stake: one outcome per member and prediction (a second stake on it adds to `amount`).
 * `seq` is the first stake's order (the rounding remainder's tie-break: the earliest). `payout` is
 * set when it ends: the winnings, a refund, or 0 for a losing stake.
 */
export const predictionStakes = pgTable(
  'prediction_stakes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    predictionId: uuid('prediction_id')
      .notNull()
      .references(() => predictions.id, { onDelete: 'cascade' }),
    outcomeId: uuid('outcome_id')
      .notNull()
      .references(() => predictionOutcomes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    payout: bigint('payout', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('prediction_stakes_member_idx').on(t.predictionId, t.userId),
    index('prediction_stakes_outcome_idx').on(t.outcomeId),
    index('prediction_stakes_user_idx').on(t.userId),
    check('prediction_stakes_amounts', sql`${t.amount} > 0 AND (${t.payout} IS NULL OR ${t.payout} >= 0)`),
  ],
);
