import { AuditPageSchema, AuditQuerySchema } from '@app/shared/api/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listActivity } from './activity-feed.ts';
import { guarded } from '../../lib/error-schemas.ts';
import { listAudit } from './audit-log.ts';

/** Latest Activity (spec 2 §2) and the audit log of admin acts; guarded and tagged by adminRoutes. */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/activity',
    {
      schema: {
        summary:
          "Latest Activity: members joining, raffle entries and draws, points credited (per source and hour), levels reached, orders, and the admins' acts; newest first, optionally one type",
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema, ...guarded },
      },
    },
    async (request) => listActivity(app.db, request.query, app.clock.now()),
  );

  app.get(
    '/api/admin/audit',
    {
      schema: {
        summary: 'The audit log of admin acts (actor, act, target), newest first, optionally one type',
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema, ...guarded },
      },
    },
    async (request) => listAudit(app.db, request.query),
  );
};
