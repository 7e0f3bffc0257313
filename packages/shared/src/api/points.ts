import { z } from 'zod';

/**
 * The points ledger API. Every change of a balance is one ledger row; users.points is the
 * cache of the sum of a user's rows. Amounts are whole points.
 */

const LEDGER_REASONS = [
  'store_redeem',
  'store_refund',
  'raffle_entry',
  'raffle_prize',
  'admin_grant',
  'admin_revoke',
  'signup_bonus',
  'wager_credit',
  'level_reward',
  'gtb_entry',
  'gtb_prize',
  'koth_prize',
  'how_to_bonus',
  // Stream points (Kick): presence blocks, and the follow, subscription, gift and KICKs bonuses.
  'stream_activity',
  'stream_follow',
  'stream_subscription',
  'stream_gift',
  'stream_kicks',
  'giveaway_prize',
  // Deal or No Deal: the contestant's prize.
  'dond_prize',
  // Challenges: a winning claim's prize.
  'challenge_prize',
  // The public API's points adjustments (an API token), and a points import file.
  'api_adjustment',
  'import',
  // Predictions: a stake, a winner's payout, a refund (nobody won, or cancelled).
  'prediction_stake',
  'prediction_payout',
  'prediction_refund',
] as const;
const LedgerReasonSchema = z.enum(LEDGER_REASONS);
export type LedgerReason = z.infer<typeof LedgerReasonSchema>;

/** What a ledger row refers to (an order, a raffle, ...), when anything. */
export const LEDGER_REF_TYPES = [
  'order',
  'raffle',
  'raffle_entry',
  'admin',
  'wager',
  'promo',
  'level',
  'koth_period',
  'how_to',
  'bonus_hunt',
  'stream',
  'dond_round',
  'giveaway',
  'challenge_claim',
  'api_token',
  'points_import',
  'prediction',
] as const;

/** One ledger row as the owner sees it (GET /api/points/ledger). */
const LedgerEntrySchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  balanceAfter: z.number().int().nonnegative(),
  reason: LedgerReasonSchema,
  refType: z.enum(LEDGER_REF_TYPES).nullable(),
  refId: z.string().nullable(),
  /** A human note (the admin's reason for a grant, the reward or raffle name). */
  note: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

const LEDGER_PAGE_SIZE_MAX = 100;

/** GET /api/points/ledger?page=&pageSize= (page from 1, newest first). */
export const LedgerQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(LEDGER_PAGE_SIZE_MAX).default(20),
});
export type LedgerQuery = z.infer<typeof LedgerQuerySchema>;

export const LedgerPageSchema = z.object({
  entries: z.array(LedgerEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  points: z.number().int().nonnegative(),
});
export type LedgerPage = z.infer<typeof LedgerPageSchema>;

/** GET /api/admin/ledger/check: every balance recomputed from the ledger. */
export const LedgerCheckSchema = z.object({
  ok: z.boolean(),
  users: z.number().int(),
  mismatches: z.array(z.object({ userId: z.string(), username: z.string(), points: z.number().int(), ledgerSum: z.number().int() })),
});
export type LedgerCheck = z.infer<typeof LedgerCheckSchema>;

/** POST /api/admin/users/:id/points: a positive amount grants, a negative one revokes (never below zero). */
export const AdminPointsBodySchema = z.strictObject({
  amount: z
    .number({ error: 'Amount must be a whole number' })
    .int('Amount must be a whole number')
    .refine((n) => n !== 0, 'Amount must not be zero')
    .refine((n) => Math.abs(n) <= 1_000_000_000, 'Amount is too large'),
  reason: z.string().trim().min(1, 'Give a reason').max(500, 'A reason is at most 500 characters'),
});
export type AdminPointsBody = z.infer<typeof AdminPointsBodySchema>;

export const AdminPointsResultSchema = z.object({ userId: z.string(), points: z.number().int().nonnegative(), entry: LedgerEntrySchema });

/** Idempotency-Key header: 1 to 255 visible ASCII characters. */
const IDEMPOTENCY_KEY_MAX = 255;
export const IdempotencyKeySchema = z
  .string()
  .min(1, 'Idempotency-Key must not be empty')
  .max(IDEMPOTENCY_KEY_MAX, `Idempotency-Key is at most ${IDEMPOTENCY_KEY_MAX} characters`)
  .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be visible ASCII characters');
