import type { SearchResult } from '@app/shared/api/admin';
import { challengePartnerName } from '@app/shared/api/challenges';
import type { affiliates, challenges, ledgerEntries, orders, raffles, rewards } from '../../db/schema.ts';

/** Quick Search hits in the contract shape: a title, a subtitle, a status, a date and the admin page to open. */

export function presentUserResult(r: { id: string; username: string; email: string; uid: string; status: string; createdAt: Date }): SearchResult {
  return {
    id: r.id,
    title: r.username,
    subtitle: `${r.email} · ${r.uid}`,
    status: r.status,
    date: r.createdAt.toISOString(),
    link: `/admin/users?id=${r.id}`,
  };
}

export function presentAffiliateResult(r: typeof affiliates.$inferSelect): SearchResult {
  return {
    id: r.id,
    title: r.name,
    subtitle: `${r.partner} · ${r.email}`,
    status: r.status,
    date: r.joinDate.toISOString(),
    link: `/admin/affiliates?id=${r.id}`,
  };
}

export function presentRaffleResult(row: typeof raffles.$inferSelect, status: string): SearchResult {
  return {
    id: row.id,
    title: row.title,
    subtitle: `${row.prize} · #${row.raffleNumber}`,
    status,
    date: row.startDate.toISOString(),
    link: `/admin/raffles?id=${row.id}`,
  };
}

export function presentChallengeResult(row: typeof challenges.$inferSelect, status: string): SearchResult {
  return {
    id: row.id,
    title: row.title,
    subtitle: `${row.targetMultiplier.toFixed(2)}× on ${row.game} at ${challengePartnerName(row.partner)} · ${row.prizePoints.toLocaleString('en-US')} points`,
    status,
    date: row.startsAt.toISOString(),
    link: `/admin/challenges?id=${row.id}`,
  };
}

export function presentRewardResult(r: typeof rewards.$inferSelect): SearchResult {
  return {
    id: r.id,
    title: r.name,
    subtitle: `${r.category} · ${r.price} points${r.stock === null ? '' : ` · ${r.stock} left`}`,
    status: r.active ? 'active' : 'inactive',
    date: r.createdAt.toISOString(),
    link: `/admin/store?id=${r.id}`,
  };
}

export function presentOrderResult(order: typeof orders.$inferSelect, username: string): SearchResult {
  return {
    id: order.id,
    title: order.rewardName,
    subtitle: `${username} · ${order.pointsSpent} points`,
    status: order.status,
    date: order.createdAt.toISOString(),
    link: `/admin/orders?id=${order.id}`,
  };
}

/** A redeem is a ledger spend (a negative row). */
export function presentRedeemResult(entry: typeof ledgerEntries.$inferSelect, username: string): SearchResult {
  return {
    id: entry.id,
    title: entry.note || entry.reason.replace(/_/g, ' '),
    subtitle: `${username} · ${-entry.amount} points`,
    status: entry.reason,
    date: entry.createdAt.toISOString(),
    link: `/admin/users?id=${entry.userId}`,
  };
}
