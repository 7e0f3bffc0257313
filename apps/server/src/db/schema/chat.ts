import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// The stream: the Kick channel and its webhook, linked accounts, chat presence, stream points and custom chat commands (the chat module).

/** Social accounts linked to a user (Kick, by its user id), once per platform and per external id. */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    externalId: text('external_id').notNull(),
    username: text('username').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('social_accounts_user_platform_idx').on(t.userId, t.platform),
    uniqueIndex('social_accounts_platform_external_idx').on(t.platform, t.externalId),
  ],
);

/**
 * A platform account asking to link to a user (a UID pasted in the platform's chat); the user
 * confirms on the profile within 15 minutes. One open request per user, whichever platform (the
 * table keeps its first name and its kick_* column names: kick_user_id is the platform's user id).
 */
export const kickLinkRequests = pgTable(
  'kick_link_requests',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull().default('kick'),
    kickUserId: text('kick_user_id').notNull(),
    kickUsername: text('kick_username').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('kick_link_requests_platform_idx').on(t.platform, t.kickUserId)],
);

/** Kick webhook message ids already handled: a replayed id is refused. */
export const kickWebhookMessages = pgTable(
  'kick_webhook_messages',
  {
    messageId: text('message_id').primaryKey(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kick_webhook_messages_received_idx').on(t.receivedAt)],
);

/** The one connected Kick channel (id = 1); tokens sealed with the secret box. */
export const streamConnection = pgTable(
  'stream_connection',
  {
    id: integer('id').primaryKey(),
    broadcasterUserId: text('broadcaster_user_id').notNull(),
    channelSlug: text('channel_slug').notNull(),
    scopes: text('scopes').notNull(),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token').notNull(),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }).notNull(),
    needsReconnect: boolean('needs_reconnect').notNull().default(false),
    isLive: boolean('is_live').notNull().default(false),
    liveSince: timestamp('live_since', { withTimezone: true }),
    subscriptions: jsonb('subscriptions').$type<{ id: string; event: string }[]>().notNull().default([]),
    connectedBy: uuid('connected_by').references(() => users.id, { onDelete: 'set null' }),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('stream_connection_single', sql`${t.id} = 1`)],
);

/** OAuth states of Connect Kick channel: the SHA-256 of the state, bound to the admin's session; single use. */
export const streamOauthStates = pgTable('stream_oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  adminId: uuid('admin_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  sessionId: uuid('session_id').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Kick webhook events as received; processed_at is set in the transaction that did their work. */
export const streamEvents = pgTable(
  'stream_events',
  {
    messageId: text('message_id').primaryKey(),
    type: text('type').notNull(),
    body: jsonb('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    /** Arrival order among events received in the same millisecond (the webhook numbers each statement's deliveries as they were read). */
    seq: bigint('seq', { mode: 'number' }).generatedByDefaultAsIdentity().notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    index('stream_events_pending_idx')
      .on(t.receivedAt, t.seq)
      .where(sql`${t.processedAt} IS NULL`),
    index('stream_events_received_idx').on(t.receivedAt),
  ],
);

/** Chat presence: a Kick viewer's last message while the bot listened. */
export const streamChatters = pgTable(
  'stream_chatters',
  {
    kickUserId: text('kick_user_id').primaryKey(),
    username: text('username').notNull(),
    lastChatAt: timestamp('last_chat_at', { withTimezone: true }).notNull(),
    isSubscriber: boolean('is_subscriber').notNull().default(false),
  },
  (t) => [index('stream_chatters_last_chat_idx').on(t.lastChatAt)],
);

/** Twitch chat presence: the last chat message of each Twitch viewer (its user id), as stream_chatters is Kick's. */
export const streamTwitchChatters = pgTable(
  'stream_twitch_chatters',
  {
    twitchUserId: text('twitch_user_id').primaryKey(),
    username: text('username').notNull(),
    lastChatAt: timestamp('last_chat_at', { withTimezone: true }).notNull(),
    isSubscriber: boolean('is_subscriber').notNull().default(false),
  },
  (t) => [index('stream_twitch_chatters_last_chat_idx').on(t.lastChatAt)],
);

/**
 * Every stream credit once by its key (block and viewer, or Kick event id). user_id null = held for
 * a Kick viewer who has not linked yet; released_at is set when linking paid it out.
 */
export const streamCredits = pgTable(
  'stream_credits',
  {
    key: text('key').primaryKey(),
    kickUserId: text('kick_user_id').notNull(),
    /** The platform of kick_user_id: 'kick' or 'twitch' (a Twitch viewer's holding rows are by Twitch user id). */
    platform: text('platform').notNull().default('kick'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    amount: integer('amount').notNull(),
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [index('stream_credits_kick_idx').on(t.kickUserId, t.earnedAt), index('stream_credits_user_idx').on(t.userId, t.earnedAt)],
);

/** Presence blocks already credited (the claim that makes one server credit a block once). */
export const streamBlocks = pgTable('stream_blocks', {
  blockEnd: timestamp('block_end', { withTimezone: true }).primaryKey(),
  credited: integer('credited').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** The admin's custom chat commands. */
export const streamCommands = pgTable(
  'stream_commands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    reply: text('reply').notNull(),
    userCooldownSeconds: integer('user_cooldown_seconds').notNull().default(0),
    globalCooldownSeconds: integer('global_cooldown_seconds').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    /** Who may use it: everyone, subscriber, vip or moderator (each role above may use the ones below). */
    role: text('role').notNull().default('everyone'),
    /** Times answered ({count}). */
    uses: integer('uses').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('stream_commands_name_idx').on(sql`lower(${t.name})`),
    check('stream_commands_role_known', sql`${t.role} IN ('everyone', 'subscriber', 'vip', 'moderator')`),
  ],
);

/**
 * The last use of each custom chat command, globally (kickUserId '') and per Kick user: claimed with
 * a conditional upsert that succeeds only when the cooldown has passed (once across servers).
 */
export const streamCommandUses = pgTable(
  'stream_command_uses',
  {
    commandId: uuid('command_id')
      .notNull()
      .references(() => streamCommands.id, { onDelete: 'cascade' }),
    kickUserId: text('kick_user_id').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.commandId, t.kickUserId] })],
);

/**
 * The one connected Twitch channel (id = 1): the broadcaster's user token (sealed with the secret
 * box), the EventSub subscriptions made for it, and why it needs reconnecting (a failed refresh or a
 * revocation Twitch sent), if it does.
 */
export const twitchConnection = pgTable(
  'twitch_connection',
  {
    id: integer('id').primaryKey(),
    broadcasterUserId: text('broadcaster_user_id').notNull(),
    login: text('login').notNull(),
    scopes: text('scopes').notNull(),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token').notNull(),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }).notNull(),
    needsReconnect: boolean('needs_reconnect').notNull().default(false),
    /** Why: 'refresh_failed', or the status of a revocation (e.g. 'authorization_revoked'). */
    reconnectReason: text('reconnect_reason'),
    isLive: boolean('is_live').notNull().default(false),
    liveSince: timestamp('live_since', { withTimezone: true }),
    subscriptions: jsonb('subscriptions').$type<{ id: string; event: string }[]>().notNull().default([]),
    connectedBy: uuid('connected_by').references(() => users.id, { onDelete: 'set null' }),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('twitch_connection_single', sql`${t.id} = 1`)],
);

/** OAuth states of Connect Twitch channel: the SHA-256 of the state and the browser binding, bound to the admin's session; single use. */
export const twitchOauthStates = pgTable('twitch_oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  adminId: uuid('admin_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  sessionId: uuid('session_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * EventSub deliveries as received, by Twitch's message id (a retry with the same id is stored once).
 * `acted` false: not the connected broadcaster's or of a type the product does not act on (kept only
 * as the id's record); processed_at is set in the transaction that did an event's work.
 */
export const twitchEventsubMessages = pgTable(
  'twitch_eventsub_messages',
  {
    messageId: text('message_id').primaryKey(),
    type: text('type').notNull(),
    body: jsonb('body').notNull(),
    acted: boolean('acted').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    index('twitch_eventsub_pending_idx')
      .on(t.receivedAt)
      .where(sql`${t.processedAt} IS NULL`),
    index('twitch_eventsub_received_idx').on(t.receivedAt),
  ],
);
