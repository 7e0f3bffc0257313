import {
  AccessResponseSchema,
  LoginBodySchema,
  LoginResponseSchema,
  LoginResultSchema,
  type MeResponse,
  MeResponseSchema,
  OkResponseSchema,
  RefreshBodySchema,
  RegisterBodySchema,
  ResendVerificationBodySchema,
  VerifyEmailBodySchema,
  VerifyEmailResponseSchema,
} from '@app/shared/api/auth';
import { ErrorEnvelopeSchema } from '@app/shared/api/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { serializeMe } from '../users/user-presenter.ts';
import { findPublicUserById } from '../users/users-repository.ts';
import { unauthorized } from './auth-plugin.ts';
import {
  INVALID_CREDENTIALS_MESSAGE,
  login,
  register,
  resendVerification,
  verifyEmail,
  type AuthDeps,
} from './auth-service.ts';
import { RATE_LIMITS } from './rate-limits.ts';
import { accountBannedError, isRefreshOwnerBanned } from '../admin/restrictions.ts';
import { assertSameOrigin, clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie.ts';
import { revokeRefreshToken, rotateRefreshToken } from './refresh-sessions.ts';
import { clientOf, touchSession } from './sessions.ts';
import { purgeExpiredAuthTokens } from './token-purge.ts';

const TAGS = ['auth'];

export function tooMany(ttlMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return new AppError('RATE_LIMITED', `Too many attempts. Try again in ${seconds} seconds.`, {
    headers: { 'retry-after': String(seconds) },
  });
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Idempotent deletes, so every server may run it.
  app.scheduler.register({ name: 'auth.purge-expired-tokens', run: async (now) => void (await purgeExpiredAuthTokens(app.db, now)) });
  const deps = (request?: FastifyRequest): AuthDeps => ({
    db: app.db,
    config: app.config,
    mailer: app.mailer,
    log: app.log,
    accessTokens: app.accessTokens,
    client: request ? clientOf(request) : undefined,
  });

  // Keys carry their own prefix: limiters made by createRateLimit share one key space.
  const loginFailures = app.createRateLimit({
    ...RATE_LIMITS.loginFailuresPerAccount,
    keyGenerator: (request: FastifyRequest) =>
      `login-account:${String((request.body as { email?: unknown } | undefined)?.email ?? '').trim().toLowerCase()}`,
  });
  const resendPerAddress = app.createRateLimit({
    ...RATE_LIMITS.resendPerAddress,
    keyGenerator: (request: FastifyRequest) =>
      `resend-address:${String((request.body as { email?: unknown } | undefined)?.email ?? '').trim().toLowerCase()}`,
  });

  app.post(
    '/api/auth/register',
    {
      config: { rateLimit: RATE_LIMITS.registerPerIp },
      schema: {
        tags: TAGS,
        summary: 'Create an account, send the verification mail and sign in',
        body: RegisterBodySchema,
        response: {
          201: LoginResponseSchema,
          400: ErrorEnvelopeSchema,
          409: ErrorEnvelopeSchema,
          429: ErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await register(deps(request), request.body);
      setRefreshCookie(reply, app.config, result.refresh);
      return reply.status(201).send(result.body);
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { rateLimit: RATE_LIMITS.loginPerIp },
      schema: {
        tags: TAGS,
        summary: 'Sign in with e-mail or username; sets the refresh cookie (or answers mfaRequired: finish with POST /api/auth/mfa)',
        body: LoginBodySchema,
        response: {
          200: LoginResultSchema,
          400: ErrorEnvelopeSchema,
          401: ErrorEnvelopeSchema,
          403: ErrorEnvelopeSchema,
          429: ErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const state = await loginFailures(request, { increment: false });
      if (!state.isAllowed && state.remaining <= 0) throw tooMany(state.ttl);
      const result = await login(deps(request), request.body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
      if (!result) {
        await loginFailures(request);
        throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
      }
      if ('mfaRequired' in result) return result;
      setRefreshCookie(reply, app.config, result.refresh);
      return result.body;
    },
  );

  app.post(
    '/api/auth/refresh',
    {
      schema: {
        tags: TAGS,
        summary: 'A new access token from the refresh cookie; the refresh token rotates',
        body: RefreshBodySchema.nullish(),
        response: {
          200: AccessResponseSchema,
          400: ErrorEnvelopeSchema,
          401: ErrorEnvelopeSchema,
          403: ErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request, app.config);
      const presented = readRefreshCookie(request);
      // issue 3: no or bad cookie is a 401. (The web client skips its start-up refresh when it
      // never signed in, so visitors do not send this request at all.)
      if (!presented) throw unauthorized('No session. Please sign in.');
      // issue 10: a banned account's refresh is refused with a clear message (its tokens are revoked too).
      if (await isRefreshOwnerBanned(app.db, presented)) {
        clearRefreshCookie(reply, app.config);
        throw accountBannedError();
      }
      const result = await rotateRefreshToken(app.db, presented);
      if (result.kind !== 'rotated') {
        if (result.kind === 'reused') request.log.warn({ familyId: result.familyId }, 'refresh token reused: family revoked');
        clearRefreshCookie(reply, app.config);
        throw unauthorized('Your session has ended. Please sign in again.');
      }
      // issue 12: the family is a session; an ended one cannot refresh (its tokens are revoked too).
      const session = await touchSession(app.db, result.familyId, clientOf(request));
      if (!session) {
        clearRefreshCookie(reply, app.config);
        throw unauthorized('Your session has ended. Please sign in again.');
      }
      setRefreshCookie(reply, app.config, result.next);
      return { access: await app.accessTokens.sign(result.userId, { sid: result.familyId, mfa: session.mfa }) };
    },
  );

  app.post(
    '/api/auth/logout',
    {
      schema: {
        tags: TAGS,
        summary: 'Revoke the session of the refresh cookie and clear it (200 even without a session)',
        body: RefreshBodySchema.nullish(),
        response: { 200: OkResponseSchema, 400: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request, app.config);
      const presented = readRefreshCookie(request);
      if (presented) await revokeRefreshToken(app.db, presented);
      clearRefreshCookie(reply, app.config);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/auth/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'The signed-in user',
        security: [{ bearer: [] }],
        response: { 200: MeResponseSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const user = await findPublicUserById(app.db, request.userId!);
      if (!user) throw unauthorized();
      if (user.bannedAt) throw accountBannedError(); // a ban ends every session at once (as loadUser)
      // presentUser builds exactly the contract's fields, so its JSON is the answer: sent as text,
      // it skips the zod serialiser of every other route (issue 14; users-repository.test checks the fields).
      return reply.type('application/json; charset=utf-8').send(serializeMe(user) as unknown as MeResponse);
    },
  );

  app.post(
    '/api/auth/resend-verification',
    {
      config: { rateLimit: RATE_LIMITS.resendPerIp },
      schema: {
        tags: TAGS,
        summary: 'Mail a fresh verification link (earlier links stop working); the same answer for any address',
        body: ResendVerificationBodySchema,
        response: { 200: OkResponseSchema, 400: ErrorEnvelopeSchema, 429: ErrorEnvelopeSchema },
      },
    },
    async (request) => {
      const state = await resendPerAddress(request);
      if (!state.isAllowed && state.isExceeded) throw tooMany(state.ttl);
      const email = request.body.email;
      // The work runs after the answer, so its duration does not tell whether the address has an account.
      app.backgroundWork.run('resend verification', () => resendVerification(deps(), email));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/verify-email',
    {
      config: { rateLimit: RATE_LIMITS.verifyEmailPerIp },
      schema: {
        tags: TAGS,
        summary: 'Verify the e-mail with the token of the link',
        body: VerifyEmailBodySchema,
        response: { 200: VerifyEmailResponseSchema, 400: ErrorEnvelopeSchema, 429: ErrorEnvelopeSchema },
      },
    },
    async (request) => {
      const isVerified = await verifyEmail(deps(), request.body.token);
      if (!isVerified) {
        throw new AppError('INVALID_TOKEN', 'This verification link is invalid, already used or expired.');
      }
      return { ok: true };
    },
  );
};
