import type { AdminChallengeClaim } from '@app/shared/api/challenges';
import { and, count, eq, lt } from 'drizzle-orm';
import { challengeClaims, challenges } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type AuditActor } from '../../platform/audit.ts';
import { credit } from '../../platform/ledger.ts';
import { notify } from '../notifications/index.ts';
import { challengeClaimVerifiedText } from '../notifications/index.ts';
import { adminClaimOf, lockedPendingClaim } from './claim-lock.ts';

/**
 * POST /api/admin/challenges/claims/:id/verify, in the caller's transaction (an Idempotency-Key
 * replays it). Claims are decided in submission order: 409 EARLIER_CLAIM_PENDING while an earlier
 * claim on the challenge is pending. The claim wins while fewer than `winners` have won: its place is
 * taken (unique per challenge), the prize credited through the ledger and, with the last place, the
 * challenge completes. A later one is verified as valid but wins nothing, and the member is told.
 * A claim decided already is 409 CLAIM_ALREADY_DECIDED, so a repeat never pays twice. Audited.
 */
export async function verifyClaim(tx: Tx, claimId: string, actor: AuditActor, now: Date): Promise<AdminChallengeClaim> {
  const { claim, challenge } = await lockedPendingClaim(tx, claimId);
  const [earlier] = await tx
    .select({ n: count() })
    .from(challengeClaims)
    .where(and(eq(challengeClaims.challengeId, challenge.id), eq(challengeClaims.status, 'pending'), lt(challengeClaims.seq, claim.seq)));
  if (Number(earlier?.n ?? 0) > 0) {
    throw new AppError('EARLIER_CLAIM_PENDING', 'Decide the earlier claims on this challenge first: claims are reviewed in submission order.');
  }
  const [won] = await tx
    .select({ n: count() })
    .from(challengeClaims)
    .where(and(eq(challengeClaims.challengeId, challenge.id), eq(challengeClaims.won, true)));
  const winnersBefore = Number(won?.n ?? 0);
  const wins = winnersBefore < challenge.winners;
  const place = wins ? winnersBefore + 1 : null;

  await tx
    .update(challengeClaims)
    .set({
      status: 'verified',
      won: wins,
      winnerPlace: place,
      prizePoints: wins ? challenge.prizePoints : 0,
      decidedAt: now,
      decidedBy: actor.actorId,
    })
    .where(eq(challengeClaims.id, claim.id));
  if (wins) {
    await credit(tx, {
      userId: claim.userId,
      amount: challenge.prizePoints,
      reason: 'challenge_prize',
      refType: 'challenge_claim',
      refId: claim.id,
      actorId: actor.actorId,
      note: `Challenge completed: ${challenge.title}`,
      at: now,
    });
    if (place === challenge.winners && !challenge.completedAt) {
      await tx.update(challenges).set({ completedAt: now }).where(eq(challenges.id, challenge.id));
    }
  }
  const result = await adminClaimOf(tx, claim.id);
  await recordAudit(tx, {
    ...actor,
    action: 'challenge_claim.verify',
    targetType: 'challenge_claim',
    targetId: claim.id,
    changes: {
      summary: wins
        ? `${result.user.username} won ${challenge.title} (place ${place} of ${challenge.winners}): ${challenge.prizePoints.toLocaleString('en-US')} points`
        : `${result.user.username}'s claim on ${challenge.title} verified after its ${challenge.winners} winners: no prize`,
      challengeId: challenge.id,
      won: wins,
      place,
    },
    at: now,
  });
  await notify(tx, {
    ...challengeClaimVerifiedText(challenge.title, claim.multiplier, wins ? challenge.prizePoints : 0),
    userId: claim.userId,
    at: now,
    data: { claimId: claim.id, challengeId: challenge.id },
  });
  return result;
}
