import { AdminPointsBodySchema, AdminPointsResultSchema, LedgerCheckSchema, LedgerPageSchema, LedgerQuerySchema } from '@app/shared/api/points';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOnly } from '../../platform/admin-scope.ts';
import { commonErrors } from '../../lib/error-schemas.ts';
import { IdempotencyHeadersSchema, IdParamsSchema } from '../../lib/params.ts';
import { runIdempotent } from '../../platform/idempotency.ts';
import { auditActor } from '../../platform/audit.ts';
import { adjustPoints, checkLedger, ledgerPage, refuseOwnPoints } from './points-service.ts';

export const pointsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/points/ledger',
    {
      onRequest: app.loadUser,
      schema: {
        tags: ['points'],
        summary: 'Your points ledger, newest first',
        security: [{ bearer: [] }],
        querystring: LedgerQuerySchema,
        response: { 200: LedgerPageSchema, 400: commonErrors[400], 401: commonErrors[401] },
      },
    },
    async (request) => ledgerPage(app.db, request.userId!, request.query),
  );

  await app.register(pointsAdminRoutes);
};

/** The admin's calls of this module (guarded and tagged once by adminOnly). */
const pointsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  adminOnly(app);

  app.get(
    '/api/admin/ledger/check',
    {
      schema: {
        summary: 'Recompute every balance from the ledger (reconciliation)',
        response: { 200: LedgerCheckSchema, 401: commonErrors[401], 403: commonErrors[403] },
      },
    },
    async () => checkLedger(app.db),
  );

  app.post(
    '/api/admin/users/:id/points',
    {
      schema: {
        summary: 'Grant (amount > 0) or revoke (amount < 0) points through the ledger; 403 OWN_ACCOUNT_ACT on your own account (audited)',
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: AdminPointsBodySchema,
        response: { 200: AdminPointsResultSchema, ...commonErrors },
      },
    },
    async (request, reply) => {
      await refuseOwnPoints(app.db, request.params.id, request.body, auditActor(request), app.clock.now());
      return runIdempotent(app, request, reply, async (tx) => ({
        status: 200,
        body: await adjustPoints(tx, request.params.id, request.body, auditActor(request), app.clock.now()),
      }));
    },
  );
};
