import { AdminOverviewSchema } from '@app/shared/api/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors } from '../../lib/error-schemas.ts';
import { overview } from './overview-service.ts';

/** The Overview tab's figures (spec 2 §2); guarded and tagged by adminRoutes. */
export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/overview',
    {
      schema: {
        summary: 'Overview figures against 30 days earlier, system status and bot switches',
        response: { 200: AdminOverviewSchema, 401: commonErrors[401], 403: commonErrors[403] },
      },
    },
    async () => overview(app.db, app.dbKind, app.clock.now()),
  );
};
