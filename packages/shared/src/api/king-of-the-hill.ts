import { z } from 'zod';
import { httpLinkField, moneyField } from './claim-fields';

/**
 * King of the Hill (spec 1 §2 gadgets, "described as VIP-only"): a rolling big-win challenge. A VIP
 * member (VIP tier Bronze or above, spec 2 §9: verified wager of $1,000 or more) claims the hill with
 * a win at a partner casino whose multiplier beats the king's; an admin verifies or declines the
 * claim. A period ends by itself and its last king wins the period's points prize.
 */

/** spec 2 §9: the first VIP tier above Rookie. */
export const KING_OF_THE_HILL_VIP_TIER = 'Bronze';
export const KING_OF_THE_HILL_DEFAULT_PERIOD_DAYS = 7;
export const KING_OF_THE_HILL_DEFAULT_PRIZE_POINTS = 5_000;

const iso = z.iso.datetime({ offset: true });

/** The king (or a past king): username masked like public boards unless they opted in. */
const KingSchema = z.object({
  username: z.string(),
  multiplier: z.number().positive(),
  slot: z.string(),
  /** When the admin verified the claim: the reign's start. */
  since: iso,
  /** The reign's end (dethroned or the period ended); null while reigning. */
  until: iso.nullable(),
  /** Milliseconds held (until now while reigning). */
  heldMs: z.number().int().nonnegative(),
});
export type King = z.infer<typeof KingSchema>;

const KingOfTheHillPeriodSchema = z.object({
  id: z.string(),
  startsAt: iso,
  endsAt: iso,
  prizePoints: z.number().int().nonnegative(),
});
export type KingOfTheHillPeriod = z.infer<typeof KingOfTheHillPeriodSchema>;

const KING_OF_THE_HILL_CLAIM_STATUSES = ['pending', 'verified', 'declined'] as const;

export const KingOfTheHillClaimSchema = z.object({
  id: z.string(),
  slot: z.string(),
  bet: z.number().positive(),
  win: z.number().positive(),
  multiplier: z.number().positive(),
  betUrl: z.string(),
  screenshotUrl: z.string().nullable(),
  status: z.enum(KING_OF_THE_HILL_CLAIM_STATUSES),
  /** The admin's reason, on a declined claim. */
  declineReason: z.string().nullable(),
  createdAt: iso,
  decidedAt: iso.nullable(),
});
export type KingOfTheHillClaim = z.infer<typeof KingOfTheHillClaimSchema>;

/** An ended period: its kings in order, and the winner (the king at the end) with the prize credited. */
const KingOfTheHillHistoryEntrySchema = z.object({
  period: KingOfTheHillPeriodSchema,
  kings: z.array(KingSchema),
  winner: z.object({ username: z.string(), prizePoints: z.number().int().nonnegative() }).nullable(),
});
export type KingOfTheHillHistoryEntry = z.infer<typeof KingOfTheHillHistoryEntrySchema>;

/** The caller's standing against the VIP rule, decided on the server. */
const KingOfTheHillVipSchema = z.object({
  isVip: z.boolean(),
  tier: z.string(),
  /** Verified wager (USD) at earning partners. */
  totalWagered: z.number().nonnegative(),
  requiredWager: z.number().positive(),
});
export type KingOfTheHillVip = z.infer<typeof KingOfTheHillVipSchema>;

/** GET /api/king-of-the-hill */
export const HillSchema = z.object({
  period: KingOfTheHillPeriodSchema,
  king: KingSchema.nullable(),
  vip: KingOfTheHillVipSchema,
  /** The caller's claims in this period, newest first. */
  myClaims: z.array(KingOfTheHillClaimSchema),
  history: z.array(KingOfTheHillHistoryEntrySchema),
});
export type Hill = z.infer<typeof HillSchema>;

/** POST /api/king-of-the-hill/claims: the win, USD. The multiplier is computed (win / bet). */
export const KingOfTheHillClaimInputSchema = z.strictObject({
  slot: z.string().trim().min(1, 'Name the slot').max(80, 'A slot name is at most 80 characters'),
  bet: moneyField('The bet'),
  win: moneyField('The win'),
  betUrl: httpLinkField('The bet link'),
  screenshotUrl: httpLinkField('The screenshot link').optional(),
});
export type KingOfTheHillClaimInput = z.infer<typeof KingOfTheHillClaimInputSchema>;

/** win / bet from cents, as the server computes it. */
export function kingOfTheHillMultiplier(bet: number, win: number): number {
  return Math.round(win * 100) / Math.round(bet * 100);
}

/** The admin's view of a claim: with the claimant (unmasked). */
const AdminKingOfTheHillClaimSchema = KingOfTheHillClaimSchema.extend({
  user: z.object({ id: z.string(), username: z.string() }),
  periodId: z.string(),
});
export type AdminKingOfTheHillClaim = z.infer<typeof AdminKingOfTheHillClaimSchema>;

export const KingOfTheHillSettingsSchema = z.strictObject({
  periodDays: z.number({ error: 'Days must be a whole number' }).int('Days must be a whole number').min(1, 'At least 1 day').max(90, 'At most 90 days'),
  prizePoints: z
    .number({ error: 'Points must be a whole number' })
    .int('Points must be a whole number')
    .min(0, 'Points cannot be negative')
    .max(1_000_000_000, 'Points are too many'),
});
export type KingOfTheHillSettings = z.infer<typeof KingOfTheHillSettingsSchema>;

/** GET /api/admin/king-of-the-hill: pending claims first, then the newest decided. */
export const AdminHillSchema = z.object({
  settings: KingOfTheHillSettingsSchema,
  period: KingOfTheHillPeriodSchema,
  king: KingSchema.nullable(),
  claims: z.array(AdminKingOfTheHillClaimSchema),
  history: z.array(KingOfTheHillHistoryEntrySchema),
});
export type AdminHill = z.infer<typeof AdminHillSchema>;

export const KingOfTheHillDeclineSchema = z.strictObject({
  reason: z.string().trim().min(1, 'Give a reason').max(300, 'A reason is at most 300 characters'),
});

export const AdminKingOfTheHillClaimResultSchema = z.object({ claim: AdminKingOfTheHillClaimSchema });
