import { PARTNER_IDS } from '@app/shared/api/casino-accounts';
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// Members' accounts at the partner casinos (modules/casino-accounts).

/**
 * Casino accounts (spec 1 §3, spec 2 §3): one username per user and partner platform; a (partner, username) is
 * verified for one user only (partial unique index), so nobody earns on someone else's play.
 * creditedDollars is how many whole dollars of this account's wagers have been paid out as points.
 */
export const casinoAccounts = pgTable(
  'casino_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partner: text('partner').notNull(),
    username: text('username').notNull(),
    state: text('state').notNull().default('pending'),
    creditedDollars: bigint('credited_dollars', { mode: 'number' }).notNull().default(0),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('casino_accounts_user_partner_idx').on(t.userId, t.partner),
    uniqueIndex('casino_accounts_verified_owner_idx')
      .on(t.partner, sql`lower(${t.username})`)
      .where(sql`${t.state} = 'verified'`),
    index('casino_accounts_partner_username_idx').on(t.partner, sql`lower(${t.username})`),
    check('casino_accounts_state_known', sql`${t.state} IN ('pending', 'verified', 'rejected')`),
    // The shared partner list decides the known ids (the text is the one migration 0005 wrote).
    check('casino_accounts_partner_known', sql`${t.partner} IN (${sql.raw(PARTNER_IDS.map((id) => `'${id}'`).join(', '))})`),
    check('casino_accounts_credited_nonnegative', sql`${t.creditedDollars} >= 0`),
  ],
);
