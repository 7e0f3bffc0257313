import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { AdminOrder, OrderStatus, RedeemResult, Reward, RewardInputSchema } from '@app/shared/api/store';
import type { Database } from '../../db/client.ts';
import { levelRewards, orders, rewards, users } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { refuseOwnAccount } from '../../platform/own-account.ts';
import type { RestrictionCheck } from '../../platform/restrictions.ts';
import { debit, refund } from '../../platform/ledger.ts';
import { notify, notifyAdmins } from '../notifications/index.ts';
import { enqueueWebhookEvent } from '../../platform/outbox.ts';
import { adminOrderPendingText, orderApprovedText, orderDeclinedText } from '../notifications/index.ts';
import { presentAdminOrder, presentOrder, presentReward } from './store-presenter.ts';

type AdminOrderResult = { order: AdminOrder };
type DeleteRewardResult = { deleted: boolean; reward: Reward | null };

function rewardNotFound(): AppError {
  return new AppError('NOT_FOUND', 'That reward does not exist.');
}
function orderNotFound(): AppError {
  return new AppError('NOT_FOUND', 'That order does not exist.');
}

/** GET /api/store/rewards: the active catalogue, featured first. */
export async function listActiveRewards(db: Database) {
  const rows = await db
    .select()
    .from(rewards)
    .where(eq(rewards.active, true))
    .orderBy(desc(rewards.featured), asc(rewards.price), asc(rewards.createdAt), asc(rewards.id));
  return rows.map(presentReward);
}

/** GET /api/admin/rewards: everything, inactive too. */
export async function listAllRewards(db: Database) {
  const rows = await db.select().from(rewards).orderBy(asc(rewards.createdAt), asc(rewards.id));
  return rows.map(presentReward);
}

/**
 * POST /api/store/rewards/:id/redeem, in the caller's transaction: the route's restriction first,
 * then one unit of stock, the price through the ledger and a pending order, all or nothing.
 */
export async function redeemReward(tx: Tx, input: { userId: string; rewardId: string; at: Date; restriction: RestrictionCheck }): Promise<RedeemResult> {
  await input.restriction.assert(tx);
  // FOR KEY SHARE: an admin deleting this reward meanwhile waits for us (and then keeps it, deactivated,
  // because it has an order), or we wait for the delete and answer 404; never a foreign-key 500.
  const [reward] = await tx
    .select()
    .from(rewards)
    .where(and(eq(rewards.id, input.rewardId), eq(rewards.active, true)))
    .for('key share');
  if (!reward) throw rewardNotFound();
  await takeOneUnit(tx, reward);
  const orderId = randomUUID();
  const spent = await debit(
    tx,
    {
      userId: input.userId,
      amount: reward.price,
      reason: 'store_redeem',
      refType: 'order',
      refId: orderId,
      note: reward.name,
      at: input.at,
    },
    {
      // spec 2 §5 Store redemption: the toast text.
      shortMessage: (shortfall) => `You need ${shortfall.toLocaleString('en-US')} more points to redeem this reward.`,
    },
  );
  const [order] = await tx
    .insert(orders)
    .values({
      id: orderId,
      userId: input.userId,
      rewardId: reward.id,
      rewardName: reward.name,
      pointsSpent: reward.price,
      status: 'pending',
      balanceBefore: spent.balance + reward.price,
      balanceAfter: spent.balance,
      createdAt: input.at,
    })
    .returning();
  const buyer = await usernameOf(tx, input.userId);
  await notifyAdmins(tx, { ...adminOrderPendingText(buyer, reward.name), at: input.at, data: { orderId } });
  await enqueueWebhookEvent(
    tx,
    'order.created',
    { orderId, reward: reward.name, points: reward.price, username: buyer, summary: `${buyer} ordered ${reward.name}`, link: '/admin/orders' },
    input.at,
  );
  return { order: presentOrder(order!), points: spent.balance };
}

/** One unit of a reward's stock, in the caller's transaction (a conditional update: never below 0). */
async function takeOneUnit(tx: Tx, reward: { id: string; stock: number | null }): Promise<void> {
  if (reward.stock === null) return;
  const [taken] = await tx
    .update(rewards)
    .set({ stock: sql`${rewards.stock} - 1` })
    .where(and(eq(rewards.id, reward.id), isNotNull(rewards.stock), gt(rewards.stock, 0)))
    .returning({ stock: rewards.stock });
  if (!taken) throw new AppError('SOLD_OUT', 'This reward is sold out.');
}

/**
 * A Level Up Reward's store item (spec 2 §2 Level Up Rewards page), in the caller's transaction: one unit of stock and a
 * pending order at 0 points (nothing moves in the ledger; the balance is recorded as it is), for
 * the admin to fulfil in Orders. An item removed from the store (inactive) is 409.
 */
export async function orderLevelRewardItem(tx: Tx, input: { userId: string; rewardId: string; at: Date }) {
  const [reward] = await tx.select().from(rewards).where(eq(rewards.id, input.rewardId)).for('key share');
  if (!reward) throw rewardNotFound();
  if (!reward.active) throw new AppError('REWARD_UNAVAILABLE', 'This store item is no longer available.');
  await takeOneUnit(tx, reward);
  const [user] = await tx.select({ points: users.points }).from(users).where(eq(users.id, input.userId));
  if (!user) throw new AppError('NOT_FOUND', 'That user does not exist.');
  const [order] = await tx
    .insert(orders)
    .values({
      id: randomUUID(),
      userId: input.userId,
      rewardId: reward.id,
      rewardName: reward.name,
      pointsSpent: 0,
      status: 'pending',
      balanceBefore: user.points,
      balanceAfter: user.points,
      createdAt: input.at,
    })
    .returning();
  return order!;
}

/** GET /api/store/orders: one's own orders, newest first. */
export async function listOwnOrders(db: Database, userId: string) {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map(presentOrder);
}

/** GET /api/admin/orders?status= */
export async function listOrdersForAdmin(db: Database, status: OrderStatus | undefined) {
  const rows = await db
    .select({ order: orders, username: users.username })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(status ? eq(orders.status, status) : undefined)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1000);
  return rows.map((r) => presentAdminOrder(r.order, r.username));
}

async function usernameOf(tx: Tx, userId: string): Promise<string> {
  const [row] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return row?.username ?? '';
}

async function alreadyDecided(tx: Tx, orderId: string): Promise<never> {
  const [existing] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (!existing) throw orderNotFound();
  throw new AppError('ORDER_ALREADY_DECIDED', `This order was already decided (${existing.status}).`);
}

const OWN_ORDER = 'You cannot approve or decline your own order; another admin has to decide it.';

/**
 * Before an order decision's transaction: an admin's own order is refused (403, OWN_ACCOUNT_ACT)
 * and the attempt audited (platform/own-account.ts). An unknown order passes (the decision's 404).
 */
export async function refuseOwnOrder(db: Database, orderId: string, decision: 'approve' | 'decline', actor: AuditActor, now: Date): Promise<void> {
  const [order] = await db.select({ userId: orders.userId, rewardName: orders.rewardName }).from(orders).where(eq(orders.id, orderId));
  if (!order) return;
  await refuseOwnAccount(
    db,
    actor,
    { ownerId: order.userId, action: `order.${decision}`, targetType: 'order', targetId: orderId, summary: order.rewardName, message: OWN_ORDER },
    now,
  );
}

/**
 * POST /api/admin/orders/:id/approve: pending → paid, with its audit row, in the caller's transaction
 * (the Idempotency-Key's). Only a pending order can be decided.
 */
export async function approveOrder(tx: Tx, orderId: string, actor: AuditActor, now: Date): Promise<AdminOrderResult> {
  const [row] = await tx
    .update(orders)
    .set({ status: 'paid', decidedAt: now, decidedBy: actor.actorId })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
    .returning();
  if (!row) return alreadyDecided(tx, orderId);
  // Also here (the update rolls back), for any caller that skipped refuseOwnOrder.
  if (row.userId === actor.actorId) throw new AppError('OWN_ACCOUNT_ACT', OWN_ORDER);
  const order = presentAdminOrder(row, await usernameOf(tx, row.userId));
  await recordAudit(tx, {
    ...actor,
    action: 'order.approve',
    targetType: 'order',
    targetId: order.id,
    changes: { summary: `${order.rewardName} for ${order.username}`, status: { from: 'pending', to: 'paid' } },
    at: now,
  });
  await notify(tx, { ...orderApprovedText(row.rewardName), userId: row.userId, at: now, data: { orderId: row.id } });
  await enqueueWebhookEvent(
    tx,
    'order.approved',
    { orderId: row.id, reward: row.rewardName, username: order.username, summary: `${order.rewardName} for ${order.username} approved` },
    now,
  );
  return { order };
}

/**
 * POST /api/admin/orders/:id/decline: pending → declined and the points back through the ledger,
 * with its audit row, in the caller's transaction (the Idempotency-Key's); the conditional status
 * change makes a second decision refund nothing.
 */
export async function declineOrder(tx: Tx, orderId: string, reason: string, actor: AuditActor, now: Date): Promise<AdminOrderResult> {
  const [row] = await tx
    .update(orders)
    .set({ status: 'declined', declineReason: reason, refunded: sql`${orders.pointsSpent} > 0`, decidedAt: now, decidedBy: actor.actorId })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
    .returning();
  if (!row) return alreadyDecided(tx, orderId);
  if (row.userId === actor.actorId) throw new AppError('OWN_ACCOUNT_ACT', OWN_ORDER);
  // A Level Up Reward's item cost nothing: there is nothing to refund.
  if (row.pointsSpent > 0)
    await refund(tx, {
      userId: row.userId,
      amount: row.pointsSpent,
      refType: 'order',
      refId: row.id,
      actorId: actor.actorId,
      note: `${row.rewardName}: ${reason}`,
      at: now,
    });
  // The unit of stock goes back too: the reward was not delivered.
  await tx
    .update(rewards)
    .set({ stock: sql`${rewards.stock} + 1` })
    .where(and(eq(rewards.id, row.rewardId), isNotNull(rewards.stock)));
  const order = presentAdminOrder(row, await usernameOf(tx, row.userId));
  await recordAudit(tx, {
    ...actor,
    action: 'order.decline',
    targetType: 'order',
    targetId: order.id,
    changes: {
      summary: `${order.rewardName} for ${order.username}: ${reason}`,
      status: { from: 'pending', to: 'declined' },
      refunded: order.pointsSpent,
    },
    at: now,
  });
  await notify(tx, { ...orderDeclinedText(row.rewardName, reason, row.pointsSpent), userId: row.userId, at: now, data: { orderId: row.id } });
  await enqueueWebhookEvent(
    tx,
    'order.declined',
    { orderId: row.id, reward: row.rewardName, username: order.username, reason, summary: `${order.rewardName} for ${order.username} declined` },
    now,
  );
  return { order };
}

type RewardValues = ReturnType<(typeof RewardInputSchema)['parse']>;

/** POST /api/admin/rewards: adds a reward to the store (audited). */
export async function createReward(db: Database, input: RewardValues, actor: AuditActor, now: Date): Promise<Reward> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(rewards)
      .values({ ...input, createdAt: now, updatedAt: now })
      .returning();
    const reward = presentReward(row!);
    await recordAudit(tx, {
      ...actor,
      action: 'reward.create',
      targetType: 'reward',
      targetId: reward.id,
      changes: { summary: reward.name, ...input },
      at: now,
    });
    return reward;
  });
}

/** PUT /api/admin/rewards/:id: replaces every field of a reward (audited). */
export async function updateReward(db: Database, id: string, input: RewardValues, actor: AuditActor, now: Date): Promise<Reward> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(rewards)
      .set({ ...input, updatedAt: now })
      .where(eq(rewards.id, id))
      .returning();
    if (!row) throw rewardNotFound();
    const reward = presentReward(row);
    await recordAudit(tx, {
      ...actor,
      action: 'reward.update',
      targetType: 'reward',
      targetId: reward.id,
      changes: { summary: reward.name, ...input },
      at: now,
    });
    return reward;
  });
}

/**
 * DELETE /api/admin/rewards/:id: a reward nobody ordered is deleted; one with orders (or set as a
 * Level Up Reward) is deactivated instead, so that order history keeps its reward (docs/decisions.md).
 * Audited either way.
 */
export async function deleteReward(db: Database, id: string, actor: AuditActor, now: Date): Promise<DeleteRewardResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(rewards).where(eq(rewards.id, id)).for('update');
    if (!row) throw rewardNotFound();
    const [used] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.rewardId, id)).limit(1);
    const [levelReward] = await tx.select({ level: levelRewards.level }).from(levelRewards).where(eq(levelRewards.rewardId, id)).limit(1);
    let result: DeleteRewardResult;
    // Kept (deactivated) when orders or a Level Up Reward point at it.
    if (used || levelReward) {
      const [updated] = await tx.update(rewards).set({ active: false, updatedAt: now }).where(eq(rewards.id, id)).returning();
      result = { deleted: false, reward: presentReward(updated!) };
    } else {
      await tx.delete(rewards).where(eq(rewards.id, id));
      result = { deleted: true, reward: null };
    }
    await recordAudit(tx, {
      ...actor,
      action: 'reward.delete',
      targetType: 'reward',
      targetId: id,
      changes: { summary: result.deleted ? 'Deleted' : 'Deactivated (it has orders or is a Level Up Reward)', deleted: result.deleted },
      at: now,
    });
    return result;
  });
}
