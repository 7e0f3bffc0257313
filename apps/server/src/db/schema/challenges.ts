import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// Challenges and their claims (modules/challenges).

/**
 * A challenge an admin posts: hit `targetMultiplier`× on `game` at `partner` with at least
 * `minBetCents`, between startsAt and endsAt; the first `winners` verified claims win `prizePoints`
 * each. `completedAt` is set once, by the verify that fills the winners or by the job after the end.
 */
export const challenges = pgTable(
  'challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    partner: text('partner').notNull(),
    game: text('game').notNull(),
    minBetCents: bigint('min_bet_cents', { mode: 'number' }).notNull(),
    targetMultiplier: doublePrecision('target_multiplier').notNull(),
    prizePoints: bigint('prize_points', { mode: 'number' }).notNull(),
    winners: integer('winners').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('challenges_ends_at_idx').on(t.endsAt),
    check('challenges_amounts_positive', sql`${t.minBetCents} > 0 AND ${t.prizePoints} > 0 AND ${t.winners} > 0 AND ${t.targetMultiplier} > 1`),
    check('challenges_window', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * Claims on a challenge (USD cents, multiplier = win / bet), decided in submission order. A verified
 * claim within the first `winners` has `winnerPlace` (unique per challenge: one prize per place) and
 * its prize credited through the ledger in the verify's transaction. A member holds at most one
 * pending or verified claim per challenge.
 */
export const challengeClaims = pgTable(
  'challenge_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Submission order (commit-independent), the order the admins review in. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    challengeId: uuid('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    betCents: bigint('bet_cents', { mode: 'number' }).notNull(),
    winCents: bigint('win_cents', { mode: 'number' }).notNull(),
    multiplier: doublePrecision('multiplier').notNull(),
    betUrl: text('bet_url').notNull(),
    screenshotUrl: text('screenshot_url'),
    status: text('status').notNull().default('pending'),
    won: boolean('won').notNull().default(false),
    winnerPlace: integer('winner_place'),
    prizePoints: bigint('prize_points', { mode: 'number' }).notNull().default(0),
    declineReason: text('decline_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('challenge_claims_challenge_seq_idx').on(t.challengeId, t.seq),
    index('challenge_claims_user_idx').on(t.userId),
    uniqueIndex('challenge_claims_one_open_per_member_idx')
      .on(t.challengeId, t.userId)
      .where(sql`${t.status} IN ('pending', 'verified')`),
    uniqueIndex('challenge_claims_winner_place_idx').on(t.challengeId, t.winnerPlace),
    check('challenge_claims_status_known', sql`${t.status} IN ('pending', 'verified', 'declined')`),
    check('challenge_claims_amounts_positive', sql`${t.betCents} > 0 AND ${t.winCents} > 0`),
    check('challenge_claims_winner_verified', sql`NOT ${t.won} OR (${t.status} = 'verified' AND ${t.winnerPlace} IS NOT NULL)`),
  ],
);
