import {
  AdminCasinoAccountListSchema,
  AdminCasinoAccountResultSchema,
  CasinoAccountCreatedSchema,
  CasinoAccountListSchema,
  LinkCasinoAccountBodySchema,
} from '@app/shared/api/casino-accounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOnly } from '../../platform/admin-scope.ts';
import { z } from 'zod';
import { commonErrors } from '../../lib/error-schemas.ts';
import { IdParamsSchema } from '../../lib/params.ts';
import { auditActor } from '../../platform/audit.ts';
import { decideAccount, linkAccount, listMyAccounts, listUserAccountsForAdmin, type Decision } from './casino-accounts-service.ts';

const AccountParamsSchema = IdParamsSchema.extend({ aid: IdParamsSchema.shape.id });

export const casinoAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/casino-accounts',
    {
      onRequest: app.loadUser,
      schema: {
        tags: ['casino-accounts'],
        summary: 'Your linked casino accounts with their wagers (USD)',
        security: [{ bearer: [] }],
        response: { 200: CasinoAccountListSchema, 401: commonErrors[401] },
      },
    },
    async (request) => ({ accounts: await listMyAccounts(app.db, request.userId!, app.clock.now()) }),
  );

  app.post(
    '/api/casino-accounts',
    {
      onRequest: app.requireVerified,
      schema: {
        tags: ['casino-accounts'],
        summary: 'Link a casino username (pending until an admin verifies it)',
        security: [{ bearer: [] }],
        body: LinkCasinoAccountBodySchema,
        response: {
          201: CasinoAccountCreatedSchema,
          400: commonErrors[400],
          401: commonErrors[401],
          403: commonErrors[403],
          409: commonErrors[409],
        },
      },
    },
    async (request, reply) => {
      const account = await linkAccount(app.db, request.userId!, request.body, app.clock.now());
      return reply.code(201).send({ account });
    },
  );

  await app.register(casinoAccountAdminRoutes);
};

/** The admin's calls of this module (guarded and tagged once by adminOnly). */
const casinoAccountAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  adminOnly(app);

  app.get(
    '/api/admin/users/:id/casino-accounts',
    {
      schema: {
        summary: "A user's casino accounts with their wagers (USD)",
        params: IdParamsSchema,
        response: { 200: AdminCasinoAccountListSchema, 400: commonErrors[400], 401: commonErrors[401], 403: commonErrors[403], 404: commonErrors[404] },
      },
    },
    async (request) => ({ accounts: await listUserAccountsForAdmin(app.db, request.params.id, app.clock.now()) }),
  );

  app.post(
    '/api/admin/users/:id/casino-accounts/:aid/:decision',
    {
      schema: {
        summary: 'Verify (credits its wagers) or reject a casino account',
        params: AccountParamsSchema.extend({ decision: z.enum(['verify', 'reject'], { error: 'Must be verify or reject' }) }),
        response: {
          200: AdminCasinoAccountResultSchema,
          400: commonErrors[400],
          401: commonErrors[401],
          403: commonErrors[403],
          404: commonErrors[404],
          409: commonErrors[409],
        },
      },
    },
    async (request) =>
      decideAccount(
        app.db,
        { userId: request.params.id, accountId: request.params.aid, decision: request.params.decision as Decision },
        auditActor(request),
        app.clock.now(),
      ),
  );
};
