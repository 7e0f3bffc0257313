import type { LevelReward, LevelRewardClaim } from '@app/shared/api/level-rewards';
import { RANKS } from '@app/shared/domain/ranks';
import type { levelRewards, orders, rewards } from '../../db/schema.ts';

type LevelRewardRow = typeof levelRewards.$inferSelect;
export type LevelRewardItemRow = Pick<typeof rewards.$inferSelect, 'id' | 'name' | 'stock' | 'active'>;

/** The rank's name of a level (spec 2 §9 ranks), or 'Level n' past the last rank. */
export function levelName(level: number): string {
  return RANKS[level - 1]?.name ?? `Level ${level}`;
}

/** A level's reward: its points, or the store item it gives. */
export function presentLevelReward(row: LevelRewardRow, item: LevelRewardItemRow | null): LevelReward {
  return {
    level: row.level,
    levelName: levelName(row.level),
    title: row.title,
    points: row.points,
    item: item ? { id: item.id, name: item.name, stock: item.stock, active: item.active } : null,
  };
}

/** A claim of a level's points: the balance the credit left. */
export function presentPointsClaim(level: number, points: number, balance: number): LevelRewardClaim {
  return { level, points, balance, orderId: null, itemName: null };
}

/** A claim of a level's store item: its pending 0-point order (the balance as it stood). */
export function presentItemClaim(level: number, order: typeof orders.$inferSelect): LevelRewardClaim {
  return { level, points: null, balance: order.balanceAfter, orderId: order.id, itemName: order.rewardName };
}
