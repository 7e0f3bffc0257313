import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Key-value settings the admin area changes at run time (bot switches, system flags). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    cryptoBtc: text('crypto_btc').notNull().default(''),
    cryptoEth: text('crypto_eth').notNull().default(''),
    cryptoUsdt: text('crypto_usdt').notNull().default(''),
    cryptoSol: text('crypto_sol').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    check('users_points_nonnegative', sql`${t.points} >= 0`),
  ],
);

/** E-mail verification links: only the SHA-256 of the token is stored; 24 h, single use. */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the token was used, or when a newer link replaced it. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_verification_tokens_user_idx').on(t.userId)],
);

/**
 * Refresh tokens (SHA-256 stored). Each login starts a family; each refresh revokes the presented
 * token, points replaced_by at its successor, and issues the successor in the same family. Presenting
 * a revoked token revokes the whole family (reuse detection).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** rememberMe: the cookie is persistent (30 days) rather than a session cookie. */
    persistent: boolean('persistent').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    replacedBy: uuid('replaced_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

/** Partner usernames from profile completion, in the order entered. */
export const profilePartners = pgTable(
  'profile_partners',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    partner: text('partner').notNull(),
    username: text('username').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.position] })],
);
