import { and, eq } from 'drizzle-orm';
import type { HuntDetail } from '@app/shared/api/bonus-hunts';
import { bonusHunts } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import type { BonusRow, HuntRow } from './hunt-presenter.ts';
import { onHuntStatusChanged } from './hunt-hooks.ts';
import { announceHunt, huntDetail } from './hunt-reads.ts';

/**
 * collecting → opening, in setHuntStatus's transaction with the hunt row locked and found
 * collecting: guesses lock and are published. A hunt needs a bonus to open.
 */
export async function openHunt(tx: Tx, hunt: HuntRow, bonuses: readonly BonusRow[], actor: AuditActor, now: Date): Promise<HuntDetail> {
  const huntId = hunt.id;
  const from = 'collecting';
  const status = 'opening';
  if (bonuses.length === 0) throw new AppError('HUNT_INCOMPLETE', 'Add a bonus before opening.');
  const [row] = await tx
    .update(bonusHunts)
    .set({ status, openedAt: now })
    .where(and(eq(bonusHunts.id, huntId), eq(bonusHunts.status, from)))
    .returning();
  await recordAudit(tx, {
    ...actor,
    action: 'bonus_hunt.open',
    targetType: 'bonus_hunt',
    targetId: huntId,
    changes: { summary: `${hunt.title}: opening; guesses locked`, status: { from, to: status } },
    at: now,
  });
  await onHuntStatusChanged.run(tx, { huntId, status, startBalance: hunt.startBalance, finalBalance: null, at: now });
  await announceHunt(tx, huntId, row!.status);
  return huntDetail(tx, row!, null);
}
