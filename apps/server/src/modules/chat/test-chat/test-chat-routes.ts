import { TestChatInputSchema, TestChatLogSchema, TestChatResultSchema } from '@app/shared/api/stream-studio';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors } from '../../../lib/error-schemas.ts';
import { auditActor } from '../../../platform/audit.ts';
import { sendTestChat, testChatLog } from './test-chat.ts';

/** The Test chat tab's calls; guarded and tagged by the studio's admin block (../studio-routes.ts). */
export const testChatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/stream/test-chat',
    {
      schema: {
        summary: "The test chat's console: its last 100 lines (test viewers' messages, the bot's replies and acts), oldest first",
        response: { 200: TestChatLogSchema, 401: commonErrors[401], 403: commonErrors[403] },
      },
    },
    async () => testChatLog(app.db),
  );

  app.post(
    '/api/admin/stream/test-chat',
    {
      schema: {
        summary:
          "Write in chat as a test viewer: the message goes through the chat's commands and hooks; the replies come back instead of going to the platform (audited)",
        body: TestChatInputSchema,
        response: { 200: TestChatResultSchema, 400: commonErrors[400], 401: commonErrors[401], 403: commonErrors[403], 404: commonErrors[404] },
      },
    },
    async (request) =>
      sendTestChat(app.db, { chat: app.chat, input: request.body, site: app.config.appOrigin, actor: auditActor(request), now: app.clock.now() }),
  );
};
