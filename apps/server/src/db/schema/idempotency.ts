import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// Idempotency-Key records (platform/idempotency.ts).

/**
 * Idempotency-Key records (Stripe's semantics): the key row is inserted first, on its own, so a
 * concurrent repeat hits the unique index; the answer is stored in the same transaction as the work.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of method, path and body: the same key with another request is a 422. */
    fingerprint: text('fingerprint').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idempotency_keys_user_key_idx').on(t.userId, t.key), index('idempotency_keys_created_idx').on(t.createdAt)],
);
