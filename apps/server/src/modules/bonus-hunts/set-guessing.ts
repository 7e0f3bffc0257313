import { and, eq } from 'drizzle-orm';
import type { HuntDetail } from '@app/shared/api/bonus-hunts';
import type { Database } from '../../db/client.ts';
import { bonusHunts } from '../../db/schema.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { announceHunt, huntDetail, huntRow, wrongStatus } from './hunt-reads.ts';

/**
 * PUT /api/admin/bonus-hunts/:id/guessing: closes Guess the Balance before the opening (the streamer
 * stops guesses while still collecting), or opens it again; only while collecting (from opening on,
 * guessing is closed for good). The hunt row is locked, so a guess taken FOR SHARE either lands
 * before the close or is refused. Audited; a repeat changes nothing and records nothing.
 */
export async function setGuessing(db: Database, huntId: string, isOpen: boolean, actor: AuditActor, now: Date): Promise<HuntDetail> {
  return db.transaction(async (tx) => {
    const hunt = await huntRow(tx, huntId, 'update');
    if (hunt.status !== 'collecting') throw wrongStatus(`The hunt is ${hunt.status}: guessing closed when it started opening.`);
    if ((hunt.guessingClosedAt === null) === isOpen) return huntDetail(tx, hunt, null);
    const [row] = await tx
      .update(bonusHunts)
      .set({ guessingClosedAt: isOpen ? null : now })
      .where(and(eq(bonusHunts.id, huntId), eq(bonusHunts.status, 'collecting')))
      .returning();
    await recordAudit(tx, {
      ...actor,
      action: isOpen ? 'bonus_hunt.guessing_open' : 'bonus_hunt.guessing_close',
      targetType: 'bonus_hunt',
      targetId: huntId,
      changes: { summary: `${hunt.title}: Guess the Balance ${isOpen ? 'opened again' : 'closed'}`, guessing: { from: !isOpen, to: isOpen } },
      at: now,
    });
    await announceHunt(tx, huntId, row!.status);
    return huntDetail(tx, row!, null);
  });
}
