import { z } from 'zod';

/**
 * Level Up Rewards (spec 2 §2): points or a Points Store item for reaching a level,
 * claimed once. An item's claim is an order at 0 points for the admin to fulfil in Orders.
 */

/** The page's text when the rewards cannot be read (spec 2 §8's error catalogue). */
export const LEVEL_REWARDS_EMPTY = 'Rewards are temporarily unavailable.';

export const LevelRewardSchema = z.object({
  level: z.number().int().min(1).max(24),
  /** The rank of that level, e.g. 'Bronze 3'. */
  levelName: z.string(),
  title: z.string(),
  /** Points credited through the ledger; null when the reward is a store item. */
  points: z.number().int().positive().nullable(),
  /** The Points Store item claimed as a 0-point order; null for a points reward. */
  item: z
    .object({
      id: z.string(),
      name: z.string(),
      /** Units left; null = unlimited. */
      stock: z.number().int().nonnegative().nullable(),
      /** False once the item was removed from the store: it can no longer be claimed. */
      active: z.boolean(),
    })
    .nullable(),
});
export type LevelReward = z.infer<typeof LevelRewardSchema>;

/** GET /api/levelup-rewards */
export const LevelRewardListSchema = z.object({ rewards: z.array(LevelRewardSchema) });

/** GET /api/levelup-rewards/mine: the caller's level and the levels already claimed. */
export const MyLevelRewardsSchema = z.object({ xp: z.number().int().nonnegative(), level: z.number().int().min(0), claimed: z.array(z.number().int()) });

/** PUT /api/admin/levelup-rewards/:level: points or a store item (rewardId), exactly one of them. */
export const LevelRewardInputSchema = z
  .strictObject({
    title: z.string().trim().min(1, 'Give the reward a title').max(120, 'A title is at most 120 characters'),
    points: z
      .number({ error: 'Points must be a whole number' })
      .int('Points must be a whole number')
      .positive('Points must be above zero')
      .max(1_000_000_000, 'Points are too many')
      .optional(),
    rewardId: z.uuid({ error: 'Pick a store item' }).optional(),
  })
  .refine((input) => (input.points === undefined) !== (input.rewardId === undefined), {
    error: 'Set either points or a store item',
    path: ['points'],
  });
export type LevelRewardInput = z.infer<typeof LevelRewardInputSchema>;

export const LevelParamsSchema = z.strictObject({
  level: z.coerce.number().int('A level is 1 to 24').min(1, 'A level is 1 to 24').max(24, 'A level is 1 to 24'),
});

/**
 * POST /api/levelup-rewards/:level/claim → 201: points credited (points, the new balance), or for a
 * store item the pending order (orderId, itemName) and the unchanged balance.
 */
export const LevelRewardClaimSchema = z.object({
  level: z.number().int(),
  points: z.number().int().positive().nullable(),
  balance: z.number().int().nonnegative(),
  orderId: z.string().nullable(),
  itemName: z.string().nullable(),
});
export type LevelRewardClaim = z.infer<typeof LevelRewardClaimSchema>;
