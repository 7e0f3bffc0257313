import { bigint, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// Interactive How-To's progress and its Get started bonus (modules/how-to).

/** How-To steps done in the browser that leave no other trace (a verified game round or raffle draw). */
export const howToSteps = pgTable(
  'how_to_steps',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.step] })],
);

/** The Get started bonus, once per member: the row's key is inserted in the credit's transaction. */
export const howToBonusClaims = pgTable('how_to_bonus_claims', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  points: bigint('points', { mode: 'number' }).notNull(),
  creditedAt: timestamp('credited_at', { withTimezone: true }).notNull().defaultNow(),
});
