import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { authSessions } from './auth.ts';
import { users } from './users.ts';

// The member's inbox, its mail queue, the e-mail preferences and the live channel's tickets (modules/notifications).

/** One thing that happened to a member (modules/notifications), written in the act's transaction. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The app path of the thing it is about (e.g. /points-store?tab=orders). */
    link: text('link'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index('notifications_type_created_idx').on(t.type, t.createdAt.desc().nullsFirst()),
  ],
);

/** A member's choice per notification type: also by e-mail (true) or on site only (false); no row = the type's default. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    email: boolean('email').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

/** The mail of a notification, queued in the act's transaction and sent after it (retried with back-off). */
export const notificationMails = pgTable(
  'notification_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('notification_mails_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check('notification_mails_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

/**
 * The tickets of GET /api/events (migration 0025): only the SHA-256 of the random ticket, the session
 * that asked for it and its end. Taken by one DELETE ... RETURNING, so a ticket opens one stream on
 * one server; an unused one is purged by the job notifications.purge-event-tickets.
 */
export const eventTickets = pgTable(
  'event_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('event_tickets_expires_idx').on(t.expiresAt)],
);
