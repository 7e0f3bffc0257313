import { eq } from 'drizzle-orm';
import type { DealOrNoDealRound } from '@app/shared/api/deal-or-no-deal';
import type { Database } from '../../db/client.ts';
import { dealOrNoDealRounds } from '../../db/schema.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { announceChange, ENDED, lockRound, present, wrongStatus } from './round-reads.ts';

/** POST /api/admin/dealornodeal/rounds/:id/cancel: a draft, open or playing round ends without a prize (audited). */
export async function cancelRound(db: Database, id: string, actor: AuditActor, now: Date): Promise<DealOrNoDealRound> {
  return db.transaction(async (tx) => {
    const row = await lockRound(tx, id);
    if ((ENDED as readonly string[]).includes(row.status)) throw wrongStatus('This round has already ended.');
    const [cancelled] = await tx
      .update(dealOrNoDealRounds)
      .set({ status: 'cancelled', finishedAt: now, updatedAt: now })
      .where(eq(dealOrNoDealRounds.id, id))
      .returning();
    await recordAudit(tx, {
      ...actor,
      action: 'dond.cancel',
      targetType: 'dond_round',
      targetId: id,
      changes: { summary: `Deal or No Deal #${row.roundNumber} cancelled (was ${row.status})` },
      at: now,
    });
    if (row.status !== 'draft') await announceChange(tx, cancelled!);
    return present(tx, cancelled!, { userId: null, names: 'admin' });
  });
}
