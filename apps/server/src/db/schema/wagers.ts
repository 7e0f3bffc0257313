import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders, rewards } from './store.ts';
import { users } from './users.ts';

// Wagers per partner and day, their scheduled sync, and what XP unlocks: level-ups and Level Up Rewards (modules/wagers).

/**
 * Wagers per partner, casino username (lower-cased key), UTC day and category, in USD cents. Casino
 * exports are cumulative per day, so a value for the same key replaces the previous one.
 */
export const wagers = pgTable(
  'wagers',
  {
    partner: text('partner').notNull(),
    usernameKey: text('username_key').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    category: text('category').notNull(),
    /** As the source spelled it. */
    username: text('username').notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull(),
    /** Where the value came from: 'csv', a sync adapter's name, 'demo'. */
    source: text('source').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partner, t.usernameKey, t.day, t.category] }),
    index('wagers_partner_day_idx').on(t.partner, t.day),
    check('wagers_cents_nonnegative', sql`${t.cents} >= 0`),
    check('wagers_category_known', sql`${t.category} IN ('slots', 'table', 'blackjack', 'roulette', 'other')`),
  ],
);

/**
 * A partner casino's scheduled wager sync: where to fetch (the generic JSON adapter's
 * endpoint, key and field mapping), how often, and how the last runs went. The key is never
 * returned by the API. next_run_at is claimed by a conditional update, so one server runs a period.
 */
export const wagerSyncPartners = pgTable(
  'wager_sync_partners',
  {
    partner: text('partner').primaryKey(),
    endpointUrl: text('endpoint_url').notNull(),
    apiKey: text('api_key'),
    keyHeader: text('key_header').notNull().default('x-api-key'),
    /** WagerSyncMapping (packages/shared/src/api/wagers.ts). */
    mapping: jsonb('mapping').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    periodMinutes: integer('period_minutes').notNull().default(60),
    /** When the sync was last switched on: 'delayed' counts from here until a first success. */
    enabledAt: timestamp('enabled_at', { withTimezone: true }),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastResult: jsonb('last_result'),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('wager_sync_partners_partner_known', sql`${t.partner} IN ('p1', 'p2', 'p3', 'p4', 'p5')`),
    check('wager_sync_partners_period_range', sql`${t.periodMinutes} BETWEEN 1 AND 1440`),
  ],
);

/** A level reached through XP (the profile's level_up history items). */
export const levelUps = pgTable(
  'level_ups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    level: integer('level').notNull(),
    levelName: text('level_name').notNull(),
    xp: bigint('xp', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('level_ups_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * Level Up Rewards (spec 2 §2): what an admin sets for reaching a level (1..24): points, or a Points
 * Store item (reward_id; migration 0008), never both.
 */
export const levelRewards = pgTable(
  'level_rewards',
  {
    level: integer('level').primaryKey(),
    title: text('title').notNull(),
    points: bigint('points', { mode: 'number' }),
    rewardId: uuid('reward_id').references(() => rewards.id, { onDelete: 'restrict' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('level_rewards_level_range', sql`${t.level} BETWEEN 1 AND 24`),
    check('level_rewards_points_positive', sql`${t.points} > 0`),
    check('level_rewards_points_or_item', sql`(${t.points} IS NULL) <> (${t.rewardId} IS NULL)`),
  ],
);

/** One claim per user and level (the primary key makes a second claim impossible). */
export const levelRewardClaims = pgTable(
  'level_reward_claims',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    level: integer('level').notNull(),
    /** The points credited, or null when the reward was a store item (then order_id). */
    points: bigint('points', { mode: 'number' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.level] })],
);
