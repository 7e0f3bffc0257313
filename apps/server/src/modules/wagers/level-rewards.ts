import type { LevelReward, LevelRewardClaim, LevelRewardInput } from '@app/shared/api/level-rewards';
import { levelForXp } from '@app/shared/domain/ranks';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { levelRewardClaims, levelRewards, rewards, users } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { restrictedTransaction, type RestrictionCheck } from '../../platform/restrictions.ts';
import { credit } from '../../platform/ledger.ts';
import { orderLevelRewardItem } from '../store/index.ts';
import { levelName, presentItemClaim, presentLevelReward, presentPointsClaim, type LevelRewardItemRow } from './level-reward-presenter.ts';

/**
 * Level Up Rewards (spec 2 §2 Level Up Rewards page): an admin sets points or a Points Store item
 * for a level; a user whose XP reached that level claims it once: points through the ledger (reason
 * level_reward), an item as a pending order at 0 points (stock taken, SOLD_OUT when none is left)
 * for the admin to fulfil.
 * The claim row's primary key (user, level) is inserted in the same transaction as the credit or
 * order, so a double submit pays once.
 */

const itemColumns = { id: rewards.id, name: rewards.name, stock: rewards.stock, active: rewards.active };

export async function listLevelRewards(db: Database): Promise<LevelReward[]> {
  const rows = await db
    .select({ reward: levelRewards, item: itemColumns })
    .from(levelRewards)
    .leftJoin(rewards, eq(rewards.id, levelRewards.rewardId))
    .orderBy(asc(levelRewards.level));
  return rows.map((r) => presentLevelReward(r.reward, r.item));
}

function describe(title: string, points: number | null, itemName: string | null): string {
  return points !== null ? `${title} (${points.toLocaleString('en-US')} points)` : `${title} (store item: ${itemName ?? '?'})`;
}

export async function myLevelRewards(db: Database, userId: string): Promise<{ xp: number; level: number; claimed: number[] }> {
  const [user] = await db.select({ xp: users.xp }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  const claims = await db
    .select({ level: levelRewardClaims.level })
    .from(levelRewardClaims)
    .where(eq(levelRewardClaims.userId, userId))
    .orderBy(asc(levelRewardClaims.level));
  return { xp: user.xp, level: levelForXp(user.xp).level, claimed: claims.map((c) => c.level) };
}

/**
 * PUT /api/admin/levelup-rewards/:level: sets (or replaces) the reward of a level, audited. A store
 * item must exist and be active (404 otherwise; 400 for an inactive one).
 */
export async function setLevelReward(db: Database, level: number, input: LevelRewardInput, actor: AuditActor, at: Date): Promise<LevelReward> {
  return db.transaction(async (tx) => {
    let item: LevelRewardItemRow | null = null;
    if (input.rewardId !== undefined) {
      // KEY SHARE: an admin deleting the item meanwhile waits, then sees it in use and deactivates it.
      [item = null] = await tx.select(itemColumns).from(rewards).where(eq(rewards.id, input.rewardId)).for('key share');
      if (!item) throw new AppError('NOT_FOUND', 'That store item does not exist.');
      if (!item.active) throw new AppError('VALIDATION_ERROR', 'That store item is not active in the store.');
    }
    const values = { title: input.title, points: input.points ?? null, rewardId: input.rewardId ?? null, updatedAt: at };
    const [before] = await tx
      .select({ reward: levelRewards, itemName: rewards.name })
      .from(levelRewards)
      .leftJoin(rewards, eq(rewards.id, levelRewards.rewardId))
      .where(eq(levelRewards.level, level));
    const [row] = await tx
      .insert(levelRewards)
      .values({ level, ...values })
      .onConflictDoUpdate({ target: levelRewards.level, set: values })
      .returning();
    await recordAudit(tx, {
      ...actor,
      action: 'level_reward.update',
      targetType: 'level_reward',
      targetId: String(level),
      changes: {
        summary: `${levelName(level)}: ${describe(input.title, values.points, item?.name ?? null)}`,
        before: before ? { title: before.reward.title, points: before.reward.points, rewardId: before.reward.rewardId, itemName: before.itemName } : null,
        after: { title: input.title, points: values.points, rewardId: values.rewardId, itemName: item?.name ?? null },
      },
      at,
    });
    return presentLevelReward(row!, item);
  });
}

/** DELETE /api/admin/levelup-rewards/:level (claims already made stay in the ledger). */
export async function deleteLevelReward(db: Database, level: number, actor: AuditActor, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(levelRewards).where(eq(levelRewards.level, level)).returning();
    if (!row) throw new AppError('NOT_FOUND', 'No reward is set for that level.');
    await recordAudit(tx, {
      ...actor,
      action: 'level_reward.delete',
      targetType: 'level_reward',
      targetId: String(level),
      changes: { summary: `${levelName(level)}: reward removed`, before: { title: row.title, points: row.points, rewardId: row.rewardId } },
      at,
    });
  });
}

/**
 * POST /api/levelup-rewards/:level/claim. `restriction` is the route's declared guard: a store item
 * is a Points Store order, so it is checked for an item only (points are a credit, not a spend).
 */
export async function claimLevelReward(db: Database, userId: string, level: number, at: Date, restriction: RestrictionCheck): Promise<LevelRewardClaim> {
  try {
    return await restrictedTransaction(db, restriction, async (tx) => {
      const [reward] = await tx.select().from(levelRewards).where(eq(levelRewards.level, level)).for('share');
      if (!reward) throw new AppError('NOT_FOUND', 'No reward is set for that level.');
      const [user] = await tx.select({ xp: users.xp }).from(users).where(eq(users.id, userId));
      if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
      if (levelForXp(user.xp).level < level) {
        throw new AppError('REQUIREMENTS_NOT_MET', `Reach ${levelName(level)} to claim this reward.`);
      }
      if (reward.points === null) {
        // A store item is a Points Store order: a store ban or a timeout blocks it like a redemption.
        await restriction.assert(tx);
        // The claim row first: a concurrent second claim waits on its key and then fails with 409
        // before it could take a second unit of stock.
        await tx.insert(levelRewardClaims).values({ userId, level, points: null, claimedAt: at });
        const order = await orderLevelRewardItem(tx, { userId, rewardId: reward.rewardId!, at });
        await tx
          .update(levelRewardClaims)
          .set({ orderId: order.id })
          .where(and(eq(levelRewardClaims.userId, userId), eq(levelRewardClaims.level, level)));
        return presentItemClaim(level, order);
      }
      // Points are a credit, not a Points Store order: the route's restriction does not apply.
      restriction.exempt();
      await tx.insert(levelRewardClaims).values({ userId, level, points: reward.points, claimedAt: at });
      const moved = await credit(tx, {
        userId,
        amount: reward.points,
        reason: 'level_reward',
        refType: 'level',
        refId: String(level),
        note: `${levelName(level)}: ${reward.title}`,
        at,
      });
      return presentPointsClaim(level, reward.points, moved.balance);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'level_reward_claims')) throw new AppError('ALREADY_CLAIMED', 'You have already claimed this reward.');
    throw error;
  }
}
