import type { AdminChallenge, ChallengeInput } from '@app/shared/api/challenges';
import type { Database } from '../../db/client.ts';
import { challenges } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { adminChallenge } from './challenge-reads.ts';
import { challengeSummary, rowValuesOf } from './challenge-values.ts';

/** POST /api/admin/challenges: posts a challenge (audited). Its end must be in the future. */
export async function createChallenge(db: Database, input: ChallengeInput, actor: AuditActor, now: Date): Promise<AdminChallenge> {
  const values = rowValuesOf(input);
  if (values.endsAt.getTime() <= now.getTime()) throw new AppError('VALIDATION_ERROR', 'The end must be in the future.');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(challenges)
      .values({ ...values, createdBy: actor.actorId, createdAt: now })
      .returning();
    await recordAudit(tx, {
      ...actor,
      action: 'challenge.create',
      targetType: 'challenge',
      targetId: row!.id,
      changes: { summary: `Challenge posted: ${challengeSummary(row!)}`, after: input },
      at: now,
    });
    return adminChallenge(tx, row!.id, now);
  });
}
