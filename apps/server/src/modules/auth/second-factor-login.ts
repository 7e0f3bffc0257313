import { AppError } from '../../lib/app-error.ts';
import { accountBannedError } from '../../platform/restrictions.ts';
import { recordLogin } from '../users/index.ts';
import type { FailureLimit } from './attempt-limits.ts';
import { signIn, type AuthDeps, type SignedIn } from './auth-service.ts';
import { claimChallengeAttempt, closeChallenge, findOpenChallenge, useSecondFactor } from './second-factor.ts';

export const INVALID_CODE_MESSAGE = 'That code is not valid. Check your authenticator app and try again.';
/** The second step of a login: a wrong code is a failed sign-in. */
const invalidCode = () => new AppError('INVALID_CODE', INVALID_CODE_MESSAGE);
const expiredChallenge = () => new AppError('INVALID_CODE', 'This sign-in step has expired or was already used. Please log in again.');

/**
 * POST /api/auth/mfa, the second step of a login whose password was right: the mfaToken and a code
 * (authenticator or recovery) start a session that passed the second factor. A wrong code counts
 * against the mfaToken (five per token) and against the account (`failures`, across tokens); the
 * token is spent once, so of two concurrent right answers one signs in.
 */
export async function completeSecondFactorLogin(deps: AuthDeps, input: { mfaToken: string; code: string }, failures: FailureLimit): Promise<SignedIn> {
  const now = deps.clock.now();
  const challenge = await findOpenChallenge(deps.db, input.mfaToken, now);
  if (!challenge) throw expiredChallenge();
  await failures.begin(challenge.userId);
  // The token's attempt is claimed before the code is checked (one conditional update), so
  // concurrent requests cannot check more than its five codes.
  if (!(await claimChallengeAttempt(deps.db, challenge.id, now))) throw expiredChallenge();
  if (!(await useSecondFactor(deps.db, deps.totpBox, challenge.userId, input.code, now))) throw invalidCode();
  await failures.succeeded();
  if (!(await closeChallenge(deps.db, challenge.id, now))) throw expiredChallenge();
  const user = await recordLogin(deps.db, challenge.userId, now);
  if (!user) throw expiredChallenge();
  // A permanent ban placed between the password and the code still refuses the sign-in.
  if (user.bannedAt) throw accountBannedError();
  return signIn(deps, user, challenge.persistent, true);
}
