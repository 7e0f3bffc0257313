import type { Affiliate, AffiliateInput, AffiliateList, AffiliatePayout, PAYOUT_METHODS } from '@app/shared/api/admin-affiliates';
import type { PartnerName } from '@app/shared/domain/leaderboards';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { affiliatePayouts, affiliates, users } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { diffChanges, recordAudit, type AuditActor } from '../../platform/audit.ts';
import type { ActingAdmin } from './acting-admin.ts';
import { presentAffiliate, presentAffiliateList, presentPayout, toCents, type AffiliateRow } from './affiliate-presenter.ts';

/** Affiliates and their payouts (spec 2 §2, §3). Money is stored in cents; every write is audited in its transaction. */

type AffiliateValues = Required<Omit<AffiliateInput, 'joinDate' | 'lastActive'>> & { joinDate?: string; lastActive?: string | null };

const paidOut = sql<string>`coalesce((select sum(${affiliatePayouts.amountCents}) from ${affiliatePayouts} where ${affiliatePayouts.affiliateId} = "affiliates"."id"), 0)`;

/** GET /api/admin/affiliates: newest first, optionally one partner's. */
export async function listAffiliates(db: Database, partner: PartnerName | undefined): Promise<AffiliateList> {
  const rows = await db
    .select({ row: affiliates, paidOut })
    .from(affiliates)
    .where(partner ? eq(affiliates.partner, partner) : undefined)
    .orderBy(desc(affiliates.createdAt), desc(affiliates.createdSeq));
  return presentAffiliateList(rows.map((r) => ({ row: r.row, paidOutCents: Number(r.paidOut) })));
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

/** The fields an audit row records for an affiliate. */
function snapshot(row: AffiliateRow): Record<string, unknown> {
  const { createdAt: _c, updatedAt: _u, id: _i, createdSeq: _s, ...rest } = row;
  return rest;
}

async function findForUpdate(tx: Tx, id: string): Promise<AffiliateRow> {
  const [row] = await tx.select().from(affiliates).where(eq(affiliates.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', 'No such affiliate.');
  return row;
}

/*
 * Times are the app clock's; created_seq breaks the ties of one instant in the newest-first list
 * (a test's clock can stand still between two adds).
 */

/** POST /api/admin/affiliates: adds an affiliate, joined now unless the form says when (audited). */
export async function createAffiliate(db: Database, input: AffiliateValues, actor: AuditActor, now: Date): Promise<Affiliate> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(affiliates)
      .values({ joinDate: now, ...valuesOf(input), createdAt: now, updatedAt: now })
      .returning();
    const affiliate = await getAffiliate(tx, row!.id);
    await recordAudit(tx, {
      ...actor,
      action: 'affiliate.create',
      targetType: 'affiliate',
      targetId: affiliate.id,
      changes: { summary: affiliate.name, ...input },
      at: now,
    });
    return affiliate;
  });
}

/** PUT /api/admin/affiliates/:id: replaces an affiliate's fields (audited: the fields that changed). */
export async function updateAffiliate(db: Database, id: string, input: AffiliateValues, actor: AuditActor, now: Date): Promise<Affiliate> {
  return db.transaction(async (tx) => {
    const before = await findForUpdate(tx, id);
    const [after] = await tx
      .update(affiliates)
      .set({ ...valuesOf(input), updatedAt: now })
      .where(eq(affiliates.id, id))
      .returning();
    const affiliate = await getAffiliate(tx, id);
    await recordAudit(tx, {
      ...actor,
      action: 'affiliate.update',
      targetType: 'affiliate',
      targetId: after!.id,
      changes: { summary: after!.name, ...diffChanges(snapshot(before), snapshot(after!)) },
      at: now,
    });
    return affiliate;
  });
}

/** DELETE /api/admin/affiliates/:id: deletes an affiliate and its payout records (audited). */
export async function deleteAffiliate(db: Database, id: string, actor: AuditActor, now: Date): Promise<{ ok: true; id: string }> {
  return db.transaction(async (tx) => {
    const before = await findForUpdate(tx, id);
    await tx.delete(affiliates).where(eq(affiliates.id, id));
    await recordAudit(tx, {
      ...actor,
      action: 'affiliate.delete',
      targetType: 'affiliate',
      targetId: before.id,
      changes: { summary: before.name, ...snapshot(before) },
      at: now,
    });
    return { ok: true as const, id: before.id };
  });
}

/** GET /api/admin/affiliates/:id/payouts: newest first (404 for an unknown affiliate). */
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

/**
 * Process Payout: records one payout (the affiliate's payout method unless another is given) and
 * its audit row, in the caller's transaction (the Idempotency-Key's, so a double click pays once).
 */
export async function recordPayout(
  tx: Tx,
  affiliateId: string,
  input: { amount: number; method?: (typeof PAYOUT_METHODS)[number] | undefined; note: string },
  actor: ActingAdmin,
  now: Date,
): Promise<AffiliatePayout> {
  const affiliate = await findForUpdate(tx, affiliateId);
  const [row] = await tx
    .insert(affiliatePayouts)
    .values({
      affiliateId: affiliate.id,
      amountCents: toCents(input.amount),
      method: input.method ?? affiliate.payoutMethod,
      note: input.note,
      createdBy: actor.actorId,
      createdAt: now,
    })
    .returning();
  const payout = presentPayout(row!, actor.username);
  await recordAudit(tx, {
    ...actor,
    action: 'payout.create',
    targetType: 'affiliate',
    targetId: payout.affiliateId,
    changes: {
      summary: `$${payout.amount.toFixed(2)} by ${payout.method}`,
      payoutId: payout.id,
      amount: payout.amount,
      method: payout.method,
      note: payout.note,
    },
    at: now,
  });
  return payout;
}
