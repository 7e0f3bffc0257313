import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

// The streamer's studio (the chat module): the test chat's console and the bot's timers.

/** The test chat's console: a test viewer's message, the bot's reply or what a handler did (the last 100 are shown). */
export const streamTestChatLines = pgTable(
  'stream_test_chat_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    name: text('name'),
    role: text('role'),
    text: text('text').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Order among the lines of one message (they share its time). */
    seq: integer('seq').generatedAlwaysAsIdentity().notNull(),
  },
  (t) => [index('stream_test_chat_lines_at_idx').on(t.at, t.seq), check('stream_test_chat_lines_kind_known', sql`${t.kind} IN ('viewer', 'bot', 'action')`)],
);

/**
 * A message the bot posts every interval_minutes while live, once min_chat_lines chat lines came since
 * its last post. due_from: when the interval starts counting (saved, went live, or last posted).
 */
export const streamTimers = pgTable(
  'stream_timers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    message: text('message').notNull(),
    intervalMinutes: integer('interval_minutes').notNull(),
    minChatLines: integer('min_chat_lines').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    lastPostedAt: timestamp('last_posted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('stream_timers_interval_range', sql`${t.intervalMinutes} BETWEEN 5 AND 120`),
    check('stream_timers_lines_range', sql`${t.minChatLines} BETWEEN 0 AND 100`),
  ],
);
