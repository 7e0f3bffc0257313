import { eq } from 'drizzle-orm';
import type { DealOrNoDealRound } from '@app/shared/api/deal-or-no-deal';
import type { Database } from '../../db/client.ts';
import { dealOrNoDealRounds } from '../../db/schema.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { announceChange, lockRound, present, wrongStatus } from './round-reads.ts';

/** POST /api/admin/dealornodeal/rounds/:id/open: entries open; the seed's hash is public from now (audited). */
export async function openRound(db: Database, id: string, actor: AuditActor, now: Date): Promise<DealOrNoDealRound> {
  return db.transaction(async (tx) => {
    const row = await lockRound(tx, id);
    if (row.status !== 'draft') throw wrongStatus('Only a draft round can open.');
    const [opened] = await tx
      .update(dealOrNoDealRounds)
      .set({ status: 'open', openedAt: now, updatedAt: now })
      .where(eq(dealOrNoDealRounds.id, id))
      .returning();
    await recordAudit(tx, {
      ...actor,
      action: 'dond.open',
      targetType: 'dond_round',
      targetId: id,
      changes: { summary: `Deal or No Deal #${row.roundNumber} open for entries`, serverSeedHash: row.serverSeedHash },
      at: now,
    });
    await announceChange(tx, opened!);
    return present(tx, opened!, { userId: null, names: 'admin' });
  });
}
