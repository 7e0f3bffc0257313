import { z } from 'zod';
import { OwnRestrictionSchema } from './admin-users.ts';
import { PASSWORD_MAX, UserSchema } from './auth';
import { CasinoAccountLinkSchema } from './casino-accounts';

/**
 * The profile API (spec 1 §3 and §7): GET /api/profile and PATCH /api/profile/complete.
 * The profile carries every field the profile page reads; fields the server does not know yet
 * (casino and social accounts, history) are empty lists, never invented data.
 */

export const CRYPTO_CURRENCIES = ['btc', 'eth', 'usdt', 'sol'] as const;

const PARTNER_NAME_MAX = 50;
export const PARTNER_USERNAME_MAX = 50;
const PARTNERS_MAX = 10;
export const CRYPTO_ADDRESS_MAX = 128;

/** A partner (casino) username the person entered at profile completion. */
const ProfilePartnerSchema = z.strictObject({
  partner: z.string().trim().min(1, 'Choose a partner').max(PARTNER_NAME_MAX),
  username: z.string().trim().min(1, 'Enter your username at that partner').max(PARTNER_USERNAME_MAX),
});

const cryptoAddress = z.string().trim().max(CRYPTO_ADDRESS_MAX, `An address is at most ${CRYPTO_ADDRESS_MAX} characters`);

/** Crypto addresses; '' means none. No format checks (spec 1 §5). */
const CryptoAddressesSchema = z.object({
  btc: z.string(),
  eth: z.string(),
  usdt: z.string(),
  sol: z.string(),
});

/**
 * PATCH /api/profile/complete: replaces the stored partners and addresses (a missing address is stored as '').
 * Changing or removing an address that is already saved needs `currentPassword` (403 CURRENT_PASSWORD_REQUIRED
 * without it or when it is wrong), and the owner gets a notice mail; a first address does not.
 */
export const CompleteProfileBodySchema = z.strictObject({
  partners: z.array(ProfilePartnerSchema).max(PARTNERS_MAX, `At most ${PARTNERS_MAX} partner usernames`),
  crypto: z.strictObject({
    btc: cryptoAddress.optional(),
    eth: cryptoAddress.optional(),
    usdt: cryptoAddress.optional(),
    sol: cryptoAddress.optional(),
  }),
  currentPassword: z.string().min(1, 'Enter your current password').max(PASSWORD_MAX).optional(),
});
export type CompleteProfileBody = z.input<typeof CompleteProfileBodySchema>;

/** spec 1 §3 casino account (profile), with its link's id, partner and state. */
const CasinoAccountSchema = CasinoAccountLinkSchema;

/** spec 1 §3 social account. */
const SocialAccountSchema = z.object({
  platform: z.string(),
  connected: z.boolean(),
  username: z.string(),
  uid: z.string(),
});

const HISTORY_TYPES = [
  'raffle_win',
  'points_earned',
  'points_spent',
  'level_up',
  'bonus_credit',
  'referral_reward',
  'challenge_completed',
  'reward_redeemed',
  'raffle_entry',
] as const;

/** spec 1 §3 history item. */
const HistoryItemSchema = z.object({
  id: z.string(),
  type: z.enum(HISTORY_TYPES),
  title: z.string(),
  details: z.string(),
  /** ISO 8601 */
  date: z.string(),
  amount: z.number(),
  level: z.number().int(),
});
export type HistoryItem = z.infer<typeof HistoryItemSchema>;

/** spec 1 §3 stats. */
const ProfileStatsSchema = z.object({
  totalPointsEarned: z.number().int().nonnegative(),
  totalBonusesRedeemed: z.number().int().nonnegative(),
  challengesCompleted: z.number().int().nonnegative(),
  rafflesEntered: z.number().int().nonnegative(),
  /** The rank name, e.g. 'Bronze 2', or 'Unranked'. */
  currentRank: z.string(),
});

const ProfileSchema = UserSchema.extend({
  /** Lifetime verified wager in whole dollars: the rank cards read it. */
  xp: z.number().int().nonnegative(),
  /** The VIP tier by total verified wager (spec 2 §9), e.g. 'Rookie', 'Bronze'. */
  vipTier: z.string(),
  /** Total verified wager in USD (two decimals). */
  totalWagered: z.number().nonnegative(),
  /** 0..24 (spec 2 §9 ranks; XP = lifetime verified wager in dollars). */
  level: z.number().int().min(0),
  /** e.g. 'Gold 4', 'Unranked' below 20 XP. */
  levelName: z.string(),
  /** 0..100, toward the next rank; 100 at the top. */
  levelProgress: z.number().min(0).max(100),
  membership: z.object({
    /** e.g. 'November 21, 2026' (en-US, UTC). */
    memberSinceFormatted: z.string(),
    /** Calendar days since sign-up, counting the first day: 1 on the day of sign-up. */
    daysActive: z.number().int().min(1),
  }),
  profilePartners: z.array(z.object({ partner: z.string(), username: z.string() })),
  crypto: CryptoAddressesSchema,
  casinoAccounts: z.array(CasinoAccountSchema),
  socialAccounts: z.array(SocialAccountSchema),
  historyData: z.array(HistoryItemSchema),
  stats: ProfileStatsSchema,
  /** The user's active restrictions and until when; the server always sends it ([] when none). */
  restrictions: z.array(OwnRestrictionSchema).optional(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** GET /api/profile and PATCH /api/profile/complete. */
export const ProfileResponseSchema = z.object({ profile: ProfileSchema });
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>;
