import type { HuntDetail } from '@app/shared/api/bonus-hunts';
import type { Database } from '../../db/client.ts';
import type { AuditActor } from '../../platform/audit.ts';
import { finishHunt } from './finish-hunt.ts';
import { bonusRows, huntRow, wrongStatus } from './hunt-reads.ts';
import { openHunt } from './open-hunt.ts';

/**
 * POST /api/admin/bonus-hunts/:id/status: collecting → opening (guesses lock and are published),
 * opening → finished (every bonus opened; the final balance is the sum of the wins; the closest
 * guesses win the prizes, credited in this transaction). The conditional update makes a repeat or
 * a concurrent second call a 409, so winners are credited exactly once.
 */
export async function setHuntStatus(db: Database, huntId: string, status: 'opening' | 'finished', actor: AuditActor, now: Date): Promise<HuntDetail> {
  return db.transaction(async (tx) => {
    const hunt = await huntRow(tx, huntId, 'update');
    const from = status === 'opening' ? 'collecting' : 'opening';
    if (hunt.status !== from) throw wrongStatus(`The hunt is ${hunt.status}: it moves to ${status} only from ${from}.`);
    const bonuses = await bonusRows(tx, huntId);
    return status === 'opening' ? openHunt(tx, hunt, bonuses, actor, now) : finishHunt(tx, hunt, bonuses, actor, now);
  });
}
