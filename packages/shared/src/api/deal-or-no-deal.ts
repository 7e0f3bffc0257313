import { z } from 'zod';
import { DEAL_OR_NO_DEAL_BOARD_SIZES, DEAL_OR_NO_DEAL_MAX_CASE_VALUE } from '../games/deal-or-no-deal';

/**
 * Deal or No Deal (the stream game, bot feature 'dealornodeal'): a round's board of cases, shuffled by
 * the provably-fair engine (dealOrNoDealBoard) from a server seed whose SHA-256 is published when entries
 * open; one contestant drawn from the entrants with the raffle draw (drawRaffleWinners, the same seed);
 * the seed is revealed when the round ends.
 */

const DEAL_OR_NO_DEAL_STATUSES = ['draft', 'open', 'playing', 'finished', 'cancelled'] as const;
const DealOrNoDealStatusSchema = z.enum(DEAL_OR_NO_DEAL_STATUSES);

/** Why a round ended without the contestant's answer (besides the 2-minute auto-deal, `result.auto`). */
const DEAL_OR_NO_DEAL_END_REASONS = ['restricted'] as const;
export type DealOrNoDealEndReason = (typeof DEAL_OR_NO_DEAL_END_REASONS)[number];

const DealOrNoDealOfferSchema = z.object({
  round: z.number().int().positive(),
  amount: z.number().int().nonnegative(),
  sharePercent: z.number(),
  answer: z.enum(['deal', 'no_deal']).nullable(),
});

/** One case as the public sees it: its value only once it is opened (or the round has ended). */
const DealOrNoDealCaseSchema = z.object({
  case: z.number().int().positive(),
  value: z.number().int().nullable(),
  opened: z.boolean(),
  own: z.boolean(),
});

const DealOrNoDealRoundSchema = z.object({
  id: z.string(),
  roundNumber: z.number().int().positive(),
  status: DealOrNoDealStatusSchema,
  /** The case values in the admin's order (the values are public; which case holds which is not). */
  values: z.array(z.number().int()),
  total: z.number().int(),
  entries: z.number().int().nonnegative(),
  /** Only for a signed-in caller: has the caller joined. */
  entered: z.boolean().optional(),
  /** Only for a signed-in caller: is the caller the contestant. */
  isContestant: z.boolean().optional(),
  contestant: z.object({ uid: z.string(), username: z.string() }).nullable(),
  cases: z.array(DealOrNoDealCaseSchema),
  /** Values not revealed yet (the money board's lit values). */
  remainingValues: z.array(z.number().int()),
  offers: z.array(DealOrNoDealOfferSchema),
  stage: z.enum(['pick', 'open', 'offer', 'final', 'done']).nullable(),
  /** Cases left to open in the current round (stage 'open'). */
  toOpen: z.number().int().nonnegative(),
  /** The opening schedule (cases per round). */
  schedule: z.array(z.number().int().positive()),
  result: z
    .object({
      outcome: z.enum(['deal', 'keep', 'swap']),
      prize: z.number().int().nonnegative(),
      /** The contestant did not act for 2 minutes: the current offer was taken for them. */
      auto: z.boolean(),
      finalCase: z.number().int().positive().nullable(),
      /**
       * Why the round ended without the contestant's answer, if it did: 'restricted' (a restriction
       * that blocks Deal or No Deal reached them mid-round: the round ended with no prize).
       */
      reason: z.enum(DEAL_OR_NO_DEAL_END_REASONS).nullable(),
    })
    .nullable(),
  fairness: z.object({
    /** SHA-256 of the server seed; null before entries open. */
    serverSeedHash: z.string().nullable(),
    clientSeed: z.string(),
    nonce: z.number().int().nonnegative(),
    /** Revealed when the round has ended. */
    serverSeed: z.string().nullable(),
    /** The contestant draw's published data (raffle draw over the entrants' UIDs in entry order). */
    entrantUids: z.array(z.string()).nullable(),
    entriesDigest: z.string().nullable(),
  }),
  /** Last act of the contestant (the 2-minute auto-deal counts from here). */
  lastActionAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type DealOrNoDealRound = z.infer<typeof DealOrNoDealRoundSchema>;

/** GET /api/dealornodeal: the live round (open or in play), else the last ended one; null when none. */
export const DealOrNoDealCurrentSchema = z.object({ round: DealOrNoDealRoundSchema.nullable() });
export type DealOrNoDealCurrent = z.infer<typeof DealOrNoDealCurrentSchema>;

export const DealOrNoDealRoundResultSchema = z.object({ round: DealOrNoDealRoundSchema });

/** POST /api/admin/dealornodeal/rounds: 16 or 26 whole-point values (a preset, or edited). */
export const DealOrNoDealRoundInputSchema = z.strictObject({
  values: z
    .array(z.number().int().min(1, 'Each case holds at least 1 point').max(DEAL_OR_NO_DEAL_MAX_CASE_VALUE, 'At most 10,000,000 points a case'))
    .refine((v) => (DEAL_OR_NO_DEAL_BOARD_SIZES as readonly number[]).includes(v.length), 'A board has 16 or 26 cases'),
});

/** POST /api/dealornodeal/rounds/:id/move: the contestant's act. */
export const DealOrNoDealMoveSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('pick'), case: z.number().int().min(1).max(26) }),
  z.strictObject({ action: z.literal('open'), case: z.number().int().min(1).max(26) }),
  z.strictObject({ action: z.literal('deal') }),
  z.strictObject({ action: z.literal('no_deal') }),
  z.strictObject({ action: z.literal('final'), swap: z.boolean() }),
]);
export type DealOrNoDealMove = z.infer<typeof DealOrNoDealMoveSchema>;

/** GET /api/admin/dealornodeal: the latest rounds, newest first. */
export const DealOrNoDealAdminListSchema = z.object({ rounds: z.array(DealOrNoDealRoundSchema) });

/** How long the contestant may stay idle before the current offer is taken for them. */
export const DEAL_OR_NO_DEAL_IDLE_MS = 2 * 60_000;
