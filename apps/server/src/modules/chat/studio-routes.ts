import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOnly } from '../../platform/admin-scope.ts';
import { testChatRoutes } from './test-chat/test-chat-routes.ts';
import { timerRoutes } from './timers-routes.ts';

/** The streamer's studio: the Test chat and the Timers tabs' calls (guarded and tagged once by adminOnly). */
export const studioRoutes: FastifyPluginAsyncZod = async (app) => {
  adminOnly(app);
  await app.register(testChatRoutes);
  await app.register(timerRoutes);
};
