import { HealthResponseSchema } from '@app/shared/api/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from '../../db/client.ts';
import { appVersion } from '../../lib/paths.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { tags: ['health'], summary: 'Liveness and database check', response: { 200: HealthResponseSchema } } },
    async () => {
      await pingDatabase(app.db);
      return { ok: true as const, db: app.dbKind, version: appVersion };
    },
  );
};
