import { ErrorEnvelopeSchema } from '@app/shared/api/errors';
import { CompleteProfileBodySchema, ProfileResponseSchema } from '@app/shared/api/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { completeProfile, getProfile } from './profile-service.ts';

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
      schema: {
        tags: ['profile'],
        summary: 'Store the partner usernames and crypto addresses of profile completion',
        security: [{ bearer: [] }],
        body: CompleteProfileBodySchema,
        response: { 200: ProfileResponseSchema, 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema },
      },
    },
    async (request) => ({ profile: await completeProfile(app.db, request.userId!, request.body, app.clock.now()) }),
  );
};
