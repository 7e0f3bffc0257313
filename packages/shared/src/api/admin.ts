import { z } from 'zod';

/** Admin overview, audit activity, bot features and quick search (spec 2 §2, §3, §4). */

/** One overview figure and its change against 30 days earlier. */
const OverviewStatSchema = z.object({
  value: z.number(),
  /** The same figure as of 30 days ago. */
  previous: z.number(),
  /** (value - previous) / previous in percent, one decimal; null when previous is too small to compare (under 10). */
  changePercent: z.number().nullable(),
});
export type OverviewStat = z.infer<typeof OverviewStatSchema>;

/** spec 2 §3 Bot feature: the five features and their saved switches. */
export const BOT_FEATURE_IDS = ['dealornodeal', 'giveaway', 'points', 'commands', 'moderation'] as const;
const BotFeatureIdSchema = z.enum(BOT_FEATURE_IDS, { error: 'Unknown bot feature' });
export type BotFeatureId = z.infer<typeof BotFeatureIdSchema>;
const BotFeatureSchema = z.object({
  id: BotFeatureIdSchema,
  name: z.string(),
  status: z.boolean(),
  description: z.string(),
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type BotFeature = z.infer<typeof BotFeatureSchema>;
/** GET /api/admin/bot-features → {features}. */
export const BotFeatureListSchema = z.object({ features: z.array(BotFeatureSchema) });
/** PUT /api/admin/bot-features/:id {status} → {feature}. */
export const BotFeatureParamsSchema = z.strictObject({ id: BotFeatureIdSchema });
export const BotFeatureInputSchema = z.strictObject({ status: z.boolean({ error: 'status is true or false' }) });
export const BotFeatureResultSchema = z.object({ feature: BotFeatureSchema });

/** GET /api/admin/overview. */
export const AdminOverviewSchema = z.object({
  stats: z.object({
    totalUsers: OverviewStatSchema,
    activeRaffles: OverviewStatSchema,
    /** There are no challenges on the server yet: 0, said honestly (note). */
    activeChallenges: OverviewStatSchema.extend({ note: z.string() }),
    /** Points credited through the ledger (all positive ledger rows). */
    pointsDistributed: OverviewStatSchema,
  }),
  system: z.object({
    version: z.string(),
    /** Build time of the running server; null when unknown (run from source). */
    lastUpdated: z.iso.datetime({ offset: true }).nullable(),
    serverStatus: z.enum(['Online']),
    databaseStatus: z.enum(['Connected', 'Unavailable']),
    database: z.enum(['pglite', 'postgres']),
  }),
  bot: z.array(BotFeatureSchema),
});
export type AdminOverview = z.infer<typeof AdminOverviewSchema>;

/**
 * Latest Activity / audit log types. spec 2 §3 names raffle, challenge, user, points, level; races,
 * affiliates, store and settings are the other admin writes (shown under All Activities).
 */
export const ACTIVITY_TYPES = ['raffle', 'challenge', 'user', 'points', 'level', 'race', 'affiliate', 'store', 'settings'] as const;
const ActivityTypeSchema = z.enum(ACTIVITY_TYPES, { error: 'Unknown activity type' });
export type ActivityType = z.infer<typeof ActivityTypeSchema>;

/** One audit row: actor, action, target, what changed, IP, user agent, time. */
const AuditEntrySchema = z.object({
  id: z.string(),
  /** spec 2 §3 Activity item fields: type, title, details, time. */
  type: ActivityTypeSchema,
  title: z.string(),
  details: z.string(),
  time: z.iso.datetime({ offset: true }),
  /** e.g. 'leaderboard.create', 'restriction.apply', 'order.decline'. */
  action: z.string(),
  actor: z.object({ id: z.string(), username: z.string() }).nullable(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** The target by name (a user's username, a raffle's title…) and the admin screen that manages it. */
  target: z.object({ label: z.string(), name: z.string().nullable(), href: z.string().nullable() }).optional(),
  changes: z.record(z.string(), z.unknown()).nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** GET /api/admin/activity?type=&page=&pageSize= → newest first. */
export const AuditQuerySchema = z.strictObject({
  type: ActivityTypeSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export const AuditPageSchema = z.object({
  items: z.array(AuditEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int().nonnegative(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

/** spec 2 §2 Quick Search categories. */
export const SEARCH_CATEGORIES = ['users', 'affiliates', 'raffles', 'challenges', 'store_items', 'orders', 'bets', 'redeems'] as const;
const SearchCategorySchema = z.enum(SEARCH_CATEGORIES, { error: 'Unknown search category' });
export type SearchCategory = z.infer<typeof SearchCategorySchema>;

/**
 * The filters each category accepts in `status` (comma-separated; any other value is a 400).
 * Raffles default Active and Upcoming on, challenges Active on (spec 2 §2, applied by the client).
 */
export const SEARCH_STATUS_FILTERS: Record<SearchCategory, readonly string[]> = {
  users: ['Active', 'Timeout', 'Banned'],
  affiliates: ['Active', 'Pending', 'Suspended'],
  raffles: ['Active', 'Upcoming', 'Pending', 'Completed'],
  challenges: ['Active', 'Upcoming', 'Completed'],
  store_items: ['active', 'inactive', 'featured', 'in_stock', 'sold_out'],
  orders: ['pending', 'paid', 'declined'],
  bets: ['win', 'lose'],
  redeems: ['store_redeem', 'raffle_entry', 'admin_revoke'],
};

const SearchDateSchema = z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error: 'Enter a valid date' });

/**
 * GET /api/admin/search?category=&q=&from=&to=&status=&partner=&category2= : From/To bound the item's
 * date (created, joined or start), `to` inclusive of its whole day when a plain date.
 */
export const SearchQuerySchema = z
  .strictObject({
    category: SearchCategorySchema,
    q: z.string().trim().max(100, 'A search is at most 100 characters').optional(),
    from: SearchDateSchema.optional(),
    to: SearchDateSchema.optional(),
    /** Comma-separated values from SEARCH_STATUS_FILTERS[category]. */
    status: z.string().trim().max(200).optional(),
    /** Affiliates only: a partner name. */
    partner: z.string().trim().max(40).optional(),
    /** Store items only: cashbacks, bonuses, merchandise or vip. */
    rewardCategory: z.string().trim().max(40).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .refine((r) => !r.from || !r.to || Date.parse(r.from) <= Date.parse(r.to), {
    message: 'From must not be after To',
    path: ['to'],
  });

const SearchResultSchema = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  status: z.string().nullable(),
  date: z.iso.datetime({ offset: true }).nullable(),
  /** The admin screen that shows this item, e.g. '/admin/users?id=...'. */
  link: z.string(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SearchResponseSchema = z.object({
  category: SearchCategorySchema,
  results: z.array(SearchResultSchema),
  /** Said when the server keeps nothing for the category (challenges, bets). */
  note: z.string().nullable(),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
