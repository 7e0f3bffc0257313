import type { Affiliate, AffiliateInput, AffiliateList, AffiliatePayout } from '@app/shared/api/admin-affiliates';
import type { AFFILIATE_STATUSES, PAYOUT_METHODS } from '@app/shared/api/admin-affiliates';
import type { PartnerName } from '@app/shared/domain/leaderboards';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { affiliatePayouts, affiliates, users } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';

/** Affiliates and their payouts (spec 2 §2, §3; issue 10). Money is stored in cents. */

export type AffiliateRow = typeof affiliates.$inferSelect;
type AffiliateValues = Required<Omit<AffiliateInput, 'joinDate' | 'lastActive'>> & { joinDate?: string; lastActive?: string | null };

const toCents = (usd: number) => Math.round(usd * 100);
const toUsd = (cents: number) => cents / 100;

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

const paidOut = sql<string>`coalesce((select sum(${affiliatePayouts.amountCents}) from ${affiliatePayouts} where ${affiliatePayouts.affiliateId} = "affiliates"."id"), 0)`;

export async function listAffiliates(db: Database, partner: PartnerName | undefined): Promise<AffiliateList> {
  const rows = await db
    .select({ row: affiliates, paidOut })
    .from(affiliates)
    .where(partner ? eq(affiliates.partner, partner) : undefined)
    .orderBy(desc(affiliates.createdAt), desc(affiliates.id));
  const list = rows.map((r) => presentAffiliate(r.row, Number(r.paidOut)));
  const totalCents = rows.reduce((sum, r) => sum + r.row.totalEarningsCents, 0);
  const avg = list.length === 0 ? 0 : list.reduce((sum, a) => sum + a.conversionRate, 0) / list.length;
  return {
    affiliates: list,
    summary: { totalAffiliates: list.length, totalEarnings: toUsd(totalCents), avgConversionRate: Math.round(avg * 10) / 10 },
  };
}

export async function getAffiliate(db: Database | Tx, id: string): Promise<Affiliate> {
  const [r] = await db.select({ row: affiliates, paidOut }).from(affiliates).where(eq(affiliates.id, id));
  if (!r) throw new AppError('NOT_FOUND', 'No such affiliate.');
  return presentAffiliate(r.row, Number(r.paidOut));
}

function valuesOf(input: AffiliateValues) {
  return {
    name: input.name,
    email: input.email,
    partner: input.partner,
    status: input.status,
    payoutMethod: input.payoutMethod,
    totalEarningsCents: toCents(input.totalEarnings),
    totalClicks: input.totalClicks,
    conversionRate: input.conversionRate,
    ...(input.joinDate ? { joinDate: new Date(input.joinDate) } : {}),
    ...(input.lastActive !== undefined ? { lastActive: input.lastActive ? new Date(input.lastActive) : null } : {}),
  };
}

export async function createAffiliate(tx: Tx, input: AffiliateValues, now: Date): Promise<AffiliateRow> {
  const [row] = await tx
    .insert(affiliates)
    .values({ joinDate: now, ...valuesOf(input), createdAt: sql`clock_timestamp()`, updatedAt: sql`clock_timestamp()` })
    .returning();
  return row!;
}

async function findForUpdate(tx: Tx, id: string): Promise<AffiliateRow> {
  const [row] = await tx.select().from(affiliates).where(eq(affiliates.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', 'No such affiliate.');
  return row;
}

export async function updateAffiliate(tx: Tx, id: string, input: AffiliateValues): Promise<{ before: AffiliateRow; after: AffiliateRow }> {
  const before = await findForUpdate(tx, id);
  const [after] = await tx
    .update(affiliates)
    .set({ ...valuesOf(input), updatedAt: sql`clock_timestamp()` })
    .where(eq(affiliates.id, id))
    .returning();
  return { before, after: after! };
}

export async function deleteAffiliate(tx: Tx, id: string): Promise<AffiliateRow> {
  const before = await findForUpdate(tx, id);
  await tx.delete(affiliates).where(eq(affiliates.id, id));
  return before;
}

type PayoutRow = typeof affiliatePayouts.$inferSelect;

function presentPayout(row: PayoutRow, creatorName: string | null): AffiliatePayout {
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

export async function listPayouts(db: Database, affiliateId: string): Promise<AffiliatePayout[]> {
  await getAffiliate(db, affiliateId);
  const rows = await db
    .select({ row: affiliatePayouts, creatorName: users.username })
    .from(affiliatePayouts)
    .leftJoin(users, eq(users.id, affiliatePayouts.createdBy))
    .where(eq(affiliatePayouts.affiliateId, affiliateId))
    .orderBy(desc(affiliatePayouts.createdAt), desc(affiliatePayouts.id));
  return rows.map((r) => presentPayout(r.row, r.creatorName));
}

/** Process Payout: records one payout (the affiliate's payout method unless another is given). */
export async function recordPayout(
  tx: Tx,
  input: { affiliateId: string; amount: number; method?: (typeof PAYOUT_METHODS)[number]; note: string; actorId: string; actorName: string; now: Date },
): Promise<AffiliatePayout> {
  const affiliate = await findForUpdate(tx, input.affiliateId);
  const [row] = await tx
    .insert(affiliatePayouts)
    .values({
      affiliateId: affiliate.id,
      amountCents: toCents(input.amount),
      method: input.method ?? affiliate.payoutMethod,
      note: input.note,
      createdBy: input.actorId,
      createdAt: input.now,
    })
    .returning();
  return presentPayout(row!, input.actorName);
}

/** The fields an audit row records for an affiliate. */
export function affiliateSnapshot(row: AffiliateRow): Record<string, unknown> {
  const { createdAt: _c, updatedAt: _u, id: _i, ...rest } = row;
  return rest;
}
