import type { AdminOrder, Order, Reward } from '@app/shared/api/store';
import type { orders, rewards } from '../../db/schema.ts';

type RewardRow = typeof rewards.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

export function presentReward(row: RewardRow): Reward {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category as Reward['category'],
    price: row.price,
    featured: row.featured,
    stock: row.stock,
    active: row.active,
  };
}

export function presentOrder(row: OrderRow): Order {
  return {
    id: row.id,
    rewardId: row.rewardId,
    rewardName: row.rewardName,
    pointsSpent: row.pointsSpent,
    timestamp: row.createdAt.toISOString(),
    status: row.status as Order['status'],
    balanceBefore: row.balanceBefore,
    balanceAfter: row.balanceAfter,
    ...(row.status === 'declined' ? { denialReason: row.declineReason ?? '' } : {}),
    refunded: row.refunded,
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
  };
}

export function presentAdminOrder(row: OrderRow, username: string): AdminOrder {
  return { ...presentOrder(row), userId: row.userId, username };
}
