import type { AdminChallengeClaim } from '@app/shared/api/challenges';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { challengeClaims } from '../../db/schema.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { notify } from '../notifications/index.ts';
import { challengeClaimDeclinedText } from '../notifications/index.ts';
import { adminClaimOf, lockedPendingClaim } from './claim-lock.ts';

/** POST /api/admin/challenges/claims/:id/decline: with the reason the claimant sees (audited; 409 when decided already). */
export async function declineClaim(db: Database, claimId: string, reason: string, actor: AuditActor, now: Date): Promise<AdminChallengeClaim> {
  return db.transaction(async (tx) => {
    const { claim, challenge } = await lockedPendingClaim(tx, claimId);
    await tx
      .update(challengeClaims)
      .set({ status: 'declined', declineReason: reason, decidedAt: now, decidedBy: actor.actorId })
      .where(eq(challengeClaims.id, claim.id));
    const result = await adminClaimOf(tx, claim.id);
    await recordAudit(tx, {
      ...actor,
      action: 'challenge_claim.decline',
      targetType: 'challenge_claim',
      targetId: claim.id,
      changes: {
        summary: `${result.user.username}'s claim on ${challenge.title} (${claim.multiplier.toFixed(2)}×) declined: ${reason}`,
        challengeId: challenge.id,
        reason,
      },
      at: now,
    });
    await notify(tx, {
      ...challengeClaimDeclinedText(challenge.title, claim.multiplier, reason),
      userId: claim.userId,
      at: now,
      data: { claimId: claim.id, challengeId: challenge.id },
    });
    return result;
  });
}
