import { eq } from 'drizzle-orm';
import { challengeClaims, challenges, users } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AdminChallengeClaim } from '@app/shared/api/challenges';
import { presentAdminClaim } from './challenge-presenter.ts';

/**
 * A pending claim with its challenge locked (FOR UPDATE, the challenge first): verifies, declines and
 * edits of one challenge take turns, so two verifies at once cannot both take the last winner's place.
 */
export async function lockedPendingClaim(tx: Tx, claimId: string) {
  const [found] = await tx.select({ challengeId: challengeClaims.challengeId }).from(challengeClaims).where(eq(challengeClaims.id, claimId));
  if (!found) throw new AppError('NOT_FOUND', 'That claim does not exist.');
  const [challenge] = await tx.select().from(challenges).where(eq(challenges.id, found.challengeId)).for('update');
  const [claim] = await tx.select().from(challengeClaims).where(eq(challengeClaims.id, claimId)).for('update');
  if (claim!.status !== 'pending') throw new AppError('CLAIM_ALREADY_DECIDED', `That claim was already ${claim!.status}.`);
  return { claim: claim!, challenge: challenge! };
}

/** The claim as the admin screen shows it, read in the deciding transaction. */
export async function adminClaimOf(tx: Tx, claimId: string): Promise<AdminChallengeClaim> {
  const [row] = await tx
    .select({ claim: challengeClaims, username: users.username })
    .from(challengeClaims)
    .innerJoin(users, eq(users.id, challengeClaims.userId))
    .where(eq(challengeClaims.id, claimId));
  return presentAdminClaim({ ...row!.claim, username: row!.username });
}
