import { eq } from 'drizzle-orm';
import type { Giveaway } from '@app/shared/api/giveaways';
import type { Database } from '../../db/client.ts';
import { giveawayWinners } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { announceGiveaway, lockedGiveaway, lockedWinner, presentOne } from './giveaway-reads.ts';

/** POST /api/admin/giveaways/:id/winners/:winnerId/fulfil: a text prize handed over (audited). */
export async function fulfilWinner(db: Database, id: string, winnerId: string, actor: AuditActor, now: Date): Promise<Giveaway> {
  return db.transaction(async (tx) => {
    const row = await lockedGiveaway(tx, id);
    const winner = await lockedWinner(tx, id, winnerId);
    if (winner.status !== 'awaiting_fulfilment') throw new AppError('GIVEAWAY_WRONG_STATUS', 'Only a claimed text prize can be marked fulfilled.');
    await tx.update(giveawayWinners).set({ status: 'fulfilled', fulfilledAt: now }).where(eq(giveawayWinners.id, winner.id));
    await recordAudit(tx, {
      ...actor,
      action: 'giveaway.fulfil',
      targetType: 'giveaway',
      targetId: id,
      changes: { summary: `Giveaway #${row.giveawayNumber}: prize fulfilled for ${winner.kickUsername}`, winner: winner.entrantId, prize: row.prize },
      at: now,
    });
    await announceGiveaway(tx, id);
    return presentOne(tx, row, now);
  });
}
