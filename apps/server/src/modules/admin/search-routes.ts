import { SearchQuerySchema, SearchResponseSchema } from '@app/shared/api/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guarded } from '../../lib/error-schemas.ts';
import { search } from './search-service.ts';

/** Quick Search (spec 2 §2 floating quick-action button); guarded and tagged by adminRoutes. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/search',
    {
      schema: {
        summary: 'Quick Search over one category with its filters and a From/To range',
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema, ...guarded },
      },
    },
    async (request) => search(app.db, request.query, app.clock.now()),
  );
};
