import type { Order, OrderStatus, Reward, RewardCategory } from '@app/shared/api/store';

/** spec 2 §2: the category buttons, in order. */
export const CATEGORIES: readonly {
  label: string;
  value: RewardCategory | 'all';
}[] = [
  { label: 'All Rewards', value: 'all' },
  { label: 'Cash Rewards', value: 'cashbacks' },
  { label: 'Bonus Credits', value: 'bonuses' },
  { label: 'Merchandise', value: 'merchandise' },
  { label: 'VIP', value: 'vip' },
];

export const CATEGORY_LABEL: Record<RewardCategory, string> = {
  cashbacks: 'Cash Rewards',
  bonuses: 'Bonus Credits',
  merchandise: 'Merchandise',
  vip: 'VIP',
};

/** spec 2 §5: search matches name or description, case-insensitive; the category narrows it further. */
export function filterRewards(rewards: readonly Reward[], search: string, category: RewardCategory | 'all'): Reward[] {
  const needle = search.trim().toLowerCase();
  return rewards.filter(
    (r) =>
      (category === 'all' || r.category === category) &&
      (needle === '' || r.name.toLowerCase().includes(needle) || r.description.toLowerCase().includes(needle)),
  );
}

/** A declined order whose points went back no longer counts as spent. */
export function isRefunded(order: Order): boolean {
  return order.status === 'declined' && order.refunded;
}

type StoreStats = {
  totalSpent: number;
  redeemed: number;
  availableItems: number;
};

/** The stat cards: points spent and rewards redeemed (refunded orders excluded), rewards not sold out. */
export function storeStats(orders: readonly Order[], rewards: readonly Reward[]): StoreStats {
  const kept = orders.filter((o) => !isRefunded(o));
  return {
    totalSpent: kept.reduce((sum, o) => sum + o.pointsSpent, 0),
    redeemed: kept.length,
    availableItems: rewards.filter((r) => r.stock !== 0).length,
  };
}

export type HistoryFilter = 'all' | OrderStatus;

export const HISTORY_FILTERS: readonly {
  value: HistoryFilter;
  label: string;
}[] = [
  { value: 'all', label: 'All' },
  { value: 'paid', label: 'Paid' },
  { value: 'pending', label: 'Pending' },
  { value: 'declined', label: 'Declined' },
];

export function ordersFor(orders: readonly Order[], filter: HistoryFilter): Order[] {
  return filter === 'all' ? [...orders] : orders.filter((o) => o.status === filter);
}

/** spec 2 §2: 'No purchase history found.' for All, else 'No {status} orders found.' */
export function emptyHistoryText(filter: HistoryFilter): string {
  return filter === 'all' ? 'No purchase history found.' : `No ${filter} orders found.`;
}
