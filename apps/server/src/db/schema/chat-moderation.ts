import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { userRestrictions } from './restrictions.ts';

// Chat moderation: offences counted and site Chat bans enforced in Kick's chat (modules/chat-moderation).

/**
 * A Kick user's recent offences (times within the window; older ones are dropped on each new one),
 * added and counted in one conditional upsert that locks the row (servers agree on the count).
 */
export const chatModerationOffenders = pgTable(
  'chat_moderation_offenders',
  {
    kickUserId: text('kick_user_id').primaryKey(),
    username: text('username').notNull(),
    offences: timestamp('offences', { withTimezone: true }).array().notNull(),
    lastOffenceAt: timestamp('last_offence_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('chat_moderation_offenders_last_idx').on(t.lastOffenceAt)],
);

/** A site Chat ban put in force in Kick's chat (once per restriction; again after a capped timeout ends). */
export const chatModerationEnforcements = pgTable('chat_moderation_enforcements', {
  restrictionId: uuid('restriction_id')
    .primaryKey()
    .references(() => userRestrictions.id, { onDelete: 'cascade' }),
  /** The end of the Kick timeout; null: a permanent ban. */
  timedOutUntil: timestamp('timed_out_until', { withTimezone: true }),
  enforcedAt: timestamp('enforced_at', { withTimezone: true }).notNull(),
});
