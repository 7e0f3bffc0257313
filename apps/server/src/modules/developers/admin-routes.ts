import { ApiTokenInputSchema, ApiTokenListSchema, CreatedApiTokenSchema } from '@app/shared/api/developers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonErrors, guarded } from '../../lib/error-schemas.ts';
import { IdParamsSchema } from '../../lib/params.ts';
import { adminOnly } from '../../platform/admin-scope.ts';
import { auditActor } from '../../platform/audit.ts';
import { createApiToken } from './create-api-token.ts';
import { listApiTokens } from './developer-reads.ts';
import { revokeApiToken } from './revoke-api-token.ts';

/** The Developers screen's calls: API tokens (guarded and tagged once by adminOnly). */
export const developerAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  adminOnly(app);

  app.post(
    '/api/admin/api-tokens',
    {
      schema: {
        operationId: 'adminCreateApiToken',
        summary: 'Create an API token (the token is in this answer only); audited',
        body: ApiTokenInputSchema,
        response: { 201: CreatedApiTokenSchema, ...guarded },
      },
    },
    async (request, reply) => {
      const created = await createApiToken(app.db, request.body, { ...auditActor(request), actorId: request.userId! }, app.clock.now());
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/admin/api-tokens',
    {
      schema: {
        operationId: 'adminListApiTokens',
        summary: 'The API tokens with their last use (never the secret)',
        response: { 200: ApiTokenListSchema, ...guarded },
      },
    },
    async () => listApiTokens(app.db),
  );

  app.delete(
    '/api/admin/api-tokens/:id',
    {
      schema: {
        operationId: 'adminRevokeApiToken',
        summary: 'Revoke an API token (its next call is 401); audited',
        params: IdParamsSchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...guarded, 404: commonErrors[404] },
      },
    },
    async (request) => {
      await revokeApiToken(app.db, request.params.id, auditActor(request), app.clock.now());
      return { ok: true as const };
    },
  );
};
