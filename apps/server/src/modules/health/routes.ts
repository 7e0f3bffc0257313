import { HealthResponseSchema } from '@app/shared/api/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { appVersion } from '../../lib/paths.ts';
import { DB_UNAVAILABLE_MESSAGE } from '../../plugins/errors.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', { schema: { tags: ['health'], summary: 'Liveness and database check', response: { 200: HealthResponseSchema } } }, async () => {
    try {
      await pingDatabase(app.db);
    } catch (error) {
      // The database is down (or too slow): say so, 503 with the envelope, and stay up.
      app.log.warn({ err: error }, 'health: database unavailable');
      throw new AppError('DB_UNAVAILABLE', DB_UNAVAILABLE_MESSAGE, { headers: { 'retry-after': '5' }, extra: { db: app.dbKind, database: 'down' } });
    }
    return { ok: true as const, db: app.dbKind, version: appVersion };
  });
};
