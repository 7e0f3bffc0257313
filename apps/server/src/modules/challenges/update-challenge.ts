import type { AdminChallenge, ChallengeInput } from '@app/shared/api/challenges';
import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { challengeClaims, challenges } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { challengeStatus } from './challenge-presenter.ts';
import { adminChallenge } from './challenge-reads.ts';
import { challengeSummary, rowValuesOf } from './challenge-values.ts';

/**
 * PUT /api/admin/challenges/:id: edits a challenge that has not completed (409 CHALLENGE_COMPLETED
 * otherwise). Its winners cannot go below those who have won; reaching them completes it. Audited
 * with what changed.
 */
export async function updateChallenge(db: Database, id: string, input: ChallengeInput, actor: AuditActor, now: Date): Promise<AdminChallenge> {
  const values = rowValuesOf(input);
  if (values.endsAt.getTime() <= now.getTime()) throw new AppError('VALIDATION_ERROR', 'The end must be in the future.');
  return db.transaction(async (tx) => {
    // Locked: verifies of its claims take turns with the edit.
    const [before] = await tx.select().from(challenges).where(eq(challenges.id, id)).for('update');
    if (!before) throw new AppError('NOT_FOUND', 'That challenge does not exist.');
    if (challengeStatus(before, now) === 'completed') throw new AppError('CHALLENGE_COMPLETED', 'This challenge has completed and can no longer be edited.');
    const [won] = await tx
      .select({ n: count() })
      .from(challengeClaims)
      .where(and(eq(challengeClaims.challengeId, id), eq(challengeClaims.won, true)));
    const winnersCount = Number(won?.n ?? 0);
    if (input.winners < winnersCount) {
      throw new AppError('CHALLENGE_COMPLETED', `${winnersCount.toLocaleString('en-US')} members have already won: the winners cannot be fewer.`);
    }
    const [after] = await tx
      .update(challenges)
      .set({ ...values, completedAt: input.winners === winnersCount ? now : null })
      .where(eq(challenges.id, id))
      .returning();
    const changed = Object.fromEntries(
      (Object.keys(values) as (keyof typeof values)[])
        .filter((k) => String(before[k]) !== String(after![k]))
        .map((k) => [k, { from: before[k], to: after![k] }]),
    );
    await recordAudit(tx, {
      ...actor,
      action: 'challenge.update',
      targetType: 'challenge',
      targetId: id,
      changes: { summary: `Challenge edited: ${challengeSummary(after!)}`, ...changed },
      at: now,
    });
    return adminChallenge(tx, id, now);
  });
}
