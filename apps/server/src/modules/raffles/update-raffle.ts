import type { Raffle } from '@app/shared/api/raffles';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { raffles } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import type { RaffleValues } from './create-raffle.ts';
import { entryCount, getRaffle, raffleNotFound } from './raffle-reads.ts';

/** PUT /api/admin/raffles/:id: a raffle with entries keeps its cost; a drawn one cannot change (audited). */
export async function updateRaffle(db: Database, id: string, input: RaffleValues, actor: AuditActor, now: Date): Promise<Raffle> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(raffles).where(eq(raffles.id, id)).for('update');
    if (!row) throw raffleNotFound();
    if (row.drawnAt) throw new AppError('RAFFLE_ALREADY_DRAWN', 'A drawn raffle cannot be changed.');
    if (input.pointsCost !== row.pointsCost && (await entryCount(tx, id)) > 0) {
      throw new AppError('RAFFLE_HAS_ENTRIES', 'The entry cost of a raffle with entries cannot change.');
    }
    await tx
      .update(raffles)
      .set({ ...input, startDate: new Date(input.startDate), endDate: new Date(input.endDate), updatedAt: now })
      .where(eq(raffles.id, id));
    const raffle = await getRaffle(tx, id, null, now, 'admin');
    await recordAudit(tx, {
      ...actor,
      action: 'raffle.update',
      targetType: 'raffle',
      targetId: raffle.id,
      changes: { summary: raffle.title, ...input },
      at: now,
    });
    return raffle;
  });
}
