import { z } from 'zod';
import { PARTNER_NAMES } from '../domain/leaderboards.ts';

/** Admin affiliates and their payouts (spec 2 §2 Affiliates screen, §3 Affiliate, §4). */

export const AFFILIATE_STATUSES = ['Active', 'Pending', 'Suspended'] as const;
const AffiliateStatusSchema = z.enum(AFFILIATE_STATUSES, { error: 'Choose a status' });
export const PAYOUT_METHODS = ['PayPal', 'Bank Transfer', 'Crypto'] as const;
const PayoutMethodSchema = z.enum(PAYOUT_METHODS, { error: 'Choose a payout method' });
const PartnerNameSchema = z.enum(PARTNER_NAMES, { error: 'Choose a partner' });

/** spec 2 §3 Affiliate. Money in USD with cents; conversionRate is a percent (0 to 100). */
const AffiliateSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  totalEarnings: z.number().nonnegative(),
  status: AffiliateStatusSchema,
  joinDate: z.iso.datetime({ offset: true }),
  lastActive: z.iso.datetime({ offset: true }).nullable(),
  payoutMethod: PayoutMethodSchema,
  totalClicks: z.number().int().nonnegative(),
  conversionRate: z.number().min(0).max(100),
  partner: PartnerNameSchema,
  /** Sum of the recorded payouts (USD). */
  totalPaidOut: z.number().nonnegative(),
});
export type Affiliate = z.infer<typeof AffiliateSchema>;

/** GET /api/admin/affiliates?partner= → the list (newest first) and the three summary cards over it. */
export const AffiliateListQuerySchema = z.strictObject({ partner: PartnerNameSchema.optional() });
export const AffiliateListSchema = z.object({
  affiliates: z.array(AffiliateSchema),
  summary: z.object({
    totalAffiliates: z.number().int().nonnegative(),
    totalEarnings: z.number().nonnegative(),
    /** Mean conversion rate in percent, to one decimal; 0 with no affiliates. */
    avgConversionRate: z.number().nonnegative(),
  }),
});
export type AffiliateList = z.infer<typeof AffiliateListSchema>;

const money = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .nonnegative(`${what} cannot be negative`)
    .max(1_000_000_000, `${what} is too large`)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${what} has at most 2 decimals`);

/** POST /api/admin/affiliates (201 → {affiliate}) and PUT /api/admin/affiliates/:id (the whole form → {affiliate}). */
export const AffiliateInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Enter a name').max(120, 'A name is at most 120 characters'),
  email: z.email('Enter a valid e-mail address').max(254),
  partner: PartnerNameSchema,
  status: AffiliateStatusSchema.default('Pending'),
  payoutMethod: PayoutMethodSchema.default('PayPal'),
  totalEarnings: money('Total earnings').default(0),
  totalClicks: z.number().int('Clicks are a whole number').nonnegative('Clicks cannot be negative').max(2_000_000_000).default(0),
  conversionRate: z.number().min(0, 'The conversion rate is 0 to 100').max(100, 'The conversion rate is 0 to 100').default(0),
  joinDate: z.iso.datetime({ offset: true }).optional(),
  lastActive: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type AffiliateInput = z.input<typeof AffiliateInputSchema>;

export const AffiliateResultSchema = z.object({ affiliate: AffiliateSchema });

/** A recorded payout (the Payouts tab). */
const AffiliatePayoutSchema = z.object({
  id: z.string(),
  affiliateId: z.string(),
  amount: z.number().positive(),
  method: PayoutMethodSchema,
  note: z.string(),
  status: z.literal('Completed'),
  createdBy: z.object({ id: z.string(), username: z.string() }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AffiliatePayout = z.infer<typeof AffiliatePayoutSchema>;

/** GET /api/admin/affiliates/:id/payouts → newest first. */
export const AffiliatePayoutListSchema = z.object({ payouts: z.array(AffiliatePayoutSchema) });

/** POST /api/admin/affiliates/:id/payouts (Process Payout) → 201 {payout}. method defaults to the affiliate's. */
export const AffiliatePayoutInputSchema = z.strictObject({
  amount: money('The amount').refine((n) => n > 0, 'The amount must be above 0'),
  method: PayoutMethodSchema.optional(),
  note: z.string().trim().max(500, 'A note is at most 500 characters').default(''),
});
export type AffiliatePayoutInput = z.input<typeof AffiliatePayoutInputSchema>;
export const AffiliatePayoutResultSchema = z.object({ payout: AffiliatePayoutSchema });
