import { sql } from 'drizzle-orm';
import { bigint, boolean, check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

// The accounts every other table points at.

/**
 * Accounts. E-mail and username are kept as entered and unique case-insensitively (indexes on
 * lower(...)). Points are a bigint because ranks go up to 26.2 billion XP (spec 2 §9) and XP is
 * the points balance for now; CHECK (points >= 0) is the backstop of every spend.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The public User UID shown on the profile (pasted into Kick chat). */
    uid: text('uid').notNull().unique(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    isAdmin: boolean('is_admin').notNull().default(false),
    points: bigint('points', { mode: 'number' }).notNull().default(0),
    /** Lifetime verified wager in whole dollars: level, rank and VIP tier follow it. */
    xp: bigint('xp', { mode: 'number' }).notNull().default(0),
    /** Show the username unmasked on public leaderboards (masked by default). */
    showOnLeaderboard: boolean('show_on_leaderboard').notNull().default(false),
    cryptoBtc: text('crypto_btc').notNull().default(''),
    cryptoEth: text('crypto_eth').notNull().default(''),
    cryptoUsdt: text('crypto_usdt').notNull().default(''),
    cryptoSol: text('crypto_sol').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Set while a permanent ban holds (user_restrictions has the record): login, refresh and every authenticated call are refused. */
    bannedAt: timestamp('banned_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    check('users_points_nonnegative', sql`${t.points} >= 0`),
    check('users_xp_nonnegative', sql`${t.xp} >= 0`),
  ],
);
