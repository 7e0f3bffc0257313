import { z } from 'zod';
import { httpLinkField, moneyField } from './claim-fields';
import { PARTNER_IDS, PARTNERS } from './casino-accounts';

/**
 * Challenges (issue 42; spec 2 §2 "Active Challenges", spec 1 §3 `challengesCompleted`): an admin
 * posts a challenge (hit `targetMultiplier`× on a game at a partner with at least `minBet`); members
 * with a verified e-mail claim it with their bet; admins review the claims in submission order. A
 * verified claim wins the points prize while fewer than `winners` have won; a later one is valid but
 * wins nothing. The challenge completes when its winners are full or it ends.
 */

const iso = z.iso.datetime({ offset: true });

const CHALLENGE_STATUSES = ['upcoming', 'active', 'completed'] as const;
export type ChallengeStatus = (typeof CHALLENGE_STATUSES)[number];

const CHALLENGE_CLAIM_STATUSES = ['pending', 'verified', 'declined'] as const;
export type ChallengeClaimStatus = (typeof CHALLENGE_CLAIM_STATUSES)[number];

/** The partner's name for a partner id ('p1' → 'Stake'); the id itself when unknown. */
export function challengePartnerName(id: string): string {
  return PARTNERS.find((p) => p.id === id)?.name ?? id;
}

/** POST /api/admin/challenges and PUT /api/admin/challenges/:id. Money in USD, prize in points. */
export const ChallengeInputSchema = z
  .strictObject({
    title: z.string().trim().min(3, 'A title is at least 3 characters').max(100, 'A title is at most 100 characters'),
    partner: z.enum(PARTNER_IDS, { error: 'Choose a partner' }),
    /** A Slot Hub slot's name or any game's name. */
    game: z.string().trim().min(1, 'Name the game').max(80, 'A game name is at most 80 characters'),
    minBet: moneyField('The minimum bet'),
    targetMultiplier: z
      .number({ error: 'The target must be a number' })
      .min(1.01, 'The target is at least 1.01×')
      .max(1_000_000, 'The target is at most 1,000,000×')
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'The target has at most two decimals'),
    prizePoints: z
      .number({ error: 'The prize must be a whole number of points' })
      .int('The prize must be a whole number of points')
      .min(1, 'The prize is at least 1 point')
      .max(1_000_000_000, 'The prize is too large'),
    winners: z
      .number({ error: 'Winners must be a whole number' })
      .int('Winners must be a whole number')
      .min(1, 'At least 1 winner')
      .max(1_000, 'At most 1,000 winners'),
    startsAt: iso,
    endsAt: iso,
  })
  .refine((c) => Date.parse(c.endsAt) > Date.parse(c.startsAt), { message: 'The end must be after the start', path: ['endsAt'] });
export type ChallengeInput = z.infer<typeof ChallengeInputSchema>;

/** POST /api/challenges/:id/claims: the member's bet (USD); the multiplier is computed (win ÷ bet). */
export const ChallengeClaimInputSchema = z.strictObject({
  betUrl: httpLinkField('The bet link'),
  screenshotUrl: httpLinkField('The screenshot link').optional(),
  bet: moneyField('The bet'),
  win: moneyField('The win'),
});
export type ChallengeClaimInput = z.infer<typeof ChallengeClaimInputSchema>;

/** win ÷ bet from cents, as the server computes it. */
export function challengeMultiplier(bet: number, win: number): number {
  return Math.round(win * 100) / Math.round(bet * 100);
}

const usd = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * The challenge's own rules on a claim (the server answers 400 with this text; the form shows it
 * under the field): the bet reaches the minimum and win ÷ bet reaches the target. Null when it fits.
 */
export function challengeClaimProblem(
  challenge: { minBet: number; targetMultiplier: number },
  claim: { bet: number; win: number },
): { field: 'bet' | 'win'; message: string } | null {
  const betCents = Math.round(claim.bet * 100);
  if (betCents < Math.round(challenge.minBet * 100)) {
    return { field: 'bet', message: `The bet must be at least ${usd(challenge.minBet)} for this challenge.` };
  }
  const winCents = Math.round(claim.win * 100);
  // Compared in cents (win × 100 ≥ target × 100 × bet), so 2.00 / 1.00 reaches 2.00× exactly.
  if (winCents * 100 < Math.round(challenge.targetMultiplier * 100) * betCents) {
    const reached = (winCents / betCents).toFixed(2);
    return { field: 'win', message: `Your win is ${reached}× your bet; this challenge needs ${challenge.targetMultiplier.toFixed(2)}×.` };
  }
  return null;
}

export const ChallengeClaimSchema = z.object({
  id: z.string(),
  challengeId: z.string(),
  bet: z.number().positive(),
  win: z.number().positive(),
  multiplier: z.number().positive(),
  betUrl: z.string(),
  screenshotUrl: z.string().nullable(),
  status: z.enum(CHALLENGE_CLAIM_STATUSES),
  /** Verified within the first `winners`: the prize was credited. A verified claim with false came too late. */
  won: z.boolean(),
  /** The points credited for this claim (0 unless it won). */
  prizePoints: z.number().int().nonnegative(),
  /** The admin's reason, on a declined claim. */
  declineReason: z.string().nullable(),
  createdAt: iso,
  decidedAt: iso.nullable(),
});
export type ChallengeClaim = z.infer<typeof ChallengeClaimSchema>;

const ChallengeBaseSchema = z.object({
  id: z.string(),
  title: z.string(),
  partner: z.enum(PARTNER_IDS),
  partnerName: z.string(),
  game: z.string(),
  minBet: z.number().positive(),
  targetMultiplier: z.number().positive(),
  prizePoints: z.number().int().positive(),
  winners: z.number().int().positive(),
  /** Claims verified as winners so far. */
  winnersCount: z.number().int().nonnegative(),
  winnersLeft: z.number().int().nonnegative(),
  startsAt: iso,
  endsAt: iso,
  status: z.enum(CHALLENGE_STATUSES),
  completedAt: iso.nullable(),
  createdAt: iso,
});

/** A challenge as a member sees it, with the caller's own claims on it (newest first). */
export const ChallengeSchema = ChallengeBaseSchema.extend({ myClaims: z.array(ChallengeClaimSchema) });
export type Challenge = z.infer<typeof ChallengeSchema>;

/** GET /api/challenges: active and upcoming (ending soonest first), and the latest completed. */
export const ChallengeListSchema = z.object({
  challenges: z.array(ChallengeSchema),
  completed: z.array(ChallengeSchema),
});
export type ChallengeList = z.infer<typeof ChallengeListSchema>;

/** The admin's view of a claim: with the claimant. */
const AdminChallengeClaimSchema = ChallengeClaimSchema.extend({ user: z.object({ id: z.string(), username: z.string() }) });
export type AdminChallengeClaim = z.infer<typeof AdminChallengeClaimSchema>;

/** A challenge on the admin screen, with its claims in submission order (oldest first). */
const AdminChallengeSchema = ChallengeBaseSchema.extend({
  claims: z.array(AdminChallengeClaimSchema),
  pendingClaims: z.number().int().nonnegative(),
});
export type AdminChallenge = z.infer<typeof AdminChallengeSchema>;

/** GET /api/admin/challenges: newest first. */
export const AdminChallengeListSchema = z.object({ challenges: z.array(AdminChallengeSchema) });
export type AdminChallengeList = z.infer<typeof AdminChallengeListSchema>;

export const AdminChallengeResultSchema = z.object({ challenge: AdminChallengeSchema });

/** POST /api/admin/challenges/claims/:id/decline */
export const ChallengeDeclineSchema = z.strictObject({
  reason: z.string().trim().min(1, 'Give a reason').max(300, 'A reason is at most 300 characters'),
});

/** The answer of verify and decline: the claim as decided. */
export const AdminChallengeClaimResultSchema = z.object({ claim: AdminChallengeClaimSchema });

/** The claim's schema with the challenge's own rules on it (the claim form's resolver): the reason under the bet or the win. */
export function challengeClaimSchemaFor(challenge: { minBet: number; targetMultiplier: number }) {
  return ChallengeClaimInputSchema.superRefine((claim, ctx) => {
    const problem = challengeClaimProblem(challenge, claim);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
}
