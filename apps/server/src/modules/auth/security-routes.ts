import {
  AccessResponseSchema,
  EndSessionsResponseSchema,
  ForgotPasswordBodySchema,
  LoginResponseSchema,
  MfaCodeBodySchema,
  MfaConfirmResponseSchema,
  MfaEnrollResponseSchema,
  MfaLoginBodySchema,
  MfaStatusSchema,
  OkResponseSchema,
  ResetPasswordBodySchema,
  SessionParamsSchema,
  SessionsResponseSchema,
} from '@app/shared/api/auth';
import { ErrorEnvelopeSchema } from '@app/shared/api/errors';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { users } from '../../db/schema.ts';
import { signIn, type AuthDeps } from './auth-service.ts';
import { resetPassword, sendPasswordReset } from './password-reset.ts';
import { accountBannedError } from '../admin/restrictions.ts';
import { RATE_LIMITS } from './rate-limits.ts';
import { setRefreshCookie } from './refresh-cookie.ts';
import { tooMany } from './routes.ts';
import {
  beginEnrolment,
  closeChallenge,
  confirmEnrolment,
  countFailedAttempt,
  disableTotp,
  findOpenChallenge,
  findTotp,
  recoveryCodesLeft,
  useSecondFactor,
} from './second-factor.ts';
import { clientOf, endOtherSessions, endSession, isSessionLive, listSessions, markSessionMfa } from './sessions.ts';

const TAGS = ['auth'];
const bearer = [{ bearer: [] }];

const CODE_MESSAGE = 'That code is not valid. Check your authenticator app and try again.';
/** The second step of a login: a wrong code is a failed sign-in. */
const invalidCode = () => new AppError('INVALID_CODE', CODE_MESSAGE);
/** A signed-in user's own code (enrol, step up, turn off): the session is fine, the input is not. */
const wrongOwnCode = () => new AppError('WRONG_CODE', CODE_MESSAGE);
const expiredChallenge = () =>
  new AppError('INVALID_CODE', 'This sign-in step has expired or was already used. Please log in again.');

/**
 * Account security (issue 12): password reset, the second step of a login, two-factor enrolment and
 * the sessions list. Every call that changes something is rate limited or needs a signed-in user.
 */
export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (request: FastifyRequest): AuthDeps => ({
    db: app.db,
    config: app.config,
    mailer: app.mailer,
    log: app.log,
    accessTokens: app.accessTokens,
    client: clientOf(request),
  });

  const forgotPerAddress = app.createRateLimit({
    ...RATE_LIMITS.forgotPerAddress,
    keyGenerator: (request: FastifyRequest) =>
      `forgot-address:${String((request.body as { email?: unknown } | undefined)?.email ?? '').trim().toLowerCase()}`,
  });
  // The account is known only after the mfaToken was looked up: the key travels beside the request.
  const mfaAccountOf = new WeakMap<FastifyRequest, string>();
  const mfaFailures = app.createRateLimit({
    ...RATE_LIMITS.mfaFailuresPerAccount,
    keyGenerator: (request: FastifyRequest) => `mfa-account:${mfaAccountOf.get(request) ?? ''}`,
  });
  const checkMfaFailures = async (request: FastifyRequest, userId: string) => {
    mfaAccountOf.set(request, userId);
    const state = await mfaFailures(request, { increment: false });
    if (!state.isAllowed && state.remaining <= 0) throw tooMany(state.ttl);
  };
  const countMfaFailure = async (request: FastifyRequest) => void (await mfaFailures(request));

  /** A code of the signed-in user's own second factor; wrong codes count against the account. */
  const requireOwnCode = async (request: FastifyRequest, code: string) => {
    await checkMfaFailures(request, request.userId!);
    if (!(await useSecondFactor(app.db, request.userId!, code, app.clock.now().getTime()))) {
      await countMfaFailure(request);
      throw wrongOwnCode();
    }
  };

  app.post(
    '/api/auth/forgot-password',
    {
      config: { rateLimit: RATE_LIMITS.forgotPerIp },
      schema: {
        tags: TAGS,
        summary: 'Mail a password reset link (30 minutes, single use); the same answer for any address',
        body: ForgotPasswordBodySchema,
        response: { 200: OkResponseSchema, 400: ErrorEnvelopeSchema, 429: ErrorEnvelopeSchema },
      },
    },
    async (request) => {
      const state = await forgotPerAddress(request);
      if (!state.isAllowed && state.isExceeded) throw tooMany(state.ttl);
      const email = request.body.email;
      // The work runs after the answer, so its duration does not tell whether the address has an account.
      app.backgroundWork.run('password reset mail', () => sendPasswordReset(deps(request), email));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { rateLimit: RATE_LIMITS.resetPerIp },
      schema: {
        tags: TAGS,
        summary: 'Set a new password with the token of a reset link; ends every session and mails a notice',
        body: ResetPasswordBodySchema,
        response: { 200: OkResponseSchema, 400: ErrorEnvelopeSchema, 429: ErrorEnvelopeSchema },
      },
    },
    async (request) => {
      await resetPassword(deps(request), request.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/mfa',
    {
      config: { rateLimit: RATE_LIMITS.mfaPerIp },
      schema: {
        tags: TAGS,
        summary: "The second step of a login: the mfaToken and a code (authenticator or recovery); sets the refresh cookie",
        body: MfaLoginBodySchema,
        response: {
          200: LoginResponseSchema,
          400: ErrorEnvelopeSchema,
          401: ErrorEnvelopeSchema,
          403: ErrorEnvelopeSchema,
          429: ErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const challenge = await findOpenChallenge(app.db, request.body.mfaToken);
      if (!challenge) throw expiredChallenge();
      await checkMfaFailures(request, challenge.userId);
      if (!(await useSecondFactor(app.db, challenge.userId, request.body.code, app.clock.now().getTime()))) {
        await countFailedAttempt(app.db, challenge.id);
        await countMfaFailure(request);
        throw invalidCode();
      }
      if (!(await closeChallenge(app.db, challenge.id))) throw expiredChallenge();
      const [user] = await app.db
        .update(users)
        .set({ lastLoginAt: sql`now()` })
        .where(eq(users.id, challenge.userId))
        .returning();
      if (!user) throw expiredChallenge();
      // issue 10: a permanent ban placed between the password and the code still refuses the sign-in.
      if (user.bannedAt) throw accountBannedError();
      const result = await signIn(deps(request), user, challenge.persistent, true);
      setRefreshCookie(reply, app.config, result.refresh);
      return result.body;
    },
  );

  app.get(
    '/api/auth/mfa',
    {
      preHandler: app.loadUser,
      schema: {
        tags: TAGS,
        summary: "Two-factor sign-in of the signed-in user and of this session",
        security: bearer,
        response: { 200: MfaStatusSchema, 401: ErrorEnvelopeSchema },
      },
    },
    async (request) => {
      const user = request.currentUser!;
      const totp = await findTotp(app.db, user.id);
      const sessionVerified =
        request.mfaPassed && request.sessionId !== null && (await isSessionLive(app.db, user.id, request.sessionId));
      return {
        enabled: Boolean(totp?.enabledAt),
        recoveryCodesLeft: totp?.enabledAt ? await recoveryCodesLeft(app.db, user.id) : 0,
        sessionVerified,
        requiredForAdmin: user.isAdmin && app.config.adminMfa === 'required',
      };
    },
  );

  app.post(
    '/api/auth/mfa/enroll',
    {
      preHandler: app.loadUser,
      config: { rateLimit: RATE_LIMITS.mfaManagePerIp },
      schema: {
        tags: TAGS,
        summary: 'Start enrolment: a new TOTP secret and its otpauth:// URL (active once confirmed with a code)',
        security: bearer,
        response: { 200: MfaEnrollResponseSchema, 401: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema, 429: ErrorEnvelopeSchema },
      },
    },
    async (request) => {
      const user = request.currentUser!;
      if ((await findTotp(app.db, user.id))?.enabledAt) {
        throw new AppError('MFA_ALREADY_ENABLED', 'Two-factor sign-in is already on.');
      }
      return beginEnrolment(app.db, user.id, user.email);
    },
  );

  app.post(
    '/api/auth/mfa/enroll/confirm',
    {
      preHandler: app.loadUser,
      config: { rateLimit: RATE_LIMITS.mfaManagePerIp },
      schema: {
        tags: TAGS,
        summary: 'Confirm enrolment with a code: ten single-use recovery codes (shown once); this session counts as verified',
        security: bearer,
        body: MfaCodeBodySchema,
        response: {
          200: MfaConfirmResponseSchema,
          400: ErrorEnvelopeSchema,
          401: ErrorEnvelopeSchema,
          409: ErrorEnvelopeSchema,
          429: ErrorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const user = request.currentUser!;
      const totp = await findTotp(app.db, user.id);
      if (!totp) throw new AppError('MFA_NOT_ENABLED', 'Start the set-up first.');
      if (totp.enabledAt) throw new AppError('MFA_ALREADY_ENABLED', 'Two-factor sign-in is already on.');
      await checkMfaFailures(request, user.id);
      const codes = await confirmEnrolment(app.db, user.id, request.body.code, app.clock.now().getTime());
      if (!codes) {
        await countMfaFailure(request);
        throw wrongOwnCode();
      }
      if (request.sessionId) await markSessionMfa(app.db, request.sessionId);
      const access = await app.accessTokens.sign(user.id, { sid: request.sessionId ?? undefined, mfa: request.sessionId !== null });
      return { recoveryCodes: codes, access };
    },
  );

  app.post(
    '/api/auth/mfa/verify',
    {
      preHandler: app.loadUser,
      config: { rateLimit: RATE_LIMITS.mfaManagePerIp },
      schema: {
        tags: TAGS,
        summary: 'Pass the second factor in this session (a session started before enrolment)',
        security: bearer,
        body: MfaCodeBodySchema,
        response: { 200: AccessResponseSchema, 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema, 429: ErrorEnvelopeSchema },
      },
    },
    async (request) => {
      const user = request.currentUser!;
      if (!(await findTotp(app.db, user.id))?.enabledAt) throw new AppError('MFA_NOT_ENABLED', 'Two-factor sign-in is off.');
      if (!request.sessionId || !(await isSessionLive(app.db, user.id, request.sessionId))) {
        throw new AppError('UNAUTHORIZED', 'Your session has ended. Please sign in again.');
      }
      await requireOwnCode(request, request.body.code);
      await markSessionMfa(app.db, request.sessionId);
      return { access: await app.accessTokens.sign(user.id, { sid: request.sessionId, mfa: true }) };
    },
  );

  app.post(
    '/api/auth/mfa/disable',
    {
      preHandler: app.loadUser,
      config: { rateLimit: RATE_LIMITS.mfaManagePerIp },
      schema: {
        tags: TAGS,
        summary: 'Turn two-factor sign-in off with a code (authenticator or recovery)',
        security: bearer,
        body: MfaCodeBodySchema,
        response: {
          200: OkResponseSchema,
          400: ErrorEnvelopeSchema,
          401: ErrorEnvelopeSchema,
          403: ErrorEnvelopeSchema,
          409: ErrorEnvelopeSchema,
          429: ErrorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const user = request.currentUser!;
      if (!(await findTotp(app.db, user.id))?.enabledAt) throw new AppError('MFA_NOT_ENABLED', 'Two-factor sign-in is off.');
      if (user.isAdmin && app.config.adminMfa === 'required') {
        throw new AppError('FORBIDDEN', 'Admins must keep two-factor sign-in on.');
      }
      await requireOwnCode(request, request.body.code);
      await disableTotp(app.db, user.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/auth/sessions',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'The signed-in sessions of the user (device, address, started, last used; this one marked)',
        security: bearer,
        response: { 200: SessionsResponseSchema, 401: ErrorEnvelopeSchema },
      },
    },
    async (request) => ({ sessions: await listSessions(app.db, request.userId!, request.sessionId) }),
  );

  app.delete(
    '/api/auth/sessions/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'End one session: its refresh fails from now on',
        security: bearer,
        params: SessionParamsSchema,
        response: { 200: OkResponseSchema, 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request) => {
      if (!(await endSession(app.db, request.userId!, request.params.id))) {
        throw new AppError('NOT_FOUND', 'This session does not exist or has already ended.');
      }
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/auth/sessions',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'End every other session of the user',
        security: bearer,
        response: { 200: EndSessionsResponseSchema, 401: ErrorEnvelopeSchema },
      },
    },
    async (request) => ({ ok: true as const, ended: await endOtherSessions(app.db, request.userId!, request.sessionId) }),
  );
};
