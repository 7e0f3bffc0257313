import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { raffles } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { entryCount, raffleNotFound } from './raffle-reads.ts';

/** DELETE /api/admin/raffles/:id: only a raffle nobody entered (audited). */
export async function deleteRaffle(db: Database, id: string, actor: AuditActor, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ id: raffles.id }).from(raffles).where(eq(raffles.id, id)).for('update');
    if (!row) throw raffleNotFound();
    if ((await entryCount(tx, id)) > 0) {
      throw new AppError('RAFFLE_HAS_ENTRIES', 'A raffle with entries cannot be deleted.');
    }
    await tx.delete(raffles).where(eq(raffles.id, id));
    await recordAudit(tx, { ...actor, action: 'raffle.delete', targetType: 'raffle', targetId: id, changes: null, at: now });
  });
}
