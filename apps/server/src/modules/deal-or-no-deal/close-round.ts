import { and, asc, eq, not } from 'drizzle-orm';
import type { DealOrNoDealRound } from '@app/shared/api/deal-or-no-deal';
import { drawRaffleWinners } from '@app/shared/domain/raffle-draw';
import type { Database } from '../../db/client.ts';
import { dealOrNoDealEntries, dealOrNoDealRounds, users } from '../../db/schema.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { isAdminAccountSql } from '../../platform/own-account.ts';
import { announceChange, lockRound, present, wrongStatus } from './round-reads.ts';

/**
 * POST /api/admin/dealornodeal/rounds/:id/close: entries end; one contestant is drawn with the raffle
 * draw over the entrants' UIDs in entry order (seed: the round's server seed). No entrant: the round
 * is cancelled and its seed revealed (audited either way).
 */
export async function closeRound(
  db: Database,
  id: string,
  actor: AuditActor,
  now: Date,
): Promise<{ round: DealOrNoDealRound; contestantUsername: string | null }> {
  return db.transaction(async (tx) => {
    const row = await lockRound(tx, id);
    if (row.status !== 'open') throw wrongStatus('Only a round open for entries can close.');
    // No admin is drawn (platform/own-account.ts), even one whose entry came before that rule: the
    // published entrant list is the one drawn from.
    const entrants = await tx
      .select({ uid: users.uid, userId: users.id, username: users.username })
      .from(dealOrNoDealEntries)
      .innerJoin(users, eq(users.id, dealOrNoDealEntries.userId))
      .where(and(eq(dealOrNoDealEntries.roundId, id), not(isAdminAccountSql(dealOrNoDealEntries.userId))))
      .orderBy(asc(dealOrNoDealEntries.createdAt), asc(users.uid));
    const uids = entrants.map((e) => e.uid);
    const draw = drawRaffleWinners(row.serverSeed, uids, 1);
    const winner = entrants.find((e) => e.uid === draw.winnerUids[0]) ?? null;
    const [closed] = await tx
      .update(dealOrNoDealRounds)
      .set({
        status: winner ? 'playing' : 'cancelled',
        entrantUids: uids,
        entriesDigest: draw.entriesDigest,
        contestantId: winner?.userId ?? null,
        contestantUid: winner?.uid ?? null,
        lastActionAt: winner ? now : null,
        closedAt: now,
        finishedAt: winner ? null : now,
        updatedAt: now,
      })
      .where(eq(dealOrNoDealRounds.id, id))
      .returning();
    await recordAudit(tx, {
      ...actor,
      action: 'dond.close',
      targetType: 'dond_round',
      targetId: id,
      changes: {
        summary: winner
          ? `Deal or No Deal #${row.roundNumber}: ${winner.username} drawn from ${uids.length} entrant${uids.length === 1 ? '' : 's'}`
          : `Deal or No Deal #${row.roundNumber}: nobody joined, cancelled`,
        entries: uids.length,
        contestantUid: winner?.uid ?? null,
        entriesDigest: draw.entriesDigest,
      },
      at: now,
    });
    await announceChange(tx, closed!);
    return { round: await present(tx, closed!, { userId: null, names: 'admin' }), contestantUsername: winner?.username ?? null };
  });
}
