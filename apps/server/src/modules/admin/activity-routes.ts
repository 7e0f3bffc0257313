import { AuditPageSchema, AuditQuerySchema } from '@app/shared/api/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guarded } from './admin-errors.ts';
import { listAudit } from './audit-log.ts';

/** The audit log as Latest Activity (spec 2 §2); guarded and tagged by adminRoutes. */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/activity',
    {
      schema: {
        summary: 'The audit log (Latest Activity), newest first, optionally one type',
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema, ...guarded },
      },
    },
    async (request) => listAudit(app.db, request.query),
  );
};
