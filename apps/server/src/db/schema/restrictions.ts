import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// User restrictions (platform's restrictions owner).

/**
 * User restrictions (spec 2 §4, §9). A row holds until expires_at (null: until revoked); expiry is a
 * comparison with the clock, so nothing has to run for a restriction to end.
 */
export const userRestrictions = pgTable(
  'user_restrictions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    reason: text('reason').notNull().default(''),
    days: integer('days'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('user_restrictions_user_idx').on(t.userId, t.createdAt),
    check('user_restrictions_kind_known', sql`${t.kind} IN ('timeout', 'ban_raffle', 'ban_dealornodeal', 'ban_chat', 'ban_points_store', 'ban_permanent')`),
  ],
);
