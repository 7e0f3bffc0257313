import { z } from 'zod';

/**
 * Predictions: an admin opens a question with 2–10 outcomes and a staking window; members stake
 * points on one outcome until it locks; the admin resolves it (or cancels it) and the pool is paid
 * out pari-mutuel. Points only: they have no cash value.
 */

const iso = z.iso.datetime({ offset: true });

export const PREDICTION_STATUSES = ['open', 'locked', 'resolved', 'cancelled'] as const;
export type PredictionStatus = (typeof PREDICTION_STATUSES)[number];

export const PREDICTION_OUTCOMES_MIN = 2;
export const PREDICTION_OUTCOMES_MAX = 10;
export const PREDICTION_WINDOW_MIN_SECONDS = 30;
export const PREDICTION_WINDOW_MAX_SECONDS = 1800;
export const PREDICTION_STAKE_MAX = 1_000_000;

const wholePoints = (label: string) => z.number({ error: `${label} must be a whole number of points` }).int(`${label} must be a whole number of points`);

/** POST /api/admin/predictions: opens at once; locks `windowSeconds` later. */
export const PredictionInputSchema = z
  .strictObject({
    title: z.string().trim().min(3, 'A title is at least 3 characters').max(120, 'A title is at most 120 characters'),
    outcomes: z
      .array(z.string().trim().min(1, 'An outcome is 1 to 60 characters').max(60, 'An outcome is 1 to 60 characters'))
      .min(PREDICTION_OUTCOMES_MIN, 'Give at least 2 outcomes')
      .max(PREDICTION_OUTCOMES_MAX, 'Give at most 10 outcomes'),
    windowSeconds: z
      .number({ error: 'The window must be a whole number of seconds' })
      .int('The window must be a whole number of seconds')
      .min(PREDICTION_WINDOW_MIN_SECONDS, 'The window is at least 30 seconds')
      .max(PREDICTION_WINDOW_MAX_SECONDS, 'The window is at most 30 minutes'),
    minStake: wholePoints('The minimum stake')
      .min(1, 'The minimum stake is at least 1 point')
      .max(PREDICTION_STAKE_MAX, 'The minimum stake is at most 1,000,000 points'),
    maxStake: wholePoints('The maximum stake')
      .min(1, 'The maximum stake is at least 1 point')
      .max(PREDICTION_STAKE_MAX, 'The maximum stake is at most 1,000,000 points'),
  })
  .refine((p) => p.maxStake >= p.minStake, { message: 'The maximum stake is at least the minimum', path: ['maxStake'] })
  .refine((p) => new Set(p.outcomes.map((o) => o.toLowerCase())).size === p.outcomes.length, { message: 'Outcomes must differ', path: ['outcomes'] });
export type PredictionInput = z.infer<typeof PredictionInputSchema>;

/** POST /api/admin/predictions/hunt/:id: "Will this hunt profit?" for a collecting bonus hunt. */
export const HuntPredictionInputSchema = z.strictObject({
  windowSeconds: PredictionInputSchema.shape.windowSeconds.optional(),
  minStake: PredictionInputSchema.shape.minStake.optional(),
  maxStake: PredictionInputSchema.shape.maxStake.optional(),
});
export type HuntPredictionInput = z.infer<typeof HuntPredictionInputSchema>;
/** The two outcomes of a hunt's prediction, in order: profit is final balance ≥ start balance. */
export const HUNT_PREDICTION_OUTCOMES = ['Yes, profit', 'No, loss'] as const;

/** POST /api/admin/predictions/:id/resolve */
export const PredictionResolveSchema = z.strictObject({ outcomeId: z.uuid('Choose the outcome that happened') });

/** POST /api/predictions/:id/stakes (Idempotency-Key): a second stake on the same outcome adds to it. */
export const StakeInputSchema = z.strictObject({
  outcomeId: z.uuid('Choose an outcome'),
  amount: wholePoints('The stake').min(1, 'The stake is at least 1 point').max(PREDICTION_STAKE_MAX, 'The stake is at most 1,000,000 points'),
});
export type StakeInput = z.infer<typeof StakeInputSchema>;

const OutcomeSchema = z.object({
  id: z.string(),
  /** 1-based: what `!bet <number>` names. */
  number: z.number().int().positive(),
  label: z.string(),
  /** Points staked on it. */
  pool: z.number().int().nonnegative(),
  /** Its share of the whole pool, 0–100, one decimal. */
  percent: z.number().nonnegative(),
  stakeCount: z.number().int().nonnegative(),
});
export type PredictionOutcome = z.infer<typeof OutcomeSchema>;

const OwnStakeSchema = z.object({
  outcomeId: z.string(),
  amount: z.number().int().positive(),
  /** Paid back when it ended (winnings or a refund); null while it runs; 0 when it lost. */
  payout: z.number().int().nonnegative().nullable(),
});
export type OwnStake = z.infer<typeof OwnStakeSchema>;

const TopStakeSchema = z.object({
  /** Masked like the public boards unless the member shows their name. */
  username: z.string(),
  outcomeId: z.string(),
  amount: z.number().int().positive(),
  payout: z.number().int().nonnegative().nullable(),
});

export const PredictionSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(PREDICTION_STATUSES),
  minStake: z.number().int().positive(),
  maxStake: z.number().int().positive(),
  /** When staking ends (the lock job locks it then, or the admin earlier). */
  locksAt: iso,
  lockedAt: iso.nullable(),
  endedAt: iso.nullable(),
  winningOutcomeId: z.string().nullable(),
  /** The bonus hunt it belongs to ("Will this hunt profit?"), if any. */
  huntId: z.string().nullable(),
  pool: z.number().int().nonnegative(),
  stakeCount: z.number().int().nonnegative(),
  outcomes: z.array(OutcomeSchema),
  /** The caller's own stake (signed in); null otherwise or without one. */
  myStake: OwnStakeSchema.nullable(),
  /** The 5 largest stakes. */
  topStakes: z.array(TopStakeSchema),
  createdAt: iso,
});
export type Prediction = z.infer<typeof PredictionSchema>;

/** GET /api/predictions: the current one (open or locked) and the 20 newest. */
export const PredictionListSchema = z.object({
  current: PredictionSchema.nullable(),
  recent: z.array(PredictionSchema),
});
export type PredictionList = z.infer<typeof PredictionListSchema>;

/** POST /api/predictions/:id/stakes */
export const StakeResultSchema = z.object({
  stake: OwnStakeSchema,
  /** The member's balance after the debit. */
  balance: z.number().int().nonnegative(),
});
export type StakeResult = z.infer<typeof StakeResultSchema>;

/** The admin calls' answer. */
export const AdminPredictionResultSchema = z.object({ prediction: PredictionSchema });
export const AdminPredictionListSchema = z.object({ predictions: z.array(PredictionSchema) });

/** `data:` of a `prediction` live event (topic `predictions`): totals changed, it locked or it ended. */
export type PredictionEventData = { predictionId: string; status: PredictionStatus };

/** Outcome share of a pool, 0–100 with one decimal. */
export function outcomePercent(pool: number, total: number): number {
  return total > 0 ? Math.round((pool / total) * 1000) / 10 : 0;
}
