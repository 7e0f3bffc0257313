import { sql } from 'drizzle-orm';
import { bigint, check, doublePrecision, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// King of the Hill periods and claims (modules/king-of-the-hill).

/**
 * King of the Hill periods: one active at a time (partial unique index). The end-of-period job flips
 * the status in a conditional update, so the prize is credited once across servers.
 */
export const kingOfTheHillPeriods = pgTable(
  'koth_periods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    prizePoints: bigint('prize_points', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('active'),
    winnerId: uuid('winner_id').references(() => users.id, { onDelete: 'set null' }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('koth_periods_one_active_idx')
      .on(t.status)
      .where(sql`${t.status} = 'active'`),
    check('koth_periods_status_known', sql`${t.status} IN ('active', 'ended')`),
    check('koth_periods_prize_nonnegative', sql`${t.prizePoints} >= 0`),
  ],
);

/**
 * Claims of the hill (USD cents, multiplier = win / bet). A verified claim is a reign: it starts at
 * decidedAt and ends at reignEndedAt (the next verified claim, or the period's end).
 */
export const kingOfTheHillClaims = pgTable(
  'koth_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    periodId: uuid('period_id')
      .notNull()
      .references(() => kingOfTheHillPeriods.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slot: text('slot').notNull(),
    betCents: bigint('bet_cents', { mode: 'number' }).notNull(),
    winCents: bigint('win_cents', { mode: 'number' }).notNull(),
    multiplier: doublePrecision('multiplier').notNull(),
    betUrl: text('bet_url').notNull(),
    screenshotUrl: text('screenshot_url'),
    status: text('status').notNull().default('pending'),
    declineReason: text('decline_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    reignEndedAt: timestamp('reign_ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('koth_claims_period_idx').on(t.periodId, t.status),
    index('koth_claims_user_idx').on(t.userId),
    check('koth_claims_status_known', sql`${t.status} IN ('pending', 'verified', 'declined')`),
    check('koth_claims_amounts_positive', sql`${t.betCents} > 0 AND ${t.winCents} > 0`),
  ],
);
