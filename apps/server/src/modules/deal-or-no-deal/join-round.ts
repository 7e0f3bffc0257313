import { eq } from 'drizzle-orm';
import type { DealOrNoDealRound } from '@app/shared/api/deal-or-no-deal';
import type { Database } from '../../db/client.ts';
import { dealOrNoDealEntries, dealOrNoDealRounds } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditActor } from '../../platform/audit.ts';
import { mayTakePart } from '../../platform/own-account.ts';
import { restrictedTransaction, type RestrictionCheck } from '../../platform/restrictions.ts';
import { announceJoin, notFound, present, wrongStatus, type DealOrNoDealRow } from './round-reads.ts';

const ADMIN_JOIN = 'Admins run Deal or No Deal, so an admin account cannot join a round.';

/**
 * Before POST /api/dealornodeal/rounds/:id/join's transaction: an admin, who draws the contestant,
 * is refused (403 OWN_ACCOUNT_ACT) and the attempt audited (platform/own-account.ts). `!dond` asks
 * the same rule and says nothing.
 */
export async function refuseAdminJoin(db: Database, roundId: string, userId: string, actor: AuditActor, now: Date): Promise<void> {
  await mayTakePart(db, userId, now, {
    actor,
    action: 'dond.join',
    targetType: 'dond_round',
    targetId: roundId,
    summary: 'join a Deal or No Deal round',
    message: ADMIN_JOIN,
  });
}

/**
 * Joins the open round (web or `!dond`), in the caller's transaction. The restriction check (the
 * "Deal or No Deal" feature ban) runs first. `inserted` false: already joined.
 */
export async function joinRound(
  tx: Tx,
  input: { roundId: string; userId: string; source: 'web' | 'chat'; at: Date; restriction: RestrictionCheck | null },
): Promise<{ inserted: boolean; row: DealOrNoDealRow }> {
  // Also here, for any caller that skipped refuseAdminJoin (or the chat hook's own ask).
  if (!(await mayTakePart(tx, input.userId, input.at))) throw new AppError('OWN_ACCOUNT_ACT', ADMIN_JOIN);
  if (input.restriction) await input.restriction.assert(tx);
  // FOR SHARE: closing (which updates the row) waits for joins in flight and then sees all of them.
  const [row] = await tx.select().from(dealOrNoDealRounds).where(eq(dealOrNoDealRounds.id, input.roundId)).for('share');
  if (!row || row.status === 'draft') throw notFound();
  if (row.status !== 'open') throw wrongStatus('Entries for this round are closed.');
  const inserted = await tx
    .insert(dealOrNoDealEntries)
    .values({ roundId: row.id, userId: input.userId, source: input.source, createdAt: input.at })
    .onConflictDoNothing()
    .returning({ userId: dealOrNoDealEntries.userId });
  if (inserted.length > 0) await announceJoin(tx);
  return { inserted: inserted.length > 0, row };
}

/** POST /api/dealornodeal/rounds/:id/join. */
export async function joinRoundOnWeb(
  db: Database,
  input: { roundId: string; userId: string; at: Date; restriction: RestrictionCheck },
): Promise<DealOrNoDealRound> {
  return restrictedTransaction(db, input.restriction, async (tx) => {
    const { inserted, row } = await joinRound(tx, { ...input, source: 'web' });
    if (!inserted) throw new AppError('ALREADY_ENTERED', 'Already entered');
    return present(tx, row, { userId: input.userId, names: 'public' });
  });
}

/** The open round, if any (the chat hook). */
export async function openRoundRow(db: Database | Tx): Promise<DealOrNoDealRow | null> {
  const [row] = await db.select().from(dealOrNoDealRounds).where(eq(dealOrNoDealRounds.status, 'open')).limit(1);
  return row ?? null;
}
