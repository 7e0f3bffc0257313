import { count, desc, eq, sql } from 'drizzle-orm';
import type { AdminPointsBody, LedgerCheck, LedgerEntry, LedgerPage, LedgerQuery } from '@app/shared/api/points';
import type { Database } from '../../db/client.ts';
import { ledgerEntries, users } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { refuseOwnAccount } from '../../platform/own-account.ts';
import { credit, debit } from '../../platform/ledger.ts';
import { presentLedgerEntry } from './ledger-presenter.ts';

type AdminPointsResult = { userId: string; points: number; entry: LedgerEntry };

/** GET /api/points/ledger: one's own rows, newest first. */
export async function ledgerPage(db: Database, userId: string, query: LedgerQuery): Promise<LedgerPage> {
  const [rows, [total], [user]] = await Promise.all([
    db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId))
      .orderBy(desc(ledgerEntries.seq))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.userId, userId)),
    db.select({ points: users.points }).from(users).where(eq(users.id, userId)),
  ]);
  if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  return { entries: rows.map(presentLedgerEntry), page: query.page, pageSize: query.pageSize, total: total?.n ?? 0, points: user.points };
}

/** GET /api/admin/ledger/check: every balance recomputed from the ledger. */
export async function checkLedger(db: Database): Promise<LedgerCheck> {
  const sums = db
    .select({ userId: ledgerEntries.userId, total: sql<string>`sum(${ledgerEntries.amount})`.as('total') })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.userId)
    .as('sums');
  const rows = await db
    .select({ userId: users.id, username: users.username, points: users.points, ledgerSum: sql<string>`coalesce(${sums.total}, 0)` })
    .from(users)
    .leftJoin(sums, eq(sums.userId, users.id));
  const mismatches = rows
    .map((r) => ({ userId: r.userId, username: r.username, points: r.points, ledgerSum: Number(r.ledgerSum) }))
    .filter((r) => r.points !== r.ledgerSum);
  return { ok: mismatches.length === 0, users: rows.length, mismatches };
}

const OWN_POINTS = 'You cannot grant or revoke points on your own account; another admin has to do it.';

/**
 * Before POST /api/admin/users/:id/points' transaction: an admin's own balance is refused (403,
 * OWN_ACCOUNT_ACT) and the attempt audited (platform/own-account.ts).
 */
export async function refuseOwnPoints(db: Database, userId: string, body: AdminPointsBody, actor: AuditActor, now: Date): Promise<void> {
  await refuseOwnAccount(
    db,
    actor,
    {
      ownerId: userId,
      action: body.amount > 0 ? 'points.grant' : 'points.revoke',
      targetType: 'user',
      targetId: userId,
      summary: `${body.amount > 0 ? '+' : ''}${body.amount} points: ${body.reason}`,
      message: OWN_POINTS,
    },
    now,
  );
}

/**
 * POST /api/admin/users/:id/points: a grant or a revoke through the ledger, never below zero, with
 * its audit row, in the caller's transaction (the Idempotency-Key's).
 */
export async function adjustPoints(tx: Tx, userId: string, body: AdminPointsBody, actor: AuditActor, now: Date): Promise<AdminPointsResult> {
  // Also here, for any caller that skipped refuseOwnPoints.
  if (userId === actor.actorId) throw new AppError('OWN_ACCOUNT_ACT', OWN_POINTS);
  const movement = {
    userId,
    amount: Math.abs(body.amount),
    refType: 'admin' as const,
    refId: actor.actorId,
    actorId: actor.actorId,
    note: body.reason,
    at: now,
  };
  const result =
    body.amount > 0
      ? await credit(tx, { ...movement, reason: 'admin_grant' })
      : await debit(
          tx,
          { ...movement, reason: 'admin_revoke' },
          {
            shortMessage: (shortfall) => `The balance is ${shortfall.toLocaleString('en-US')} points short of this revoke; a balance never goes below zero.`,
          },
        );
  await recordAudit(tx, {
    ...actor,
    action: body.amount > 0 ? 'points.grant' : 'points.revoke',
    targetType: 'user',
    targetId: userId,
    changes: { summary: `${body.amount > 0 ? '+' : ''}${body.amount} points: ${body.reason}`, amount: body.amount, balanceAfter: result.balance },
    at: now,
  });
  return { userId, points: result.balance, entry: presentLedgerEntry(result.entry) };
}
