import { ErrorEnvelopeSchema } from '@app/shared/api/errors';
import { ChatLinksStateSchema, LinkPlatformParamsSchema } from '@app/shared/api/chat-platforms';
import { KickLinkStateSchema } from '@app/shared/api/stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perMember } from '../../plugins/rate-limit.ts';
import { chatLinksState, confirmChatLink, confirmKickLink, declineChatLink, declineKickLink, kickLinkState, unlinkChat, unlinkKick } from './kick-linking.ts';

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

  // The same for every platform (Kick's calls above keep working): the profile's list with Unlink.
  app.get(
    '/api/profile/chat-links',
    {
      onRequest: app.authenticate,
      schema: {
        ...base,
        summary: 'The platform account asking to link, and every linked one (Kick, Twitch)',
        response: { 200: ChatLinksStateSchema, ...errors },
      },
    },
    async (request) => chatLinksState(app.db, request.userId!, app.clock.now()),
  );

  const writeSchema = (summary: string) => ({
    ...base,
    summary,
    params: LinkPlatformParamsSchema,
    response: { 200: ChatLinksStateSchema, 400: ErrorEnvelopeSchema, ...writeErrors },
  });

  app.post(
    '/api/profile/chat-links/:platform/confirm',
    {
      onRequest: app.loadUser,
      config: { rateLimit: perMember(KICK_LINK_WRITE_LIMIT) },
      schema: writeSchema("Link the platform's account that asked (within 15 minutes)"),
    },
    async (request) => {
      const now = app.clock.now();
      await confirmChatLink(app.db, request.userId!, request.params.platform, now);
      return chatLinksState(app.db, request.userId!, now);
    },
  );

  app.post(
    '/api/profile/chat-links/:platform/decline',
    { onRequest: app.authenticate, config: { rateLimit: perMember(KICK_LINK_WRITE_LIMIT) }, schema: writeSchema("Refuse the platform's link request") },
    async (request) => {
      await declineChatLink(app.db, request.userId!, request.params.platform);
      return chatLinksState(app.db, request.userId!, app.clock.now());
    },
  );

  app.delete(
    '/api/profile/chat-links/:platform',
    { onRequest: app.authenticate, config: { rateLimit: perMember(KICK_LINK_WRITE_LIMIT) }, schema: writeSchema("Unlink the platform's account") },
    async (request) => {
      await unlinkChat(app.db, request.userId!, request.params.platform);
      return chatLinksState(app.db, request.userId!, app.clock.now());
    },
  );
};
