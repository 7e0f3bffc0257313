import type { Affiliate, AffiliateList, AffiliatePayout } from '@app/shared/api/admin-affiliates';
import type { AFFILIATE_STATUSES, PAYOUT_METHODS } from '@app/shared/api/admin-affiliates';
import type { PartnerName } from '@app/shared/domain/leaderboards';
import type { affiliatePayouts, affiliates } from '../../db/schema.ts';

/** Affiliates and payouts in the contract shape: money is stored in cents and shown in dollars. */

export type AffiliateRow = typeof affiliates.$inferSelect;
export type PayoutRow = typeof affiliatePayouts.$inferSelect;

export const toCents = (usd: number) => Math.round(usd * 100);
export const toUsd = (cents: number) => cents / 100;

export function presentAffiliate(row: AffiliateRow, paidOutCents: number): Affiliate {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    totalEarnings: toUsd(row.totalEarningsCents),
    status: row.status as (typeof AFFILIATE_STATUSES)[number],
    joinDate: row.joinDate.toISOString(),
    lastActive: row.lastActive?.toISOString() ?? null,
    payoutMethod: row.payoutMethod as (typeof PAYOUT_METHODS)[number],
    totalClicks: row.totalClicks,
    conversionRate: row.conversionRate,
    partner: row.partner as PartnerName,
    totalPaidOut: toUsd(paidOutCents),
  };
}

export function presentPayout(row: PayoutRow, creatorName: string | null): AffiliatePayout {
  return {
    id: row.id,
    affiliateId: row.affiliateId,
    amount: toUsd(row.amountCents),
    method: row.method as (typeof PAYOUT_METHODS)[number],
    note: row.note,
    status: 'Completed',
    createdBy: row.createdBy && creatorName ? { id: row.createdBy, username: creatorName } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The Affiliates tab: the list and its three summary figures (the average conversion to one decimal). */
export function presentAffiliateList(rows: { row: AffiliateRow; paidOutCents: number }[]): AffiliateList {
  const list = rows.map((r) => presentAffiliate(r.row, r.paidOutCents));
  const totalCents = rows.reduce((sum, r) => sum + r.row.totalEarningsCents, 0);
  const avg = list.length === 0 ? 0 : list.reduce((sum, a) => sum + a.conversionRate, 0) / list.length;
  return {
    affiliates: list,
    summary: { totalAffiliates: list.length, totalEarnings: toUsd(totalCents), avgConversionRate: Math.round(avg * 10) / 10 },
  };
}
