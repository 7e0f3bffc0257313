import {
  AccessResponseSchema,
  EndSessionsResponseSchema,
  ForgotPasswordBodySchema,
  LoginResponseSchema,
  MfaCodeBodySchema,
  MfaConfirmResponseSchema,
  MfaEnrollBodySchema,
  MfaEnrollResponseSchema,
  MfaLoginBodySchema,
  MfaStatusSchema,
  OkResponseSchema,
  ResetPasswordBodySchema,
  SessionParamsSchema,
  SessionsResponseSchema,
} from '@app/shared/api/auth';
import { ErrorEnvelopeSchema } from '@app/shared/api/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountFailureLimit, tooMany } from './attempt-limits.ts';
import { authDepsOf } from './auth-service.ts';
import { resetPassword, sendPasswordReset } from './password-reset.ts';
import { RATE_LIMITS } from './rate-limits.ts';
import { refreshCookieJar } from './refresh-cookie.ts';
import { completeSecondFactorLogin } from './second-factor-login.ts';
import { finishEnrolment, secondFactorStatus, startEnrolment, stepUp, turnOff, type TokenSession } from './second-factor-settings.ts';
import { endOtherSessions, endSession, listSessions } from './sessions.ts';

const TAGS = ['auth'];
const bearer = [{ bearer: [] }];

/** The session of the request's access token, as the second-factor services read it. */
function tokenSession(request: FastifyRequest): TokenSession {
  return { sessionId: request.sessionId, mfaPassed: request.mfaPassed };
}

/**
 * Account security: password reset, the second step of a login, two-factor enrolment and the
 * sessions list. Every call that changes something is rate limited or needs a signed-in user.
 */
export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (request: FastifyRequest) => authDepsOf(app, request);

  const forgotPerAddress = app.createRateLimit({
    ...RATE_LIMITS.forgotPerAddress,
    keyGenerator: (request: FastifyRequest) =>
      `forgot-address:${String((request.body as { email?: unknown } | undefined)?.email ?? '')
        .trim()
        .toLowerCase()}`,
  });
  // Wrong codes per account, across mfaTokens and the signed-in user's own code checks.
  const mfaFailures = accountFailureLimit(app, RATE_LIMITS.mfaFailures, 'mfa');
  // A wrong current password is a password guess: it counts with the account's wrong logins.
  const loginFailures = accountFailureLimit(app, RATE_LIMITS.loginFailures, 'login');

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
        summary: 'The second step of a login: the mfaToken and a code (authenticator or recovery); sets the refresh cookie',
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
      const result = await completeSecondFactorLogin(deps(request), request.body, mfaFailures(request));
      refreshCookieJar(request, reply, app.config, app.clock).set(result.refresh);
      return result.body;
    },
  );

  app.get(
    '/api/auth/mfa',
    {
      preHandler: app.loadUser,
      schema: {
        tags: TAGS,
        summary: 'Two-factor sign-in of the signed-in user and of this session',
        security: bearer,
        response: { 200: MfaStatusSchema, 401: ErrorEnvelopeSchema },
      },
    },
    async (request) => secondFactorStatus(deps(request), request.currentUser!, tokenSession(request)),
  );

  app.post(
    '/api/auth/mfa/enroll',
    {
      // A second factor is bound to a verified address and to the person who knows the password
      // (ASVS 5.0 V7.5.1), not to whoever holds an access token. The guard runs before the body's
      // validation: a caller without a session learns nothing about the body.
      onRequest: app.requireVerified,
      config: { rateLimit: RATE_LIMITS.mfaManagePerIp },
      schema: {
        tags: TAGS,
        summary: 'Start enrolment (current password, verified e-mail): a new TOTP secret and its otpauth:// URL (active once confirmed with a code)',
        security: bearer,
        body: MfaEnrollBodySchema,
        response: {
          200: MfaEnrollResponseSchema,
          400: ErrorEnvelopeSchema,
          401: ErrorEnvelopeSchema,
          403: ErrorEnvelopeSchema,
          409: ErrorEnvelopeSchema,
          429: ErrorEnvelopeSchema,
        },
      },
    },
    async (request) => startEnrolment(deps(request), request.currentUser!, request.body.password, loginFailures(request)),
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
    async (request) => finishEnrolment(deps(request), request.currentUser!, tokenSession(request), request.body.code, mfaFailures(request)),
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
    async (request) => stepUp(deps(request), request.currentUser!, tokenSession(request), request.body.code, mfaFailures(request)),
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
      await turnOff(deps(request), request.currentUser!, request.body.code, mfaFailures(request));
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
    async (request) => ({ sessions: await listSessions(app.db, request.userId!, request.sessionId, app.clock.now()) }),
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
      await endSession(app.db, request.userId!, request.params.id, app.clock.now());
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
    async (request) => ({ ok: true as const, ended: await endOtherSessions(app.db, request.userId!, request.sessionId, app.clock.now()) }),
  );
};
