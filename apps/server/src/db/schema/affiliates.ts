import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, doublePrecision, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// Affiliates and their payouts (the admin area's Affiliates screen, modules/admin).

/** Affiliates (spec 2 §3 Affiliate). Earnings in cents; conversion rate in percent. */
export const affiliates = pgTable(
  'affiliates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    partner: text('partner').notNull(),
    status: text('status').notNull().default('Pending'),
    payoutMethod: text('payout_method').notNull().default('PayPal'),
    totalEarningsCents: bigint('total_earnings_cents', { mode: 'number' }).notNull().default(0),
    totalClicks: integer('total_clicks').notNull().default(0),
    conversionRate: doublePrecision('conversion_rate').notNull().default(0),
    joinDate: timestamp('join_date', { withTimezone: true }).notNull().defaultNow(),
    lastActive: timestamp('last_active', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Breaks ties of created_at (one instant of the app clock) in the newest-first list (0016). */
    createdSeq: bigserial('created_seq', { mode: 'number' }).notNull(),
  },
  (t) => [
    check('affiliates_status_known', sql`${t.status} IN ('Active', 'Pending', 'Suspended')`),
    check('affiliates_partner_known', sql`${t.partner} IN ('Stake', 'Roobet', 'BC.Game', 'Rollbit', 'Gamdom')`),
    check('affiliates_payout_method_known', sql`${t.payoutMethod} IN ('PayPal', 'Bank Transfer', 'Crypto')`),
    check('affiliates_earnings_nonnegative', sql`${t.totalEarningsCents} >= 0`),
    check('affiliates_clicks_nonnegative', sql`${t.totalClicks} >= 0`),
    check('affiliates_conversion_range', sql`${t.conversionRate} >= 0 AND ${t.conversionRate} <= 100`),
  ],
);

/** Payouts recorded per affiliate (Process Payout). */
export const affiliatePayouts = pgTable(
  'affiliate_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => affiliates.id, { onDelete: 'cascade' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    method: text('method').notNull(),
    note: text('note').notNull().default(''),
    status: text('status').notNull().default('Completed'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('affiliate_payouts_affiliate_idx').on(t.affiliateId, t.createdAt), check('affiliate_payouts_amount_positive', sql`${t.amountCents} > 0`)],
);
