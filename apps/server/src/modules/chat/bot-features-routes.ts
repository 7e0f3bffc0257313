import { BotFeatureInputSchema, BotFeatureListSchema, BotFeatureParamsSchema, BotFeatureResultSchema } from '@app/shared/api/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors, guarded } from '../../lib/error-schemas.ts';
import { auditActor } from '../../platform/audit.ts';
import { listBotFeatures, setBotFeature } from './bot-features.ts';

/** The stream bot's feature switches (spec 2 §3 Bot feature); guarded and tagged by the chat module's admin block (routes.ts). */
export const botFeatureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/bot-features',
    {
      schema: {
        summary: 'The five bot features and their saved switches',
        response: { 200: BotFeatureListSchema, 401: commonErrors[401], 403: commonErrors[403] },
      },
    },
    async () => ({ features: await listBotFeatures(app.db) }),
  );

  app.put(
    '/api/admin/bot-features/:id',
    {
      schema: {
        summary: 'Switch a bot feature on or off (saved)',
        params: BotFeatureParamsSchema,
        body: BotFeatureInputSchema,
        response: { 200: BotFeatureResultSchema, ...guarded },
      },
    },
    async (request) => setBotFeature(app.db, request.params.id, request.body.status, auditActor(request), app.clock.now()),
  );
};
