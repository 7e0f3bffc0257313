import { challengeClaimProblem, challengeMultiplier, type ChallengeClaim, type ChallengeClaimInput } from '@app/shared/api/challenges';
import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { challengeClaims, challenges, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditActor } from '../../platform/audit.ts';
import { mayTakePart } from '../../platform/own-account.ts';
import { restrictedTransaction, type RestrictionCheck } from '../../platform/restrictions.ts';
import { notifyAdmins } from '../notifications/index.ts';
import { adminChallengeClaimPendingText } from '../notifications/index.ts';
import { challengeStatus, presentClaim } from './challenge-presenter.ts';

/**
 * POST /api/challenges/:id/claims: a member's claim, pending until an admin decides. Refused for an
 * admin (403 OWN_ACCOUNT_ACT, audited: admins run the challenges), a restriction (the route's
 * declared guard), outside the window or with the winners full (409 CHALLENGE_CLOSED), a bet below
 * the minimum or a win that does not reach the target (400), and while the member's earlier claim
 * on it is pending or verified (409 CHALLENGE_ALREADY_CLAIMED).
 */
export async function submitClaim(
  db: Database,
  challengeId: string,
  userId: string,
  input: ChallengeClaimInput,
  actor: AuditActor,
  now: Date,
  restriction: RestrictionCheck,
): Promise<ChallengeClaim> {
  await mayTakePart(db, userId, now, {
    actor,
    action: 'challenge_claim.submit',
    targetType: 'challenge',
    targetId: challengeId,
    summary: 'claim a challenge',
    message: 'Admins run the challenges and cannot claim them.',
  });
  return restrictedTransaction(db, restriction, async (tx) => {
    await restriction.assert(tx);
    const [challenge] = await tx.select().from(challenges).where(eq(challenges.id, challengeId));
    if (!challenge) throw new AppError('NOT_FOUND', 'That challenge does not exist.');
    const status = challengeStatus(challenge, now);
    if (status === 'upcoming') throw new AppError('CHALLENGE_CLOSED', 'This challenge has not started yet.');
    if (status === 'completed') throw new AppError('CHALLENGE_CLOSED', 'This challenge has ended: it takes no more claims.');
    const [won] = await tx
      .select({ n: count() })
      .from(challengeClaims)
      .where(and(eq(challengeClaims.challengeId, challengeId), eq(challengeClaims.won, true)));
    if (Number(won?.n ?? 0) >= challenge.winners) throw new AppError('CHALLENGE_CLOSED', 'This challenge has all its winners: it takes no more claims.');

    const problem = challengeClaimProblem({ minBet: challenge.minBetCents / 100, targetMultiplier: challenge.targetMultiplier }, input);
    if (problem) throw new AppError('VALIDATION_ERROR', problem.message, { extra: { field: problem.field } });

    const [row] = await tx
      .insert(challengeClaims)
      .values({
        challengeId,
        userId,
        betCents: Math.round(input.bet * 100),
        winCents: Math.round(input.win * 100),
        multiplier: challengeMultiplier(input.bet, input.win),
        betUrl: input.betUrl,
        screenshotUrl: input.screenshotUrl ?? null,
        createdAt: now,
      })
      // The partial unique index: one pending or verified claim per member and challenge, also when two arrive at once.
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('CHALLENGE_ALREADY_CLAIMED', 'You already have a claim on this challenge that is pending or verified.');
    const [member] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId));
    await notifyAdmins(tx, {
      ...adminChallengeClaimPendingText(member?.username ?? '', challenge.title, row.multiplier),
      at: now,
      data: { claimId: row.id, challengeId },
    });
    return presentClaim(row);
  });
}
