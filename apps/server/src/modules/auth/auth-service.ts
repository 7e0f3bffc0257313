import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { LoginResponse } from '@app/shared/api/auth';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { registrationAttemptMail } from '../../mail/registration-attempt-mail.ts';
import { verificationLink, verificationMail } from '../../mail/verification-mail.ts';
import { presentUser } from '../users/index.ts';
import {
  deriveUsername,
  findPublicUserForSession,
  findUserByEmail,
  findUserByIdentifier,
  insertUser,
  isUsernameTaken,
  recordLogin,
  uniqueViolation,
  type PublicUserRow,
  type UserRow,
} from '../users/index.ts';
import type { FailureLimit } from './attempt-limits.ts';
import { sessionEnded, unauthorized } from './auth-plugin.ts';
import { consumeVerificationToken, createVerificationToken } from './email-verification.ts';
import { accountBannedError } from '../../platform/restrictions.ts';
import { recordSignIn, type SignInClient } from './sign-in-events.ts';
import { getDummyHash, hashPassword, isWeakPassword, verifyPassword } from './passwords.ts';
import type { IssuedRefresh } from './refresh-sessions.ts';
import { createMfaChallenge, isTotpEnabled } from './second-factor.ts';
import { forgetFirstLogins } from './first-logins.ts';
import { clientOf, startSession, type ClientInfo } from './sessions.ts';
import type { AccessTokens } from './tokens.ts';
import type { SecretBox } from '../../platform/secret-box.ts';

export type AuthDeps = {
  db: Database;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
  accessTokens: AccessTokens;
  /** Seals and opens the TOTP secrets at rest. */
  totpBox: SecretBox;
  /** The one source of "now": every expiry, every check and every timestamp written. */
  clock: Clock;
  /** The device and address of the request, for the sessions list. */
  client?: ClientInfo | undefined;
};

/** What the auth services use, from the app (and the request, when there is one: its log and client). */
export function authDepsOf(app: FastifyInstance, request?: FastifyRequest): AuthDeps {
  return {
    db: app.db,
    config: app.config,
    mailer: app.mailer,
    log: request?.log ?? app.log,
    accessTokens: app.accessTokens,
    totpBox: app.totpBox,
    clock: app.clock,
    client: request ? clientOf(request) : undefined,
  };
}

export type SignedIn = { body: LoginResponse; refresh: IssuedRefresh };
/** The password was right, and the account's second factor comes next (POST /api/auth/mfa). */
export type MfaPending = { mfaRequired: true; mfaToken: string };

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email/username or password.';

const usernameTaken = () => new AppError('USERNAME_TAKEN', 'This username is taken. Choose another one.');

/** A new session, with its device, address and whether it passed the second factor. */
export async function signIn(deps: AuthDeps, user: UserRow, persistent: boolean, mfa = false): Promise<SignedIn> {
  const { sessionId, refresh } = await startSession(deps.db, { userId: user.id, persistent, client: deps.client, mfa }, deps.clock.now());
  const access = await deps.accessTokens.sign(user.id, { sid: sessionId, mfa });
  return { body: { tokens: { access }, user: presentUser(user) }, refresh };
}

/** Sends a fresh verification link; earlier links stop working. Errors are the caller's to log. */
export async function sendVerificationMail(deps: AuthDeps, user: UserRow): Promise<void> {
  const token = await createVerificationToken(deps.db, user.id, deps.clock.now());
  const link = verificationLink(deps.config.appOrigin, token);
  // In outbox mode the mailer logs the file it wrote (never the link: it carries the token).
  await deps.mailer.send(verificationMail(user.email, user.username, link));
}

/**
 * Register: checks, creates an unverified user and mails the link. A taken address answers exactly
 * like a new one (its owner is mailed "someone tried to register with your address" instead), so
 * registration does not tell who has an account: nobody is signed in by it, and the mails go after
 * the answer. A taken username is still refused (usernames are public on the boards). A failed mail
 * does not undo the account (resend exists); it is logged.
 */
export async function register(
  deps: AuthDeps,
  input: { email: string; password: string; username?: string | undefined },
  background: (label: string, work: () => Promise<void>) => void,
): Promise<void> {
  if (isWeakPassword(input.password)) {
    throw new AppError('WEAK_PASSWORD', 'This password is too common. Choose a less guessable one.');
  }
  // Hash first: a taken e-mail answers after the same work as a new one.
  const passwordHash = await hashPassword(input.password);
  if (input.username && (await isUsernameTaken(deps.db, input.username))) throw usernameTaken();
  const owner = await findUserByEmail(deps.db, input.email);
  if (owner) {
    background('registration attempt mail', () => mailOwnerOfTakenAddress(deps, owner));
    return;
  }
  const username = input.username ?? (await deriveUsername(deps.db, input.email));

  let user: UserRow;
  try {
    user = await insertUser(deps.db, { email: input.email, username, passwordHash }, deps.clock.now());
  } catch (error) {
    // A concurrent registration won the race for the same e-mail or username.
    const which = uniqueViolation(error);
    if (which === 'username') throw usernameTaken();
    if (which !== 'email') throw error;
    const winner = await findUserByEmail(deps.db, input.email);
    if (winner) background('registration attempt mail', () => mailOwnerOfTakenAddress(deps, winner));
    return;
  }

  background('verification mail', async () => {
    try {
      await sendVerificationMail(deps, user);
    } catch (error) {
      deps.log.error({ err: error, userId: user.id }, 'the verification mail could not be sent; the user can ask to resend it');
    }
  });
}

async function mailOwnerOfTakenAddress(deps: AuthDeps, owner: UserRow): Promise<void> {
  await deps.mailer.send(registrationAttemptMail(owner.email, owner.username, deps.config.appOrigin));
}

/**
 * Login by e-mail or username. One message for every wrong part; unknown users still spend a hash.
 * An account with two-factor sign-in gets an mfaToken instead of a session.
 */
export async function login(
  deps: AuthDeps,
  input: { email: string; password: string; rememberMe?: boolean | undefined },
  failures: FailureLimit,
  client: SignInClient = {},
): Promise<SignedIn | MfaPending> {
  const user = await findUserByIdentifier(deps.db, input.email);
  // Counted first, per account (an e-mail and a username are one budget) and per (account, address);
  // an identifier without an account is counted as typed, with the same limits and answers.
  await failures.begin(user ? user.id : `?${input.email.trim().toLowerCase()}`);
  const isValid = user ? await verifyPassword(user.passwordHash, input.password) : (await verifyPassword(await getDummyHash(), input.password), false);
  // Sign-ins feed the admin's Activity tab; a banned account is refused after its password. An
  // unknown identifier's failure is written too (without an account), so both take the same work.
  await recordSignIn(deps.db, { userId: user?.id ?? null, success: isValid, ...client }, deps.clock.now());
  if (!user || !isValid) throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
  await failures.succeeded();
  if (user.bannedAt) throw accountBannedError();
  // The generated first logins kept in DATA_DIR are no longer needed once an admin has signed in.
  if (user.isAdmin) forgetFirstLogins(deps.config.dataDir);
  if (await isTotpEnabled(deps.db, user.id)) {
    return { mfaRequired: true, mfaToken: await createMfaChallenge(deps.db, user.id, input.rememberMe === true, deps.clock.now()) };
  }
  const updated = await recordLogin(deps.db, user.id, deps.clock.now());
  return signIn(deps, updated ?? user, input.rememberMe === true);
}

/** Resend: only an existing, unverified account gets mail; the caller answers the same either way. */
export async function resendVerification(deps: AuthDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.emailVerified) return;
  await sendVerificationMail(deps, user);
}

/** Marks the e-mail verified with the token of the link; 400 INVALID_TOKEN for an unknown, used, replaced or expired one. */
export async function verifyEmail(deps: AuthDeps, token: string): Promise<void> {
  if (!(await consumeVerificationToken(deps.db, token, deps.clock.now()))) {
    throw new AppError('INVALID_TOKEN', 'This verification link is invalid, already used or expired.');
  }
}

/**
 * The signed-in user, read fresh (GET /api/auth/me) with the token's session in the same statement:
 * an ended session is refused, and a ban ends every session at once, as loadUser does.
 */
export async function currentUser(deps: AuthDeps, userId: string, sessionId: string): Promise<PublicUserRow> {
  const user = await findPublicUserForSession(deps.db, userId, sessionId);
  if (!user) throw unauthorized();
  if (!user.sessionLive) throw sessionEnded();
  if (user.bannedAt) throw accountBannedError();
  return user;
}
