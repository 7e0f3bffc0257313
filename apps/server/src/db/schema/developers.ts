import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// The public API's tokens, outgoing webhooks and their outbox, points imports (modules/developers,
// platform/outbox.ts).

/**
 * An admin's API token for the v1 surface. Only the SHA-256 of the token is kept; `prefix` (the
 * first characters) lets the admin tell tokens apart. A token dies with the admin who made it.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    prefix: text('prefix').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_tokens_hash_idx').on(t.tokenHash)],
);

/**
 * An outgoing webhook endpoint. `secret` is sealed with the secret box (it must be read back to
 * sign). `failingSince` is the first failure of the current run of failures (null after a success);
 * three days of it disables the endpoint.
 */
export const webhooks = pgTable('webhooks', {
  id: uuid('id').primaryKey().defaultRandom(),
  url: text('url').notNull(),
  events: jsonb('events').$type<string[]>().notNull(),
  format: text('format').notNull(),
  description: text('description').notNull().default(''),
  secret: text('secret').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  failingSince: timestamp('failing_since', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The outbox: one row per event and endpoint, written in the transaction of the change that caused
 * it, sent by the delivery job. `lockedUntil` is a sender's lease (another server skips the row
 * until it passes); `id` is the Standard Webhooks `webhook-id`, the same on every retry.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    durationMs: integer('duration_ms'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt),
  ],
);

/** Rows of points import files already credited: (file hash, line) once, so a second run credits nothing. */
export const pointsImportRows = pgTable('points_import_rows', {
  key: text('key').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
