import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// The Points Store: its items and orders (modules/store).

/** Points Store items (spec 2 §3 Reward, plus stock and active). */
export const rewards = pgTable(
  'rewards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    featured: boolean('featured').notNull().default(false),
    /** Units left; null = unlimited. */
    stock: integer('stock'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('rewards_price_positive', sql`${t.price} > 0`),
    check('rewards_stock_nonnegative', sql`${t.stock} IS NULL OR ${t.stock} >= 0`),
    check('rewards_category_known', sql`${t.category} IN ('cashbacks', 'bonuses', 'merchandise', 'vip')`),
  ],
);

/** Store orders (spec 2 §3 Order). */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rewardId: uuid('reward_id')
      .notNull()
      .references(() => rewards.id, { onDelete: 'restrict' }),
    rewardName: text('reward_name').notNull(),
    pointsSpent: bigint('points_spent', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('pending'),
    balanceBefore: bigint('balance_before', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    declineReason: text('decline_reason'),
    refunded: boolean('refunded').notNull().default(false),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_reward_idx').on(t.rewardId),
    check('orders_status_known', sql`${t.status} IN ('paid', 'pending', 'declined')`),
  ],
);
