import { PARTNER_IDS } from '@app/shared/api/casino-accounts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
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

/**
 * The points ledger: every change of a balance is one row, written in the same transaction
 * as the change of users.points, which is the cache of the sum of a user's rows. Only
 * platform/ledger.ts writes here.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Commit-independent insertion order: "newest first" even when two rows share a timestamp. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    refType: text('ref_type'),
    refId: text('ref_id'),
    /** The admin who granted or revoked, when an admin did. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_user_seq_idx').on(t.userId, t.seq),
    check('ledger_entries_amount_nonzero', sql`${t.amount} <> 0`),
    check('ledger_entries_balance_nonnegative', sql`${t.balanceAfter} >= 0`),
  ],
);

/**
 * Idempotency-Key records (Stripe's semantics): the key row is inserted first, on its own, so a
 * concurrent repeat hits the unique index; the answer is stored in the same transaction as the work.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of method, path and body: the same key with another request is a 422. */
    fingerprint: text('fingerprint').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idempotency_keys_user_key_idx').on(t.userId, t.key), index('idempotency_keys_created_idx').on(t.createdAt)],
);

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

/** Admin leaderboard races (spec 1 §3). Prizes are [{position, amount}] with free-text positions. */
export const leaderboards = pgTable(
  'leaderboards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    status: text('status').notNull().default('Draft'),
    partnerId: text('partner_id').notNull(),
    metric: text('metric').notNull().default('Total Wager'),
    startDate: timestamp('start_date', { withTimezone: true }),
    endDate: timestamp('end_date', { withTimezone: true }),
    participants: integer('participants').notNull().default(0),
    prizePool: bigint('prize_pool', { mode: 'number' }).notNull().default(0),
    prizes: jsonb('prizes')
      .$type<{ position: string; amount: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    isGlobalRaffle: boolean('is_global_raffle').notNull().default(false),
    wagerToTicketRatio: integer('wager_to_ticket_ratio').notNull().default(1000),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every edit; kept standings are current when computed from this revision (0016). */
    revision: integer('revision').notNull().default(0),
    /** Breaks ties of created_at (one instant of the app clock) in the newest-first list (0016). */
    createdSeq: bigserial('created_seq', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('leaderboards_created_idx').on(t.createdAt),
    check('leaderboards_status_known', sql`${t.status} IN ('Draft', 'Upcoming', 'Active', 'Completed')`),
    check('leaderboards_partner_known', sql`${t.partnerId} IN ('p1', 'p2', 'p3', 'p4', 'p5')`),
    check('leaderboards_metric_known', sql`${t.metric} IN ('Total Wager', 'Slot Wager', 'Table Wager', 'Blackjack Wager', 'Roulette Wager')`),
    check('leaderboards_participants_nonnegative', sql`${t.participants} >= 0`),
    check('leaderboards_pool_nonnegative', sql`${t.prizePool} >= 0`),
    check('leaderboards_ratio_positive', sql`${t.wagerToTicketRatio} >= 1`),
    check('leaderboards_dates_ordered', sql`${t.startDate} IS NULL OR ${t.endDate} IS NULL OR ${t.endDate} > ${t.startDate}`),
  ],
);

/** Affiliates (spec 2 §3 Affiliate). Earnings in cents; conversion rate in percent. */
export const affiliates = pgTable(
  'affiliates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    partner: text('partner').notNull(),
    status: text('status').notNull().default('Pending'),
    payoutMethod: text('payout_method').notNull().default('PayPal'),
    totalEarningsCents: bigint('total_earnings_cents', { mode: 'number' }).notNull().default(0),
    totalClicks: integer('total_clicks').notNull().default(0),
    conversionRate: doublePrecision('conversion_rate').notNull().default(0),
    joinDate: timestamp('join_date', { withTimezone: true }).notNull().defaultNow(),
    lastActive: timestamp('last_active', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Breaks ties of created_at (one instant of the app clock) in the newest-first list (0016). */
    createdSeq: bigserial('created_seq', { mode: 'number' }).notNull(),
  },
  (t) => [
    check('affiliates_status_known', sql`${t.status} IN ('Active', 'Pending', 'Suspended')`),
    check('affiliates_partner_known', sql`${t.partner} IN ('Stake', 'Roobet', 'BC.Game', 'Rollbit', 'Gamdom')`),
    check('affiliates_payout_method_known', sql`${t.payoutMethod} IN ('PayPal', 'Bank Transfer', 'Crypto')`),
    check('affiliates_earnings_nonnegative', sql`${t.totalEarningsCents} >= 0`),
    check('affiliates_clicks_nonnegative', sql`${t.totalClicks} >= 0`),
    check('affiliates_conversion_range', sql`${t.conversionRate} >= 0 AND ${t.conversionRate} <= 100`),
  ],
);

/** Payouts recorded per affiliate (Process Payout). */
export const affiliatePayouts = pgTable(
  'affiliate_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => affiliates.id, { onDelete: 'cascade' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    method: text('method').notNull(),
    note: text('note').notNull().default(''),
    status: text('status').notNull().default('Completed'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('affiliate_payouts_affiliate_idx').on(t.affiliateId, t.createdAt), check('affiliate_payouts_amount_positive', sql`${t.amountCents} > 0`)],
);

/**
 * User restrictions (spec 2 §4, §9). A row holds until expires_at (null: until revoked); expiry is a
 * comparison with the clock, so nothing has to run for a restriction to end.
 */
export const userRestrictions = pgTable(
  'user_restrictions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    reason: text('reason').notNull().default(''),
    days: integer('days'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('user_restrictions_user_idx').on(t.userId, t.createdAt),
    check('user_restrictions_kind_known', sql`${t.kind} IN ('timeout', 'ban_raffle', 'ban_dealornodeal', 'ban_chat', 'ban_points_store', 'ban_permanent')`),
  ],
);

/** The audit log: one row per admin write (actor, action, target, changes, IP, user agent, time). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    changes: jsonb('changes').$type<Record<string, unknown>>(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_seq_idx').on(t.seq),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_actor_idx').on(t.actorId),
    // The Stream screen's recent moderation acts, found without walking the whole log.
    index('audit_log_chat_moderation_idx')
      .on(t.seq)
      .where(sql`${t.action} like 'chat_moderation.%'`),
  ],
);

/** Sign-in attempts of known accounts (the user's Activity tab: IP address and user agent). */
export const signInEvents = pgTable(
  'sign_in_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null: a failed sign-in with an identifier that has no account (recorded alike, see 0010_auth_hardening). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    success: boolean('success').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Orders one user's attempts of one instant of the app clock, newest first (0016). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [index('sign_in_events_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Casino accounts (spec 1 §3, spec 2 §3): one username per user and partner platform; a (partner, username) is
 * verified for one user only (partial unique index), so nobody earns on someone else's play.
 * creditedDollars is how many whole dollars of this account's wagers have been paid out as points.
 */
export const casinoAccounts = pgTable(
  'casino_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partner: text('partner').notNull(),
    username: text('username').notNull(),
    state: text('state').notNull().default('pending'),
    creditedDollars: bigint('credited_dollars', { mode: 'number' }).notNull().default(0),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('casino_accounts_user_partner_idx').on(t.userId, t.partner),
    uniqueIndex('casino_accounts_verified_owner_idx')
      .on(t.partner, sql`lower(${t.username})`)
      .where(sql`${t.state} = 'verified'`),
    index('casino_accounts_partner_username_idx').on(t.partner, sql`lower(${t.username})`),
    check('casino_accounts_state_known', sql`${t.state} IN ('pending', 'verified', 'rejected')`),
    // The shared partner list decides the known ids (the text is the one migration 0005 wrote).
    check('casino_accounts_partner_known', sql`${t.partner} IN (${sql.raw(PARTNER_IDS.map((id) => `'${id}'`).join(', '))})`),
    check('casino_accounts_credited_nonnegative', sql`${t.creditedDollars} >= 0`),
  ],
);

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

/** Kick webhook message ids already handled: a replayed id is refused. */
export const kickWebhookMessages = pgTable(
  'kick_webhook_messages',
  {
    messageId: text('message_id').primaryKey(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kick_webhook_messages_received_idx').on(t.receivedAt)],
);

/** A completed race's final standings and prizes (kept at completion; prizes for the admin to pay). */
export const raceResults = pgTable(
  'race_results',
  {
    leaderboardId: uuid('leaderboard_id')
      .notNull()
      .references(() => leaderboards.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    wageredCents: bigint('wagered_cents', { mode: 'number' }).notNull(),
    tickets: bigint('tickets', { mode: 'number' }).notNull(),
    prize: bigint('prize', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When an admin marked this position's prize paid (once; migration 0008). */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidBy: uuid('paid_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.leaderboardId, t.position] })],
);

/**
 * The standings of running races, kept by modules/races/race-standings.ts: refreshed in the
 * transaction of every wager write at the race's partner and by the scheduled job when a race
 * changed, so a public read is an indexed top-18 select instead of an aggregate over the window.
 */
export const raceStandings = pgTable(
  'race_standings',
  {
    leaderboardId: uuid('leaderboard_id')
      .notNull()
      .references(() => leaderboards.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cents: bigint('cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.leaderboardId, t.position] }), index('race_standings_leaderboard_user_idx').on(t.leaderboardId, t.userId)],
);

/** When a race's kept standings were computed, and how many participants they had. */
export const raceStandingsState = pgTable('race_standings_state', {
  leaderboardId: uuid('leaderboard_id')
    .primaryKey()
    .references(() => leaderboards.id, { onDelete: 'cascade' }),
  participants: integer('participants').notNull(),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
  /** The race's revision these standings were computed from; -1 for rows from before 0016 (stale). */
  raceRevision: integer('race_revision').notNull().default(-1),
});

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

/**
 * Signed-in sessions: one row per refresh-token family (id = refresh_tokens.family_id),
 * with the device (user agent), address and last use shown in Settings. Ending a session revokes its
 * family, so its next refresh fails. mfa_verified_at is set when the session passed the second factor.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    mfaVerifiedAt: timestamp('mfa_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/** Password reset links: SHA-256 of the token stored; 30 minutes, single use. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * TOTP (RFC 6238) of a user. enabled_at is null while an enrolment awaits its first code.
 * last_time_step is the newest time step a code was accepted for: older or equal steps are refused
 * (no replay).
 */
export const userTotp = pgTable('user_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes of the second factor, stored as SHA-256 (80 random bits each). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** The second step of a login: the mfaToken's SHA-256, 5 minutes, single use, few attempts. */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    persistent: boolean('persistent').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mfa_challenges_user_idx').on(t.userId)],
);

// ---- Stream (Kick channel, stream points, chat commands) ----

/** A Kick account asking to link to a user (a UID pasted in chat); the user confirms on the profile within 15 minutes. */
export const kickLinkRequests = pgTable('kick_link_requests', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  kickUserId: text('kick_user_id').notNull(),
  kickUsername: text('kick_username').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

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

/**
 * Every stream credit once by its key (block and viewer, or Kick event id). user_id null = held for
 * a Kick viewer who has not linked yet; released_at is set when linking paid it out.
 */
export const streamCredits = pgTable(
  'stream_credits',
  {
    key: text('key').primaryKey(),
    kickUserId: text('kick_user_id').notNull(),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('stream_commands_name_idx').on(sql`lower(${t.name})`)],
);
// ---------- Gadgets: King of the Hill and Interactive How-To's ----------

/**
 * King of the Hill periods: one active at a time (partial unique index). The end-of-period job flips
 * the status in a conditional update, so the prize is credited once across servers.
 */
export const kothPeriods = pgTable(
  'koth_periods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    prizePoints: bigint('prize_points', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('active'),
    winnerId: uuid('winner_id').references(() => users.id, { onDelete: 'set null' }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('koth_periods_one_active_idx')
      .on(t.status)
      .where(sql`${t.status} = 'active'`),
    check('koth_periods_status_known', sql`${t.status} IN ('active', 'ended')`),
    check('koth_periods_prize_nonnegative', sql`${t.prizePoints} >= 0`),
  ],
);

/**
 * Claims of the hill (USD cents, multiplier = win / bet). A verified claim is a reign: it starts at
 * decidedAt and ends at reignEndedAt (the next verified claim, or the period's end).
 */
export const kothClaims = pgTable(
  'koth_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    periodId: uuid('period_id')
      .notNull()
      .references(() => kothPeriods.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slot: text('slot').notNull(),
    betCents: bigint('bet_cents', { mode: 'number' }).notNull(),
    winCents: bigint('win_cents', { mode: 'number' }).notNull(),
    multiplier: doublePrecision('multiplier').notNull(),
    betUrl: text('bet_url').notNull(),
    screenshotUrl: text('screenshot_url'),
    status: text('status').notNull().default('pending'),
    declineReason: text('decline_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    reignEndedAt: timestamp('reign_ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('koth_claims_period_idx').on(t.periodId, t.status),
    index('koth_claims_user_idx').on(t.userId),
    check('koth_claims_status_known', sql`${t.status} IN ('pending', 'verified', 'declined')`),
    check('koth_claims_amounts_positive', sql`${t.betCents} > 0 AND ${t.winCents} > 0`),
  ],
);

/** How-To steps done in the browser that leave no other trace (a verified game round or raffle draw). */
export const howToSteps = pgTable(
  'how_to_steps',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.step] })],
);

/** The Get started bonus, once per member: the row's key is inserted in the credit's transaction. */
export const howToBonusClaims = pgTable('how_to_bonus_claims', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  points: bigint('points', { mode: 'number' }).notNull(),
  creditedAt: timestamp('credited_at', { withTimezone: true }).notNull().defaultNow(),
});

// --- Streamer's toolkit: Slot Hub, bonus hunts, Guess the Balance, Random Slot Picker ---

/**
 * Slot Hub's catalogue. RTP in hundredths of a percent (9650 = 96.50 %), max win × bet; null when
 * no figure is known with confidence. Name and provider are unique together, case-insensitively
 * (the CSV import updates the slot it names).
 */
export const slots = pgTable(
  'slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    provider: text('provider').notNull(),
    rtpBp: integer('rtp_bp'),
    volatility: text('volatility'),
    maxWin: integer('max_win'),
    releaseYear: integer('release_year'),
    imageUrl: text('image_url'),
    source: text('source'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('slots_name_provider_idx').on(sql`lower(${t.name})`, sql`lower(${t.provider})`),
    index('slots_provider_idx').on(t.provider),
    check('slots_rtp_range', sql`${t.rtpBp} BETWEEN 100 AND 10000`),
  ],
);

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

/** The committed server seed of a member's next pick (its hash is shown before the spin) and the nonce. */
export const pickerSeeds = pgTable('picker_seeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  serverSeed: text('server_seed').notNull(),
  nonce: integer('nonce').notNull().default(0),
});

/** A pick with everything needed to reproduce it (seeds revealed, the exact list). */
export const slotPicks = pgTable(
  'slot_picks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => slots.id, { onDelete: 'cascade' }),
    serverSeed: text('server_seed').notNull(),
    clientSeed: text('client_seed').notNull(),
    nonce: integer('nonce').notNull(),
    slotIds: jsonb('slot_ids').$type<string[]>().notNull(),
    listDigest: text('list_digest').notNull(),
    pickIndex: integer('pick_index').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('slot_picks_user_idx').on(t.userId, t.createdAt)],
);

// ---- Notifications: the member's inbox, its mail queue and the e-mail preferences ----

/**
 * The live channel's event numbers, the same on every server (platform/event-bus.ts): the SSE id a
 * stream resumes after.
 */
export const liveEventSeq = pgSequence('live_event_seq');

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

// ---------- Stream: custom commands' cooldowns across servers ----------

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

// ---------- Chat giveaways (modules/giveaways) ----------

/**
 * A chat giveaway: the seed commitment at the start, the entrant list fixed at close (entrants and
 * their tickets' digest public, entrant_refs private), the seed and each draw round at the draw.
 */
export const giveaways = pgTable(
  'giveaways',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    giveawayNumber: integer('giveaway_number').generatedAlwaysAsIdentity().notNull().unique(),
    prize: text('prize').notNull(),
    prizePoints: bigint('prize_points', { mode: 'number' }),
    keyword: text('keyword').notNull(),
    winners: integer('winners').notNull(),
    entryMode: text('entry_mode').notNull(),
    subscriberLuck: integer('subscriber_luck').notNull().default(1),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    seed: text('seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    entrants: jsonb('entrants').$type<{ id: string; weight: number }[]>(),
    entrantRefs: jsonb('entrant_refs').$type<{ id: string; kickUserId: string; kickUsername: string }[]>(),
    entriesDigest: text('entries_digest'),
    bannedExcluded: integer('banned_excluded'),
    rounds: jsonb('rounds')
      .$type<{ round: number; excluded: string[]; winners: number; entriesDigest: string; winnerIds: string[] }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('giveaways_one_open_idx')
      .on(sql`(true)`)
      .where(sql`${t.closedAt} IS NULL`),
    index('giveaways_created_idx').on(t.createdAt),
    check('giveaways_winners_range', sql`${t.winners} BETWEEN 1 AND 20`),
    check('giveaways_luck_range', sql`${t.subscriberLuck} BETWEEN 1 AND 3`),
    check('giveaways_entry_mode_known', sql`${t.entryMode} IN ('linked', 'anyone')`),
    check('giveaways_prize_points_positive', sql`${t.prizePoints} IS NULL OR ${t.prizePoints} > 0`),
  ],
);

/** One entry per Kick account per giveaway (the primary key enforces it). */
export const giveawayEntries = pgTable(
  'giveaway_entries',
  {
    giveawayId: uuid('giveaway_id')
      .notNull()
      .references(() => giveaways.id, { onDelete: 'cascade' }),
    kickUserId: text('kick_user_id').notNull(),
    kickUsername: text('kick_username').notNull(),
    isSubscriber: boolean('is_subscriber').notNull().default(false),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.giveawayId, t.kickUserId] })],
);

/** A giveaway's winners, one row per draw pick (a redraw adds a row and marks the one it replaces). */
export const giveawayWinners = pgTable(
  'giveaway_winners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    giveawayId: uuid('giveaway_id')
      .notNull()
      .references(() => giveaways.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    position: integer('position').notNull(),
    entrantId: text('entrant_id').notNull(),
    kickUserId: text('kick_user_id').notNull(),
    kickUsername: text('kick_username').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull(),
    claimBy: timestamp('claim_by', { withTimezone: true }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('giveaway_winners_entrant_idx').on(t.giveawayId, t.entrantId),
    index('giveaway_winners_unclaimed_idx')
      .on(t.kickUserId)
      .where(sql`${t.status} = 'unclaimed'`),
    check('giveaway_winners_status_known', sql`${t.status} IN ('credited', 'awaiting_fulfilment', 'fulfilled', 'unclaimed', 'replaced', 'held')`),
  ],
);

// ---------- Chat moderation ----------

/**
 * A Kick user's recent offences (times within the window; older ones are dropped on each new one),
 * added and counted in one conditional upsert that locks the row (servers agree on the count).
 */
export const chatModerationOffenders = pgTable(
  'chat_moderation_offenders',
  {
    kickUserId: text('kick_user_id').primaryKey(),
    username: text('username').notNull(),
    offences: timestamp('offences', { withTimezone: true }).array().notNull(),
    lastOffenceAt: timestamp('last_offence_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('chat_moderation_offenders_last_idx').on(t.lastOffenceAt)],
);

/** A site Chat ban put in force in Kick's chat (once per restriction; again after a capped timeout ends). */
export const chatModerationEnforcements = pgTable('chat_moderation_enforcements', {
  restrictionId: uuid('restriction_id')
    .primaryKey()
    .references(() => userRestrictions.id, { onDelete: 'cascade' }),
  /** The end of the Kick timeout; null: a permanent ban. */
  timedOutUntil: timestamp('timed_out_until', { withTimezone: true }),
  enforcedAt: timestamp('enforced_at', { withTimezone: true }).notNull(),
});

// ---------- Deal or No Deal (the stream game) ----------

/** One offer of the banker in a round in play (@app/shared/games/deal-or-no-deal). */
export type DondOfferRow = { round: number; amount: number; sharePercent: number; answer: 'deal' | 'no_deal' | null };

/**
 * A Deal or No Deal round: the values in the admin's order, the seeds (server seed secret until the
 * round ends), the contestant's draw and the play. At most one round is not ended (dond_rounds_one_live).
 */
export const dondRounds = pgTable(
  'dond_rounds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roundNumber: integer('round_number').generatedAlwaysAsIdentity().notNull().unique(),
    status: text('status').notNull().default('draft'),
    caseValues: jsonb('case_values').$type<number[]>().notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    entriesDigest: text('entries_digest'),
    entrantUids: jsonb('entrant_uids').$type<string[]>(),
    contestantId: uuid('contestant_id').references(() => users.id, { onDelete: 'set null' }),
    contestantUid: text('contestant_uid'),
    ownCase: integer('own_case'),
    opened: jsonb('opened').$type<number[]>().notNull().default([]),
    offers: jsonb('offers').$type<DondOfferRow[]>().notNull().default([]),
    outcome: text('outcome'),
    prize: bigint('prize', { mode: 'number' }),
    autoDeal: boolean('auto_deal').notNull().default(false),
    finalCase: integer('final_case'),
    /** Why the round ended without the contestant's answer: 'restricted' (restricted mid-round: no prize; migration 0027). */
    endReason: text('end_reason'),
    lastActionAt: timestamp('last_action_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('dond_rounds_one_live')
      .on(sql`(true)`)
      .where(sql`${t.status} in ('draft', 'open', 'playing')`),
    index('dond_rounds_idle_idx')
      .on(t.lastActionAt)
      .where(sql`${t.status} = 'playing'`),
    check('dond_rounds_status_check', sql`${t.status} in ('draft', 'open', 'playing', 'finished', 'cancelled')`),
    check('dond_rounds_outcome_check', sql`${t.outcome} is null or ${t.outcome} in ('deal', 'keep', 'swap')`),
    check('dond_rounds_end_reason_check', sql`${t.endReason} is null or ${t.endReason} in ('restricted')`),
  ],
);

/** One entry per member per round (web or `!dond`). */
export const dondEntries = pgTable(
  'dond_entries',
  {
    roundId: uuid('round_id')
      .notNull()
      .references(() => dondRounds.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.userId] }), check('dond_entries_source_check', sql`${t.source} in ('web', 'chat')`)],
);
