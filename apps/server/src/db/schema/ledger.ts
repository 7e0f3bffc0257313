import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// The points ledger; platform/ledger.ts is its only writer.

/**
 * The points ledger: every change of a balance is one row, written in the same transaction
 * as the change of users.points, which is the cache of the sum of a user's rows. Only
 * platform/ledger.ts writes here.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Commit-independent insertion order: "newest first" even when two rows share a timestamp. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    refType: text('ref_type'),
    refId: text('ref_id'),
    /** The admin who granted or revoked, when an admin did. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_user_seq_idx').on(t.userId, t.seq),
    check('ledger_entries_amount_nonzero', sql`${t.amount} <> 0`),
    check('ledger_entries_balance_nonnegative', sql`${t.balanceAfter} >= 0`),
  ],
);
