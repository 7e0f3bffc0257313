import { ErrorEnvelopeSchema } from '@app/shared/api/errors';
import { CompleteProfileBodySchema, ProfileResponseSchema } from '@app/shared/api/profile';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { completeProfile, getProfile } from './profile-service.ts';

const requireVerifiedEmail = async (request: FastifyRequest) => {
  if (!request.currentUser!.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED', 'Please verify your email first.');
};

/** Saves per IP and minute (the current-password check's budget too). */
const PROFILE_SAVE_LIMIT = { max: 30, timeWindow: 60_000 };

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/profile',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['profile'],
        summary: 'The profile of the signed-in user',
        security: [{ bearer: [] }],
        response: { 200: ProfileResponseSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema },
      },
    },
    async (request) => ({ profile: await getProfile(app.db, request.userId!, app.clock.now()) }),
  );

  app.patch(
    '/api/profile/complete',
    {
      // loadUser: a banned account is refused before anything is written.
      onRequest: app.loadUser,
      // A verified e-mail, like POST /api/casino-accounts; checked after the body's validation.
      preHandler: requireVerifiedEmail,
      // Per IP: the current password is checked here, so it must not become an unlimited guessing oracle.
      config: { rateLimit: PROFILE_SAVE_LIMIT },
      schema: {
        tags: ['profile'],
        summary:
          'Store the partner usernames and crypto addresses of profile completion (verified e-mail). Changing or removing a saved address needs currentPassword (403 CURRENT_PASSWORD_REQUIRED) and mails the owner a notice',
        security: [{ bearer: [] }],
        body: CompleteProfileBodySchema,
        response: { 200: ProfileResponseSchema, 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 429: ErrorEnvelopeSchema },
      },
    },
    async (request) => ({
      profile: await completeProfile(app.db, request.userId!, request.body, app.clock.now(), {
        mailer: app.mailer,
        log: request.log,
        appOrigin: app.config.appOrigin,
      }),
    }),
  );
};
