import { z } from 'zod';

/** The Points Store API (spec 2 §2, §3, §4, §5). Prices and amounts are whole points. */

export const REWARD_CATEGORIES = ['cashbacks', 'bonuses', 'merchandise', 'vip'] as const;
const RewardCategorySchema = z.enum(REWARD_CATEGORIES);
export type RewardCategory = z.infer<typeof RewardCategorySchema>;

/** spec 2 §3 Reward, plus stock (null = unlimited). */
const RewardSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: RewardCategorySchema,
  price: z.number().int().positive(),
  featured: z.boolean(),
  /** Units left; null when the reward has no stock limit. 0 = sold out. */
  stock: z.number().int().nonnegative().nullable(),
  active: z.boolean(),
});
export type Reward = z.infer<typeof RewardSchema>;

/** GET /api/store/rewards (public): active rewards only. */
export const RewardListSchema = z.object({ rewards: z.array(RewardSchema) });

export const ORDER_STATUSES = ['paid', 'pending', 'declined'] as const;
const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** spec 2 §3 Order (denialReason only when declined), plus ids and the decision time. */
const OrderSchema = z.object({
  id: z.string(),
  rewardId: z.string(),
  rewardName: z.string(),
  /** 0 for a Level Up Reward's store item. */
  pointsSpent: z.number().int().nonnegative(),
  timestamp: z.iso.datetime({ offset: true }),
  status: OrderStatusSchema,
  balanceBefore: z.number().int().nonnegative(),
  balanceAfter: z.number().int().nonnegative(),
  denialReason: z.string().optional(),
  /** True once a declined order's points went back through the ledger. */
  refunded: z.boolean(),
  decidedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

/** POST /api/store/rewards/:id/redeem → 201 (no body; send an Idempotency-Key header). */
export const RedeemResultSchema = z.object({ order: OrderSchema, points: z.number().int().nonnegative() });
export type RedeemResult = z.infer<typeof RedeemResultSchema>;

/** GET /api/store/orders (own orders, newest first). */
export const OrderListSchema = z.object({ orders: z.array(OrderSchema) });

/** Admin: an order with who placed it. GET /api/admin/orders?status= */
const AdminOrderSchema = OrderSchema.extend({ userId: z.string(), username: z.string() });
export type AdminOrder = z.infer<typeof AdminOrderSchema>;
export const AdminOrderListSchema = z.object({ orders: z.array(AdminOrderSchema) });
export const AdminOrdersQuerySchema = z.strictObject({ status: OrderStatusSchema.optional() });

/** POST /api/admin/orders/:id/decline */
export const DeclineOrderBodySchema = z.strictObject({
  reason: z.string().trim().min(1, 'Give a reason').max(500, 'A reason is at most 500 characters'),
});

/** POST /api/admin/rewards and PUT /api/admin/rewards/:id */
export const RewardInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Enter a name').max(120),
  description: z.string().trim().max(1000).default(''),
  category: RewardCategorySchema,
  price: z.number().int('Price must be a whole number').positive('Price must be above 0').max(100_000_000),
  featured: z.boolean().default(false),
  stock: z.number().int().nonnegative().max(1_000_000).nullable().default(null),
  active: z.boolean().default(true),
});
export type RewardInput = z.input<typeof RewardInputSchema>;

/** POST /api/admin/rewards → 201, PUT /api/admin/rewards/:id → 200. GET /api/admin/rewards → {rewards} (inactive too). */
export const RewardResultSchema = z.object({ reward: RewardSchema });

/**
 * DELETE /api/admin/rewards/:id → 200. A reward that was never ordered is deleted (deleted: true,
 * reward: null); one with orders is deactivated instead (deleted: false, the reward with active false).
 */
export const DeleteRewardResultSchema = z.object({ deleted: z.boolean(), reward: RewardSchema.nullable() });

/** POST /api/admin/orders/:id/approve and .../decline → 200 {order}. */
export const AdminOrderResultSchema = z.object({ order: AdminOrderSchema });
