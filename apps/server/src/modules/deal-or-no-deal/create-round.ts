import type { DealOrNoDealRound } from '@app/shared/api/deal-or-no-deal';
import { randomClientSeed, randomServerSeed, sha256Hex } from '@app/shared/fairness/engine';
import type { Database } from '../../db/client.ts';
import { dealOrNoDealRounds } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { present } from './round-reads.ts';

/** POST /api/admin/dealornodeal/rounds: a draft with a fresh seed pair (audited). One round at a time. */
export async function createRound(db: Database, values: number[], actor: AuditActor, now: Date): Promise<DealOrNoDealRound> {
  try {
    return await db.transaction(async (tx) => {
      const serverSeed = randomServerSeed();
      const [row] = await tx
        .insert(dealOrNoDealRounds)
        .values({
          caseValues: values,
          serverSeed,
          serverSeedHash: sha256Hex(serverSeed),
          clientSeed: randomClientSeed(),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const total = values.reduce((a, b) => a + b, 0);
      await recordAudit(tx, {
        ...actor,
        action: 'dond.create',
        targetType: 'dond_round',
        targetId: row!.id,
        changes: { summary: `Deal or No Deal #${row!.roundNumber}: ${values.length} cases, ${total} points in total`, values },
        at: now,
      });
      return present(tx, row!, { userId: null, names: 'admin' });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('DEAL_OR_NO_DEAL_ROUND_LIVE', 'Finish or cancel the current round before creating another.');
    throw error;
  }
}
