import { lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { emailVerificationTokens, mfaChallenges, passwordResetTokens } from '../../db/schema.ts';

/**
 * How long a one-time token's row is kept after it expired. Nothing reads an expired row (every check
 * compares expires_at first), so the day only leaves room for an operator's look at recent attempts.
 */
export const EXPIRED_TOKEN_RETENTION_MS = 24 * 60 * 60 * 1000;

export type PurgedTokens = { emailVerification: number; passwordReset: number; mfaChallenges: number };

/**
 * Drops e-mail verification links, password reset links and second-step challenges that expired
 * more than a day before `now` (run by the jobs; idempotent, so several servers may run it at once).
 * Refresh tokens are not purged here: a revoked token must stay known for reuse detection.
 */
export async function purgeExpiredAuthTokens(db: Database, now: Date): Promise<PurgedTokens> {
  const cutoff = new Date(now.getTime() - EXPIRED_TOKEN_RETENTION_MS);
  const [emailVerification, passwordReset, challenges] = await Promise.all([
    db.delete(emailVerificationTokens).where(lt(emailVerificationTokens.expiresAt, cutoff)).returning({ id: emailVerificationTokens.id }),
    db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, cutoff)).returning({ id: passwordResetTokens.id }),
    db.delete(mfaChallenges).where(lt(mfaChallenges.expiresAt, cutoff)).returning({ id: mfaChallenges.id }),
  ]);
  return { emailVerification: emailVerification.length, passwordReset: passwordReset.length, mfaChallenges: challenges.length };
}
