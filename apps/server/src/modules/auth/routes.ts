import {
  AccessResponseSchema,
  LoginBodySchema,
  LoginResultSchema,
  type MeResponse,
  MeResponseSchema,
  OkResponseSchema,
  RefreshBodySchema,
  RegisterBodySchema,
  RegisterResponseSchema,
  ResendVerificationBodySchema,
  VerifyEmailBodySchema,
  VerifyEmailResponseSchema,
} from '@app/shared/api/auth';
import { ErrorEnvelopeSchema } from '@app/shared/api/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serializeMe } from '../users/index.ts';
import { accountFailureLimit, tooMany } from './attempt-limits.ts';
import { authDepsOf, currentUser, login, register, resendVerification, verifyEmail } from './auth-service.ts';
import { RATE_LIMITS } from './rate-limits.ts';
import { assertSameOrigin, refreshCookieJar } from './refresh-cookie.ts';
import { logout, refreshAccess } from './refresh-service.ts';
import { clientOf } from './sessions.ts';

const TAGS = ['auth'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (request?: FastifyRequest) => authDepsOf(app, request);
  const cookieOf = (request: FastifyRequest, reply: FastifyReply) => refreshCookieJar(request, reply, app.config, app.clock);
  /** CSRF defence of the cookie-authenticated calls (refresh, logout), after the body's validation as before. */
  const sameOrigin = async (request: FastifyRequest) => assertSameOrigin(request, app.config);

  const loginFailures = accountFailureLimit(app, RATE_LIMITS.loginFailures, 'login');
  // Keys carry their own prefix: limiters made by createRateLimit share one key space.
  const resendPerAddress = app.createRateLimit({
    ...RATE_LIMITS.resendPerAddress,
    keyGenerator: (request: FastifyRequest) =>
      `resend-address:${String((request.body as { email?: unknown } | undefined)?.email ?? '')
        .trim()
        .toLowerCase()}`,
  });

  app.post(
    '/api/auth/register',
    {
      config: { rateLimit: RATE_LIMITS.registerPerIp },
      schema: {
        tags: TAGS,
        summary:
          'Create an account and send the verification mail; the same 202 for an address that has an account (its owner is mailed). Sign in with POST /api/auth/login',
        body: RegisterBodySchema,
        response: {
          202: RegisterResponseSchema,
          400: ErrorEnvelopeSchema,
          409: ErrorEnvelopeSchema,
          429: ErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      await register(deps(request), request.body, app.backgroundWork.run);
      return reply.status(202).send({ ok: true as const, pendingVerification: true as const });
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
      const result = await login(deps(request), request.body, loginFailures(request), {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      if ('mfaRequired' in result) return result;
      cookieOf(request, reply).set(result.refresh);
      return result.body;
    },
  );

  app.post(
    '/api/auth/refresh',
    {
      preHandler: sameOrigin,
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
    async (request, reply) => refreshAccess({ ...deps(request), client: clientOf(request) }, cookieOf(request, reply)),
  );

  app.post(
    '/api/auth/logout',
    {
      preHandler: sameOrigin,
      schema: {
        tags: TAGS,
        summary: 'Revoke the session of the refresh cookie and clear it (200 even without a session)',
        body: RefreshBodySchema.nullish(),
        response: { 200: OkResponseSchema, 400: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      await logout(deps(request), cookieOf(request, reply));
      return { ok: true as const };
    },
  );

  app.get(
    '/api/auth/me',
    {
      // The session check is in currentUser's one statement.
      onRequest: app.verifyAccessTokenOnly,
      schema: {
        tags: TAGS,
        summary: 'The signed-in user',
        security: [{ bearer: [] }],
        response: { 200: MeResponseSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const user = await currentUser(deps(), request.userId!, request.sessionId!);
      // serializeMe builds exactly the contract's fields, so its JSON is the answer: sent as text, it
      // skips the zod serialiser every other route pays (this call runs on every page load;
      // users-repository.test checks the fields).
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
      await verifyEmail(deps(), request.body.token);
      return { ok: true };
    },
  );
};
