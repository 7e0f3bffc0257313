import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { slots } from './slots.ts';
import { users } from './users.ts';

// Bonus hunts and Guess the Balance (modules/bonus-hunts).

/** A bonus hunt. Money in integer cents of `currency`; `prizes` are points, first place first. */
export const bonusHunts = pgTable(
  'bonus_hunts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    casino: text('casino').notNull(),
    currency: text('currency').notNull(),
    startBalance: bigint('start_balance', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('collecting'),
    entryCost: integer('entry_cost').notNull().default(0),
    prizes: jsonb('prizes').$type<number[]>().notNull(),
    finalBalance: bigint('final_balance', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Guess the Balance closed by the admin before the opening (null: open while collecting). */
    guessingClosedAt: timestamp('guessing_closed_at', { withTimezone: true }),
  },
  (t) => [index('bonus_hunts_created_idx').on(t.createdAt), check('bonus_hunts_status', sql`${t.status} IN ('collecting', 'opening', 'finished')`)],
);

export const huntBonuses = pgTable(
  'hunt_bonuses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    huntId: uuid('hunt_id')
      .notNull()
      .references(() => bonusHunts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    slotId: uuid('slot_id').references(() => slots.id, { onDelete: 'set null' }),
    slotName: text('slot_name').notNull(),
    provider: text('provider'),
    bet: bigint('bet', { mode: 'number' }).notNull(),
    win: bigint('win', { mode: 'number' }),
    /** Who guessed the × best, set when the win is entered (hunt_bonus_guesses; the name as it was then). */
    bestGuessUserId: uuid('best_guess_user_id').references(() => users.id, { onDelete: 'set null' }),
    bestGuessUsername: text('best_guess_username'),
    /** The best guess's × in hundredths. */
    bestGuessX: integer('best_guess_x'),
    guessCount: integer('guess_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('hunt_bonuses_hunt_idx').on(t.huntId, t.position),
    index('hunt_bonuses_slot_idx').on(t.slotId),
    check('hunt_bonuses_bet_positive', sql`${t.bet} > 0`),
    check('hunt_bonuses_win_nonnegative', sql`${t.win} >= 0`),
  ],
);

/**
 * One guess per member per hunt. `at` is the time of the latest change (a changed guess is a new
 * guess for the earliest-wins tie rule); `paid` records that the entry cost was taken once.
 */
export const huntGuesses = pgTable(
  'hunt_guesses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    huntId: uuid('hunt_id')
      .notNull()
      .references(() => bonusHunts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    paid: boolean('paid').notNull().default(false),
    place: integer('place'),
    prize: integer('prize'),
  },
  (t) => [uniqueIndex('hunt_guesses_hunt_user_idx').on(t.huntId, t.userId), check('hunt_guesses_amount', sql`${t.amount} >= 0`)],
);

/** Guesses of one bonus's × (hundredths), taken while it is the next to open; one per member, changeable until it opens. */
export const huntBonusGuesses = pgTable(
  'hunt_bonus_guesses',
  {
    bonusId: uuid('bonus_id')
      .notNull()
      .references(() => huntBonuses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    xHundredths: integer('x_hundredths').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'hunt_bonus_guesses_pk', columns: [t.bonusId, t.userId] }), check('hunt_bonus_guesses_x', sql`${t.xHundredths} >= 0`)],
);
