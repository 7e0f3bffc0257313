import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// Raffles and their entries (modules/raffles).

/** Raffles (spec 2 §3 Raffle, plus winners, minimum level and the draw's commitment and result). */
export const raffles = pgTable(
  'raffles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    raffleNumber: integer('raffle_number').generatedAlwaysAsIdentity().notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    prize: text('prize').notNull(),
    prizePoints: bigint('prize_points', { mode: 'number' }),
    winners: integer('winners').notNull().default(1),
    pointsCost: bigint('points_cost', { mode: 'number' }).notNull().default(0),
    requirements: text('requirements').notNull().default(''),
    type: text('type').notNull().default('cash'),
    featured: boolean('featured').notNull().default(false),
    restricted: boolean('restricted').notNull().default(false),
    minLevel: integer('min_level'),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    image: text('image').notNull().default(''),
    /** 32 random bytes (hex), secret until the draw; seedHash = SHA-256 of that text, public. */
    seed: text('seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    entriesDigest: text('entries_digest'),
    entrantUids: jsonb('entrant_uids').$type<string[]>(),
    winnerUids: jsonb('winner_uids').$type<string[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The bot's chat announcements of the opening and of the draw, each claimed once (modules/giveaways). */
    openAnnouncedAt: timestamp('open_announced_at', { withTimezone: true }),
    drawAnnouncedAt: timestamp('draw_announced_at', { withTimezone: true }),
  },
  (t) => [
    index('raffles_end_idx').on(t.endDate),
    check('raffles_winners_positive', sql`${t.winners} >= 1`),
    check('raffles_cost_nonnegative', sql`${t.pointsCost} >= 0`),
    check('raffles_dates_ordered', sql`${t.endDate} > ${t.startDate}`),
  ],
);

/** One entry per user per raffle (unique in the database). */
export const raffleEntries = pgTable(
  'raffle_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    raffleId: uuid('raffle_id')
      .notNull()
      .references(() => raffles.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pointsSpent: bigint('points_spent', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('raffle_entries_raffle_user_idx').on(t.raffleId, t.userId), index('raffle_entries_user_idx').on(t.userId)],
);
