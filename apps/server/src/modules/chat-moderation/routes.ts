import { ChatModerationSettingsSchema, ChatModerationStateSchema } from '@app/shared/api/chat-moderation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors } from '../../lib/error-schemas.ts';
import { adminOnly } from '../../platform/admin-scope.ts';
import { auditActor } from '../../platform/audit.ts';
import { chatModerationState, saveChatModerationSettings } from './moderation-service.ts';
import { moderationHook } from './chat-hook.ts';

/** Chat moderation's chat hook and its admin calls (its job is in jobs.ts). */
export const chatModerationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.chat.registerHook(moderationHook);
  await app.register(chatModerationAdminRoutes);
};

/** The admin's calls (guarded and tagged once by adminOnly). */
const chatModerationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  adminOnly(app);

  app.get(
    '/api/admin/stream/moderation',
    {
      schema: {
        summary: "Chat moderation: the settings, whether the 'moderation' switch is on, the bot's recent acts",
        response: { 200: ChatModerationStateSchema, 401: commonErrors[401], 403: commonErrors[403] },
      },
    },
    async () => chatModerationState(app.db),
  );

  app.put(
    '/api/admin/stream/moderation',
    {
      schema: {
        summary: 'Save the chat moderation settings (blocked words and phrases, links, allowed domains, timeouts, window; audited)',
        body: ChatModerationSettingsSchema,
        response: { 200: ChatModerationStateSchema, 400: commonErrors[400], 401: commonErrors[401], 403: commonErrors[403] },
      },
    },
    async (request) => saveChatModerationSettings(app.db, request.body, auditActor(request), app.clock.now()),
  );
};
