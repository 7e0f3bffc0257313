import { StreamStatusWithPlatformsSchema } from '@app/shared/api/chat-platforms';
import { ErrorEnvelopeSchema } from '@app/shared/api/errors';
import {
  StreamCallbackQuerySchema,
  StreamCommandInputSchema,
  StreamCommandListSchema,
  StreamCommandParamsSchema,
  StreamCommandResultSchema,
  StreamConnectResponseSchema,
  StreamRulesResponseSchema,
  StreamRulesSchema,
  StreamStatusSchema,
  StreamSummarySchema,
} from '@app/shared/api/stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonErrors, guarded } from '../../lib/error-schemas.ts';
import { AppError } from '../../lib/app-error.ts';
import { adminOnly } from '../../platform/admin-scope.ts';
import { auditActor } from '../../platform/audit.ts';
import { botFeatureRoutes } from './bot-features-routes.ts';
import { kickSetupRoutes } from './kick/setup-routes.ts';
import { kickWebhookRoutes } from './kick/webhook-routes.ts';
import { twitchPlatformStatus } from './twitch/twitch-connection.ts';
import { twitchRoutes } from './twitch/twitch-routes.ts';
import { kickLinkRoutes } from './link-routes.ts';
import { deleteCommand, listCommands, saveCommand } from './commands.ts';
import { BINDING_COOKIE, disconnect, finishConnect, reconcileSubscriptions, startConnect, streamStatus } from './connection.ts';
import { streamPointsThisWeek } from './crediting.ts';
import { saveStreamRules, streamRules } from './rules.ts';
import { platformAccountOf } from './viewer-account.ts';

const CALLBACK_PATH = '/api/integrations/kick/callback';
const OkSchema = z.object({ ok: z.literal(true) });
const errors = { ...guarded, 404: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema, 502: ErrorEnvelopeSchema } as const;

/** The chat module's admin block: the Stream screen's calls and the bot switches (guarded and tagged once by adminOnly). */
const chatAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  adminOnly(app);
  await app.register(botFeatureRoutes);
  await app.register(kickSetupRoutes);
  const status = () => streamStatus(app.db, app.stream, app.clock.now());

  app.get(
    '/api/admin/stream',
    {
      schema: {
        summary: 'The connected Kick channel, its events and the stream points rules, and one card per platform (Kick, Twitch)',
        response: { 200: StreamStatusWithPlatformsSchema, 401: commonErrors[401], 403: commonErrors[403] },
      },
    },
    async () => {
      const [kick, twitch] = await Promise.all([status(), twitchPlatformStatus(app.db, app.stream.twitch)]);
      const kickCard = {
        platform: 'kick' as const,
        configured: kick.configured,
        connected: kick.connected,
        channel: kick.channel ? { id: kick.channel.broadcasterUserId, login: kick.channel.slug } : null,
        isLive: kick.isLive,
        lastEventAt: kick.lastEventAt,
        subscriptions: kick.subscriptions,
        needsReconnect: kick.channel?.needsReconnect ?? false,
        reconnectReason: kick.channel?.needsReconnect ? 'refresh_failed' : null,
      };
      return { ...kick, platforms: [kickCard, twitch] };
    },
  );

  app.post(
    '/api/admin/stream/connect',
    {
      schema: {
        summary: 'Start connecting the Kick channel (OAuth 2.1 with PKCE): the authorize URL to open',
        response: { 200: StreamConnectResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      // The state is bound to a session: a token without one (never an admin's under ADMIN_MFA=required) cannot connect.
      if (!request.sessionId) throw new AppError('FORBIDDEN', 'Sign in again to connect the channel.');
      const { url, binding } = await startConnect(app.db, app.stream, { userId: request.userId!, sessionId: request.sessionId }, app.clock.now());
      reply.setCookie(BINDING_COOKIE, binding, {
        path: CALLBACK_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: app.config.appOrigin.startsWith('https:'),
        maxAge: 600,
      });
      return { url };
    },
  );

  app.post(
    '/api/admin/stream/disconnect',
    { schema: { summary: 'Revoke and forget the Kick tokens', response: { 200: StreamStatusSchema, ...errors } } },
    async (request) => {
      await disconnect(app.db, app.stream, auditActor(request), app.clock.now());
      return status();
    },
  );

  app.post(
    '/api/admin/stream/resubscribe',
    { schema: { summary: 'Recreate the event subscriptions Kick lost', response: { 200: StreamStatusSchema, ...errors } } },
    async () => {
      await reconcileSubscriptions(app.db, app.stream, app.clock.now());
      return status();
    },
  );

  app.get(
    '/api/admin/stream/rules',
    { schema: { summary: 'The stream points rules', response: { 200: StreamRulesResponseSchema, 401: commonErrors[401], 403: commonErrors[403] } } },
    async () => ({ rules: await streamRules(app.db) }),
  );

  app.put(
    '/api/admin/stream/rules',
    { schema: { summary: 'Save the stream points rules (audited)', body: StreamRulesSchema, response: { 200: StreamRulesResponseSchema, ...errors } } },
    async (request) => saveStreamRules(app.db, request.body, auditActor(request), app.clock.now()),
  );

  app.get(
    '/api/admin/stream/commands',
    {
      schema: {
        summary: 'The custom chat commands (and the built-in names)',
        response: { 200: StreamCommandListSchema, 401: commonErrors[401], 403: commonErrors[403] },
      },
    },
    async () => listCommands(app.db, app.chat),
  );

  app.post(
    '/api/admin/stream/commands',
    { schema: { summary: 'Add a custom chat command', body: StreamCommandInputSchema, response: { 200: StreamCommandResultSchema, ...errors } } },
    async (request) => saveCommand(app.db, app.chat, null, request.body, auditActor(request), app.clock.now()),
  );

  app.put(
    '/api/admin/stream/commands/:id',
    {
      schema: {
        summary: 'Change a custom chat command',
        params: StreamCommandParamsSchema,
        body: StreamCommandInputSchema,
        response: { 200: StreamCommandResultSchema, ...errors },
      },
    },
    async (request) => saveCommand(app.db, app.chat, request.params.id, request.body, auditActor(request), app.clock.now()),
  );

  app.delete(
    '/api/admin/stream/commands/:id',
    { schema: { summary: 'Delete a custom chat command', params: StreamCommandParamsSchema, response: { 200: OkSchema, ...errors } } },
    async (request) => deleteCommand(app.db, request.params.id, auditActor(request), app.clock.now()),
  );
};

/** The chat module's routes: Kick's webhook and OAuth redirect, the profile's Kick link, the member's stream figures, and its admin block. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  // Each its own encapsulation context (the webhook keeps its raw body parser to itself).
  await app.register(kickWebhookRoutes);
  await app.register(twitchRoutes);
  await app.register(kickLinkRoutes);
  app.get(
    CALLBACK_PATH,
    {
      schema: {
        tags: ['integrations'],
        summary: "Kick's OAuth redirect: finishes connecting the channel, then back to the Stream screen",
        querystring: StreamCallbackQuerySchema,
        response: { 302: z.null().describe('To /admin/stream') },
      },
    },
    async (request, reply) => {
      const back = `${app.config.appOrigin}/admin/stream`;
      reply.clearCookie(BINDING_COOKIE, { path: CALLBACK_PATH });
      try {
        if (request.query.error) throw new AppError('INVALID_OAUTH_STATE', 'Kick did not authorize the connection.');
        await finishConnect(
          app.db,
          app.stream,
          {
            code: request.query.code,
            state: request.query.state,
            binding: request.cookies[BINDING_COOKIE],
            ip: request.ip,
            userAgent: request.headers['user-agent'] ?? null,
          },
          app.clock.now(),
        );
        return reply.redirect(`${back}?connected=1`, 302);
      } catch (error) {
        const code = error instanceof AppError ? error.code : 'INTERNAL';
        if (!(error instanceof AppError)) request.log.error({ err: error }, 'stream: connecting the channel failed');
        return reply.redirect(`${back}?error=${encodeURIComponent(code)}`, 302);
      }
    },
  );

  app.get(
    '/api/stream/summary',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['stream'],
        summary: "The signed-in user's stream points this week (dashboard)",
        security: [{ bearer: [] }],
        response: { 200: StreamSummarySchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema },
      },
    },
    async (request) => {
      const now = app.clock.now();
      const [pointsThisWeek, linked] = await Promise.all([
        streamPointsThisWeek(app.db, request.userId!, now),
        platformAccountOf(app.db, 'kick', request.userId!),
      ]);
      return { pointsThisWeek, linked: linked !== null };
    },
  );

  await app.register(chatAdminRoutes);
};
