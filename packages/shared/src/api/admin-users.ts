import { z } from 'zod';

/** Admin users, their activity and restrictions (spec 2 §2 User-details dialog, §3 User, Activity log, §4). */

/**
 * spec 2 §9 Admin: timeouts of 1, 7 or 30 days; feature bans Raffle, Deal or No Deal, Chat, Points
 * Store; a permanent ban. A timeout blocks every spend and entry; a feature ban blocks its feature.
 */
export const RESTRICTION_KINDS = ['timeout', 'ban_raffle', 'ban_dealornodeal', 'ban_chat', 'ban_points_store', 'ban_permanent'] as const;
const RestrictionKindSchema = z.enum(RESTRICTION_KINDS, { error: 'Choose a restriction' });
export type RestrictionKind = z.infer<typeof RestrictionKindSchema>;

/** The words the toasts use: 'Applied {restriction} for {n} days to {user}'. */
export const RESTRICTION_LABELS: Record<RestrictionKind, string> = {
  timeout: 'Timeout',
  ban_raffle: 'Raffle Ban',
  ban_dealornodeal: 'Deal or No Deal Ban',
  ban_chat: 'Chat Ban',
  ban_points_store: 'Points Store Ban',
  ban_permanent: 'Permanent Ban',
};

export const RESTRICTION_DAYS = [1, 7, 30] as const;

/** The features a restriction can block on the server. */
export const RESTRICTED_FEATURES = ['points_store', 'raffle', 'guess_the_balance', 'dealornodeal'] as const;
export type RestrictedFeature = (typeof RESTRICTED_FEATURES)[number];

const RestrictionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  kind: RestrictionKindSchema,
  label: z.string(),
  reason: z.string(),
  /** null: until removed (permanent ban, or a feature ban without days). */
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  days: z.number().int().positive().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  createdBy: z.object({ id: z.string(), username: z.string() }).nullable(),
  revokedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Not revoked and not expired at the time of the answer. */
  active: z.boolean(),
});
export type Restriction = z.infer<typeof RestrictionSchema>;

/**
 * POST /api/admin/users/:id/restrictions → 201 {restriction}. A timeout needs days (1, 7 or 30); a
 * feature ban takes days or none (until removed); a permanent ban takes none. 403 for oneself or an admin.
 */
export const RestrictionInputSchema = z
  .strictObject({
    kind: RestrictionKindSchema,
    days: z
      .union([z.literal(1), z.literal(7), z.literal(30)], { error: 'Days are 1, 7 or 30' })
      .nullable()
      .optional(),
    reason: z.string().trim().max(500, 'A reason is at most 500 characters').default(''),
  })
  .refine((r) => r.kind !== 'timeout' || (r.days !== undefined && r.days !== null), {
    message: 'A timeout needs 1, 7 or 30 days',
    path: ['days'],
  })
  .refine((r) => r.kind !== 'ban_permanent' || r.days === undefined || r.days === null, {
    message: 'A permanent ban has no days',
    path: ['days'],
  });
export type RestrictionInput = z.input<typeof RestrictionInputSchema>;
export const RestrictionResultSchema = z.object({ restriction: RestrictionSchema });
export const RestrictionParamsSchema = z.strictObject({ id: z.uuid('Unknown user'), rid: z.uuid('Unknown restriction') });

/** The user's own view in the profile: it says what is restricted and until when. */
export const OwnRestrictionSchema = z.object({
  kind: RestrictionKindSchema,
  label: z.string(),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
});
export type OwnRestriction = z.infer<typeof OwnRestrictionSchema>;

/** spec 2 §3 User status: Active, Timeout, otherwise banned. */
export const ADMIN_USER_STATUSES = ['Active', 'Timeout', 'Banned'] as const;
const AdminUserStatusSchema = z.enum(ADMIN_USER_STATUSES, { error: 'Unknown status' });
export type AdminUserStatus = z.infer<typeof AdminUserStatusSchema>;

/** One row of the Users table. */
const AdminUserRowSchema = z.object({
  id: z.string(),
  uid: z.string(),
  name: z.string(),
  email: z.string(),
  kickUsername: z.string().nullable(),
  points: z.number().int().nonnegative(),
  status: AdminUserStatusSchema,
  /** Role labels: 'Admin', 'Verified', 'Unverified', and 'Demo player' for the demo feed's sample players. */
  flags: z.array(z.string()),
  isAdmin: z.boolean(),
  joined: z.iso.datetime({ offset: true }),
  lastLogin: z.iso.datetime({ offset: true }).nullable(),
});
export type AdminUserRow = z.infer<typeof AdminUserRowSchema>;

const ADMIN_PAGE_SIZE_MAX = 100;
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(20);

/** GET /api/admin/users?q=&status=&page=&pageSize= (q: username, e-mail, UID or Kick name, case-insensitive). */
export const AdminUserListQuerySchema = z.strictObject({
  q: z.string().trim().max(100, 'A search is at most 100 characters').optional(),
  status: AdminUserStatusSchema.optional(),
  page,
  pageSize,
});
export const AdminUserListSchema = z.object({
  users: z.array(AdminUserRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int().nonnegative(),
});
export type AdminUserList = z.infer<typeof AdminUserListSchema>;

/** spec 2 §3 Casino account (admin user view), as the server knows it (wagers 0 until wagers are ingested). */
const AdminCasinoAccountSchema = z.object({
  platform: z.string(),
  username: z.string(),
  /** Stake and Roobet are affiliates, Duelbits is not (spec 2 §3). */
  isAffiliate: z.boolean(),
  totalWagered: z.number().nonnegative(),
  monthlyWager: z.number().nonnegative(),
  weeklyWager: z.number().nonnegative(),
  prevWeekWager: z.number().nonnegative(),
  prevMonthWager: z.number().nonnegative(),
});
export type AdminCasinoAccount = z.infer<typeof AdminCasinoAccountSchema>;

/** GET /api/admin/users/:id → {user}: spec 2 §3 User plus restrictions. */
const AdminUserDetailSchema = AdminUserRowSchema.extend({
  emailVerified: z.boolean(),
  casinos: z.array(AdminCasinoAccountSchema),
  /** Active restrictions first, then past ones, newest first. */
  restrictions: z.array(RestrictionSchema),
  stats: z.object({
    orders: z.number().int().nonnegative(),
    raffleEntries: z.number().int().nonnegative(),
    pointsEarned: z.number().int().nonnegative(),
    pointsSpent: z.number().int().nonnegative(),
  }),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;
export const AdminUserResultSchema = z.object({ user: AdminUserDetailSchema });

/** spec 2 §3 Activity log, from real data. */
const USER_ACTIVITY_TYPES = ['sign_in', 'redemption', 'raffle_entry', 'points', 'restriction', 'admin'] as const;
const UserActivityTypeSchema = z.enum(USER_ACTIVITY_TYPES);
const UserActivitySchema = z.object({
  id: z.string(),
  type: UserActivityTypeSchema,
  action: z.string(),
  details: z.string(),
  timestamp: z.iso.datetime({ offset: true }),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** Not derived from the IP (no geo database): null unless known. */
  location: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
});
export type UserActivity = z.infer<typeof UserActivitySchema>;

/** GET /api/admin/users/:id/activity?type=&page=&pageSize= → newest first. */
export const UserActivityQuerySchema = z.strictObject({ type: UserActivityTypeSchema.optional(), page, pageSize });
export const UserActivityPageSchema = z.object({
  items: z.array(UserActivitySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int().nonnegative(),
});
export type UserActivityPage = z.infer<typeof UserActivityPageSchema>;
