import { z } from 'zod';

/**
 * Casino accounts (spec 1 §3 and §5, spec 2 §3): a user links one username per partner
 * platform; an admin verifies or rejects it. Only verified accounts at affiliate partners earn.
 */

/** spec 1 §3 Partners, plus Duelbits, which can be linked but is not in the affiliate book. */
export const PARTNERS = [
  { id: 'p1', name: 'Stake', earns: true },
  { id: 'p2', name: 'Roobet', earns: true },
  { id: 'p3', name: 'BC.Game', earns: true },
  { id: 'p4', name: 'Rollbit', earns: true },
  { id: 'p5', name: 'Gamdom', earns: true },
  { id: 'duelbits', name: 'Duelbits', earns: false },
] as const;
export type PartnerId = (typeof PARTNERS)[number]['id'];
export const PARTNER_IDS = PARTNERS.map((p) => p.id) as [PartnerId, ...PartnerId[]];
/** The partners whose wagers are imported and earn (everything but Duelbits). */
export const EARNING_PARTNER_IDS = PARTNERS.filter((p) => p.earns).map((p) => p.id) as [PartnerId, ...PartnerId[]];

/** Whether a partner's verified accounts earn points and XP (its `earns` flag; an unknown id does not). */
export function partnerEarns(id: string): boolean {
  return PARTNERS.some((p) => p.id === id && p.earns);
}

/** spec 1 §5: the platforms the profile's "Add casino account" form offers, in its order. */
export const PROFILE_CASINO_PLATFORMS = PARTNERS.filter((p) => (['Stake', 'Roobet', 'Rollbit', 'Duelbits'] as string[]).includes(p.name));

/** spec 1 §5: shown when a partner that does not earn (Duelbits) is chosen. */
export const NOT_EARNING_WARNING = "This casino is not in our affiliate book. You won't earn points from your wagering.";

/** The partner id of a platform name or id ('Stake', 'stake', 'p1' → 'p1'); undefined when unknown. */
export function partnerIdOf(platform: string): PartnerId | undefined {
  const key = platform.trim().toLowerCase();
  const found = PARTNERS.find((p) => p.id === key || p.name.toLowerCase() === key || p.name.toLowerCase().replace('.', '') === key);
  return found?.id;
}

/** The display name of a partner id ('p1' → 'Stake'). */
export function partnerName(id: string): string {
  return PARTNERS.find((p) => p.id === id)?.name ?? id;
}

const CASINO_ACCOUNT_STATES = ['pending', 'verified', 'rejected'] as const;
const CasinoAccountStateSchema = z.enum(CASINO_ACCOUNT_STATES);
export type CasinoAccountState = z.infer<typeof CasinoAccountStateSchema>;

export const CASINO_USERNAME_MAX = 50;

/** POST /api/casino-accounts (spec 1 §5: both required, else 'Please enter both platform and username'). */
export const LinkCasinoAccountBodySchema = z.strictObject({
  platform: z
    .string({ error: 'Please enter both platform and username' })
    .trim()
    .min(1, 'Please enter both platform and username')
    .refine((value) => partnerIdOf(value) !== undefined, 'Choose one of the listed platforms'),
  username: z
    .string({ error: 'Please enter both platform and username' })
    .trim()
    .min(1, 'Please enter both platform and username')
    .max(CASINO_USERNAME_MAX, `A username is at most ${CASINO_USERNAME_MAX} characters`),
});
export type LinkCasinoAccountBody = z.input<typeof LinkCasinoAccountBodySchema>;

/** A linked account as its owner sees it: spec 1 §3 casino account plus its id, partner and state. Wagers in USD. */
export const CasinoAccountLinkSchema = z.object({
  id: z.string(),
  partnerId: z.enum(PARTNER_IDS),
  platform: z.string(),
  username: z.string(),
  state: CasinoAccountStateSchema,
  /** Verified (spec 1 §3 `connected`). */
  connected: z.boolean(),
  /** False for Duelbits (not an affiliate); the warning says why. */
  earns: z.boolean(),
  warning: z.string().nullable(),
  totalWager: z.number().nonnegative(),
  monthlyWager: z.number().nonnegative(),
  prevMonthlyWager: z.number().nonnegative(),
  avgMonthlyWager: z.number().nonnegative(),
  avgWeeklyWager: z.number().nonnegative(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type CasinoAccountLink = z.infer<typeof CasinoAccountLinkSchema>;

export const CasinoAccountListSchema = z.object({ accounts: z.array(CasinoAccountLinkSchema) });
export const CasinoAccountCreatedSchema = z.object({ account: CasinoAccountLinkSchema });

/** spec 2 §3 casino account (admin user view), plus id, state and the decision. Wagers in USD. */
const AdminCasinoAccountSchema = z.object({
  id: z.string(),
  partnerId: z.enum(PARTNER_IDS),
  platform: z.string(),
  username: z.string(),
  state: CasinoAccountStateSchema,
  /** spec 2 §3: Stake and Roobet are affiliates, Duelbits is not; the other partners (spec 1 §3) earn too. */
  affiliate: z.boolean(),
  totalWagered: z.number().nonnegative(),
  monthlyWager: z.number().nonnegative(),
  weeklyWager: z.number().nonnegative(),
  prevWeekWager: z.number().nonnegative(),
  prevMonthWager: z.number().nonnegative(),
  decidedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AdminCasinoAccount = z.infer<typeof AdminCasinoAccountSchema>;

export const AdminCasinoAccountListSchema = z.object({ accounts: z.array(AdminCasinoAccountSchema) });
export const AdminCasinoAccountResultSchema = z.object({
  account: AdminCasinoAccountSchema,
  /** The owner's balance after the decision (a verification credits the account's wagers). */
  points: z.number().int().nonnegative(),
});
