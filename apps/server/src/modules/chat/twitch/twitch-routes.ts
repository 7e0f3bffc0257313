import { TwitchEventSubResultSchema } from '@app/shared/api/chat-platforms';
import { ErrorEnvelopeSchema } from '@app/shared/api/errors';
import { StreamCallbackQuerySchema, StreamConnectResponseSchema } from '@app/shared/api/stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error.ts';
import { guarded } from '../../../lib/error-schemas.ts';
import { adminOnly } from '../../../platform/admin-scope.ts';
import { auditActor } from '../../../platform/audit.ts';
import {
  disconnectTwitch,
  finishTwitchConnect,
  startTwitchConnect,
  TWITCH_BINDING_COOKIE,
  TWITCH_CALLBACK_PATH,
  TWITCH_EVENTSUB_PATH,
} from './twitch-connection.ts';
import { handleTwitchDelivery, verifyTwitchDelivery } from './twitch-eventsub.ts';

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

const errors = { ...guarded, 404: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema, 502: ErrorEnvelopeSchema } as const;
const TwitchPlatformSchema = z.object({ ok: z.literal(true) });

/** The admin's Connect and Disconnect of the Twitch channel (the Stream screen's Twitch card). */
const twitchAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  adminOnly(app);
  app.post(
    '/api/admin/stream/twitch/connect',
    {
      schema: {
        summary: 'Start connecting the Twitch channel (OAuth authorization code): the authorize URL to open',
        response: { 200: StreamConnectResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!request.sessionId) throw new AppError('FORBIDDEN', 'Sign in again to connect the channel.');
      const { url, binding } = await startTwitchConnect(app.db, app.stream.twitch, { userId: request.userId!, sessionId: request.sessionId }, app.clock.now());
      reply.setCookie(TWITCH_BINDING_COOKIE, binding, {
        path: TWITCH_CALLBACK_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: app.config.appOrigin.startsWith('https:'),
        maxAge: 600,
      });
      return { url };
    },
  );

  app.post(
    '/api/admin/stream/twitch/disconnect',
    {
      schema: {
        summary: "Revoke and forget the Twitch tokens and delete the channel's EventSub subscriptions",
        response: { 200: TwitchPlatformSchema, ...errors },
      },
    },
    async (request) => {
      await disconnectTwitch(app.db, app.stream.twitch, auditActor(request), app.clock.now());
      return { ok: true as const };
    },
  );
};

/** POST /api/integrations/twitch/eventsub: verified, answered at once; notifications are stored and worked by the events job. */
const twitchEventSubRoutes: FastifyPluginAsyncZod = async (app) => {
  const secret = app.stream.twitch.eventsubSecret;
  // Scoped to this plugin: the signature covers the raw bytes, so the body is kept as sent.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(
    TWITCH_EVENTSUB_PATH,
    {
      schema: {
        tags: ['integrations'],
        summary: "Twitch's EventSub webhook (challenge, notifications, revocations)",
        description:
          'Signed by Twitch: `Twitch-Eventsub-Message-Signature` is `sha256=` + hex HMAC-SHA256 with TWITCH_EVENTSUB_SECRET over message id + timestamp + raw body. The verification challenge is answered with the challenge as text/plain.',
        response: {
          200: TwitchEventSubResultSchema.or(z.string()),
          400: ErrorEnvelopeSchema,
          403: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
          415: ErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      if (!secret) throw new AppError('STREAM_NOT_CONFIGURED', 'Twitch EventSub is not configured on this server.');
      if (!Buffer.isBuffer(request.body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the event as application/json.');
      const delivery = {
        messageId: header(request.headers['twitch-eventsub-message-id']),
        timestamp: header(request.headers['twitch-eventsub-message-timestamp']),
        signature: header(request.headers['twitch-eventsub-message-signature']),
        messageType: header(request.headers['twitch-eventsub-message-type']),
        rawBody: request.body,
      };
      const now = app.clock.now();
      const body = verifyTwitchDelivery(secret, delivery, now);
      const answer = await handleTwitchDelivery(app.db, delivery, body, now);
      if (answer.kind === 'challenge') return reply.type('text/plain; charset=utf-8').send(answer.challenge);
      return { ok: true as const, result: answer.result };
    },
  );
};

/** Twitch's routes: the EventSub webhook, the OAuth redirect and the admin's connect/disconnect. */
export const twitchRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(twitchEventSubRoutes);
  app.get(
    TWITCH_CALLBACK_PATH,
    {
      schema: {
        tags: ['integrations'],
        summary: "Twitch's OAuth redirect: finishes connecting the channel, then back to the Stream screen",
        querystring: StreamCallbackQuerySchema.extend({ scope: z.string().max(2000).optional(), error_description: z.string().max(500).optional() }),
        response: { 302: z.null().describe('To /admin/stream') },
      },
    },
    async (request, reply) => {
      const back = `${app.config.appOrigin}/admin/stream`;
      reply.clearCookie(TWITCH_BINDING_COOKIE, { path: TWITCH_CALLBACK_PATH });
      try {
        if (request.query.error) throw new AppError('INVALID_OAUTH_STATE', 'Twitch did not authorize the connection.');
        await finishTwitchConnect(
          app.db,
          app.stream.twitch,
          {
            code: request.query.code,
            state: request.query.state,
            binding: request.cookies[TWITCH_BINDING_COOKIE],
            ip: request.ip,
            userAgent: request.headers['user-agent'] ?? null,
          },
          app.clock.now(),
        );
        return reply.redirect(`${back}?connected=twitch`, 302);
      } catch (error) {
        const code = error instanceof AppError ? error.code : 'INTERNAL';
        if (!(error instanceof AppError)) request.log.error({ err: error }, 'stream: connecting the Twitch channel failed');
        return reply.redirect(`${back}?platform=twitch&error=${encodeURIComponent(code)}`, 302);
      }
    },
  );
  await app.register(twitchAdminRoutes);
};
