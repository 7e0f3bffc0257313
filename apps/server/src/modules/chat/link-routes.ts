import { ErrorEnvelopeSchema } from '@app/shared/api/errors';
import { KickLinkStateSchema } from '@app/shared/api/stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perMember } from '../../plugins/rate-limit.ts';
import { confirmKickLink, declineKickLink, kickLinkState, unlinkKick } from './kick-linking.ts';

const errors = { 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema } as const;
const writeErrors = { ...errors, 429: ErrorEnvelopeSchema } as const;

/** Each write, per member: far above a person answering a request, low enough that a script cannot churn links. */
export const KICK_LINK_WRITE_LIMIT = { max: 10, timeWindow: 60_000 };

/** The profile's Kick link: the pending request ("Link Kick account @name?"), confirm, decline, unlink. */
export const kickLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = { tags: ['profile'], security: [{ bearer: [] }] };

  app.get(
    '/api/profile/kick-link',
    {
      onRequest: app.authenticate,
      schema: { ...base, summary: 'The Kick account asking to link, and the linked one', response: { 200: KickLinkStateSchema, ...errors } },
    },
    async (request) => kickLinkState(app.db, request.userId!, app.clock.now()),
  );

  app.post(
    '/api/profile/kick-link/confirm',
    // loadUser: a banned account is refused before anything is written.
    {
      onRequest: app.loadUser,
      config: { rateLimit: perMember(KICK_LINK_WRITE_LIMIT) },
      schema: { ...base, summary: 'Link the Kick account that asked (within 15 minutes)', response: { 200: KickLinkStateSchema, ...writeErrors } },
    },
    async (request) => confirmKickLink(app.db, request.userId!, app.clock.now()),
  );

  app.post(
    '/api/profile/kick-link/decline',
    {
      onRequest: app.authenticate,
      config: { rateLimit: perMember(KICK_LINK_WRITE_LIMIT) },
      schema: { ...base, summary: 'Refuse the Kick link request', response: { 200: KickLinkStateSchema, ...writeErrors } },
    },
    async (request) => declineKickLink(app.db, request.userId!, app.clock.now()),
  );

  app.delete(
    '/api/profile/kick-link',
    {
      onRequest: app.authenticate,
      config: { rateLimit: perMember(KICK_LINK_WRITE_LIMIT) },
      schema: { ...base, summary: 'Unlink the Kick account', response: { 200: KickLinkStateSchema, ...writeErrors } },
    },
    async (request) => unlinkKick(app.db, request.userId!, app.clock.now()),
  );
};
