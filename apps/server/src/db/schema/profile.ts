import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// What profile completion records (modules/profile).

/** Partner usernames from profile completion, in the order entered. */
export const profilePartners = pgTable(
  'profile_partners',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    partner: text('partner').notNull(),
    username: text('username').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.position] })],
);
