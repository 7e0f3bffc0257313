import type { AccessResponse, MfaConfirmResponse, MfaEnrollResponse, MfaStatus } from '@app/shared/api/auth';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../users/index.ts';
import type { FailureLimit } from './attempt-limits.ts';
import { verifyPassword } from './passwords.ts';
import type { AuthDeps } from './auth-service.ts';
import { INVALID_CODE_MESSAGE } from './second-factor-login.ts';
import { beginEnrolment, confirmEnrolment, disableTotp, findTotp, recoveryCodesLeft, useSecondFactor } from './second-factor.ts';
import { isSessionLive, markSessionMfa } from './sessions.ts';

/**
 * The signed-in user's own second factor: status, enrolment, a step-up code for this session, and
 * turning it off. Every code counts against the account's failure limit when wrong.
 */

/** The session of the access token: its id (when it names one) and whether it passed the second factor. */
export type TokenSession = { sessionId: string | null; mfaPassed: boolean };

/** A signed-in user's own code (enrol, step up, turn off): the session is fine, the input is not. */
const wrongOwnCode = () => new AppError('WRONG_CODE', INVALID_CODE_MESSAGE);
const alreadyOn = () => new AppError('MFA_ALREADY_ENABLED', 'Two-factor sign-in is already on.');
const isOff = () => new AppError('MFA_NOT_ENABLED', 'Two-factor sign-in is off.');

function isAdminMfaRequired(deps: AuthDeps, user: UserRow): boolean {
  return user.isAdmin && deps.config.adminMfa === 'required';
}

async function isEnabled(deps: AuthDeps, userId: string): Promise<boolean> {
  return Boolean((await findTotp(deps.db, userId))?.enabledAt);
}

/** A code of the user's active second factor, spent; a wrong one counts against the account. */
async function requireOwnCode(deps: AuthDeps, userId: string, code: string, failures: FailureLimit): Promise<void> {
  await failures.begin(userId);
  if (!(await useSecondFactor(deps.db, deps.totpBox, userId, code, deps.clock.now()))) throw wrongOwnCode();
  await failures.succeeded();
}

export async function secondFactorStatus(deps: AuthDeps, user: UserRow, token: TokenSession): Promise<MfaStatus> {
  const totp = await findTotp(deps.db, user.id);
  const sessionVerified = token.mfaPassed && token.sessionId !== null && (await isSessionLive(deps.db, user.id, token.sessionId));
  return {
    enabled: Boolean(totp?.enabledAt),
    recoveryCodesLeft: totp?.enabledAt ? await recoveryCodesLeft(deps.db, user.id) : 0,
    sessionVerified,
    requiredForAdmin: isAdminMfaRequired(deps, user),
  };
}

/** A new TOTP secret and its otpauth:// URL, after the current password; it counts once a code confirms it. */
export async function startEnrolment(deps: AuthDeps, user: UserRow, password: string, failures: FailureLimit): Promise<MfaEnrollResponse> {
  await failures.begin(user.id);
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('WRONG_PASSWORD', 'That is not your current password.');
  await failures.succeeded();
  if (await isEnabled(deps, user.id)) throw alreadyOn();
  return beginEnrolment(deps.db, deps.totpBox, user.id, user.email, deps.clock.now());
}

/** Confirms the enrolment with a code: the ten recovery codes (shown once), and this session counts as verified. */
export async function finishEnrolment(deps: AuthDeps, user: UserRow, token: TokenSession, code: string, failures: FailureLimit): Promise<MfaConfirmResponse> {
  const totp = await findTotp(deps.db, user.id);
  if (!totp) throw new AppError('MFA_NOT_ENABLED', 'Start the set-up first.');
  if (totp.enabledAt) throw alreadyOn();
  await failures.begin(user.id);
  const now = deps.clock.now();
  const codes = await confirmEnrolment(deps.db, deps.totpBox, user.id, code, now);
  if (!codes) throw wrongOwnCode();
  await failures.succeeded();
  if (token.sessionId) await markSessionMfa(deps.db, token.sessionId, now);
  const access = await deps.accessTokens.sign(user.id, { sid: token.sessionId ?? undefined, mfa: token.sessionId !== null });
  return { recoveryCodes: codes, access };
}

/** Passes the second factor in this session (one started before enrolment): an access token that says so. */
export async function stepUp(deps: AuthDeps, user: UserRow, token: TokenSession, code: string, failures: FailureLimit): Promise<AccessResponse> {
  if (!(await isEnabled(deps, user.id))) throw isOff();
  if (!token.sessionId || !(await isSessionLive(deps.db, user.id, token.sessionId))) {
    throw new AppError('UNAUTHORIZED', 'Your session has ended. Please sign in again.');
  }
  await requireOwnCode(deps, user.id, code, failures);
  await markSessionMfa(deps.db, token.sessionId, deps.clock.now());
  return { access: await deps.accessTokens.sign(user.id, { sid: token.sessionId, mfa: true }) };
}

/** Turns two-factor sign-in off with a code; admins must keep it while ADMIN_MFA=required. */
export async function turnOff(deps: AuthDeps, user: UserRow, code: string, failures: FailureLimit): Promise<void> {
  if (!(await isEnabled(deps, user.id))) throw isOff();
  if (isAdminMfaRequired(deps, user)) throw new AppError('FORBIDDEN', 'Admins must keep two-factor sign-in on.');
  await requireOwnCode(deps, user.id, code, failures);
  await disableTotp(deps.db, user.id);
}
