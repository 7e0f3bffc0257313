import type { LevelReward } from '@app/shared/api/level-rewards';
import { RANKS, levelForXp } from '@app/shared/domain/ranks';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { levelRewardClaims, levelRewards, users } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../admin/audit.ts';
import { credit } from '../points/ledger.ts';

/**
 * Level Up Rewards (issue 11): an admin sets points for a level; a user whose XP reached that level
 * claims them once, through the ledger (reason level_reward). The claim row's primary key (user,
 * level) is inserted in the same transaction as the credit, so a double submit pays once.
 */

function levelName(level: number): string {
  return RANKS[level - 1]?.name ?? `Level ${level}`;
}

function present(row: typeof levelRewards.$inferSelect): LevelReward {
  return { level: row.level, levelName: levelName(row.level), title: row.title, points: row.points };
}

export async function listLevelRewards(db: Database): Promise<LevelReward[]> {
  return (await db.select().from(levelRewards).orderBy(asc(levelRewards.level))).map(present);
}

export async function myLevelRewards(db: Database, userId: string): Promise<{ xp: number; level: number; claimed: number[] }> {
  const [user] = await db.select({ xp: users.xp }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(401, 'UNAUTHORIZED', 'Please sign in to continue.');
  const claims = await db.select({ level: levelRewardClaims.level }).from(levelRewardClaims).where(eq(levelRewardClaims.userId, userId)).orderBy(asc(levelRewardClaims.level));
  return { xp: user.xp, level: levelForXp(user.xp).level, claimed: claims.map((c) => c.level) };
}

type AuditContext = { actorId: string; ip: string | null; userAgent: string | null };

/** PUT /api/admin/levelup-rewards/:level: sets (or replaces) the reward of a level, audited. */
export async function setLevelReward(db: Database, level: number, input: { title: string; points: number }, at: Date, audit: AuditContext): Promise<LevelReward> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(levelRewards).where(eq(levelRewards.level, level));
    const [row] = await tx
      .insert(levelRewards)
      .values({ level, title: input.title, points: input.points, updatedAt: at })
      .onConflictDoUpdate({ target: levelRewards.level, set: { title: input.title, points: input.points, updatedAt: at } })
      .returning();
    await recordAudit(tx, {
      ...audit,
      action: 'level_reward.update',
      targetType: 'level_reward',
      targetId: String(level),
      changes: {
        summary: `${levelName(level)}: ${input.title} (${input.points.toLocaleString('en-US')} points)`,
        before: before ? { title: before.title, points: before.points } : null,
        after: { title: input.title, points: input.points },
      },
      at,
    });
    return present(row!);
  });
}

/** DELETE /api/admin/levelup-rewards/:level (claims already made stay in the ledger). */
export async function deleteLevelReward(db: Database, level: number, at: Date, audit: AuditContext): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(levelRewards).where(eq(levelRewards.level, level)).returning();
    if (!row) throw new AppError(404, 'NOT_FOUND', 'No reward is set for that level.');
    await recordAudit(tx, {
      ...audit,
      action: 'level_reward.delete',
      targetType: 'level_reward',
      targetId: String(level),
      changes: { summary: `${levelName(level)}: reward removed`, before: { title: row.title, points: row.points } },
      at,
    });
  });
}

/** POST /api/levelup-rewards/:level/claim */
export async function claimLevelReward(db: Database, userId: string, level: number, at: Date): Promise<{ level: number; points: number; balance: number }> {
  try {
    return await db.transaction(async (tx) => {
      const [reward] = await tx.select().from(levelRewards).where(eq(levelRewards.level, level)).for('share');
      if (!reward) throw new AppError(404, 'NOT_FOUND', 'No reward is set for that level.');
      const [user] = await tx.select({ xp: users.xp }).from(users).where(eq(users.id, userId));
      if (!user) throw new AppError(401, 'UNAUTHORIZED', 'Please sign in to continue.');
      if (levelForXp(user.xp).level < level) {
        throw new AppError(403, 'REQUIREMENTS_NOT_MET', `Reach ${levelName(level)} to claim this reward.`);
      }
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
      return { level, points: reward.points, balance: moved.balance };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'level_reward_claims')) throw new AppError(409, 'ALREADY_CLAIMED', 'You have already claimed this reward.');
    throw error;
  }
}
