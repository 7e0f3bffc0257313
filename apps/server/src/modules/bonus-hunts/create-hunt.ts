import type { HuntDetail, HuntInputSchema } from '@app/shared/api/bonus-hunts';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { bonusHunts } from '../../db/schema.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { huntDetail } from './hunt-reads.ts';

type HuntValues = z.output<typeof HuntInputSchema>;

/** POST /api/admin/bonus-hunts */
export async function createHunt(db: Database, values: HuntValues, actor: AuditActor, now: Date): Promise<HuntDetail> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bonusHunts)
      .values({ ...values, status: 'collecting', createdAt: now })
      .returning();
    await recordAudit(tx, {
      ...actor,
      action: 'bonus_hunt.create',
      targetType: 'bonus_hunt',
      targetId: row!.id,
      changes: { summary: `Created the bonus hunt ${values.title}`, ...values },
      at: now,
    });
    return huntDetail(tx, row!, null);
  });
}
