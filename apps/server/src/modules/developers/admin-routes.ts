import {
  ApiTokenInputSchema,
  ApiTokenListSchema,
  CreatedApiTokenSchema,
  CreatedWebhookSchema,
  DeliveryListSchema,
  DeliveryParamsSchema,
  DeliveryResultSchema,
  WebhookInputSchema,
  WebhookListSchema,
  WebhookPatchSchema,
  WebhookResultSchema,
  PointsImportQuerySchema,
  PointsImportResultSchema,
} from '@app/shared/api/developers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonErrors, guarded } from '../../lib/error-schemas.ts';
import { IdParamsSchema } from '../../lib/params.ts';
import { adminOnly } from '../../platform/admin-scope.ts';
import { auditActor } from '../../platform/audit.ts';
import { secretBox, secretsKeyOf } from '../../platform/secret-box.ts';
import { createApiToken } from './create-api-token.ts';
import { createWebhook } from './create-webhook.ts';
import { exportPoints } from './export-points.ts';
import { importPoints } from './import-points.ts';
import { deliveryContextOf } from './jobs.ts';
import { redeliver, sendTestPing } from './redeliver.ts';
import { sendDueDeliveries } from './send-deliveries.ts';
import { deleteWebhook, updateWebhook } from './update-webhook.ts';
import { listDeliveries, listWebhooks } from './webhook-reads.ts';
import { listApiTokens } from './developer-reads.ts';
import { revokeApiToken } from './revoke-api-token.ts';

/** The Developers screen's calls: API tokens and webhooks (guarded and tagged once by adminOnly). */
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

  const box = secretBox(secretsKeyOf(app.config));
  const allowPrivate = app.config.webhooksAllowPrivate;
  const ok = z.object({ ok: z.literal(true) });
  // The admin waits for nothing: the job sends; this only starts it early (the lease keeps it once).
  const sendSoon = () => app.backgroundWork.run('webhook delivery', async () => void (await sendDueDeliveries(deliveryContextOf(app), app.clock.now())));

  app.post(
    '/api/admin/webhooks',
    {
      schema: {
        operationId: 'adminCreateWebhook',
        summary: 'Add an outgoing webhook (the signing secret is in this answer only); 400 WEBHOOK_URL_NOT_ALLOWED for a private or metadata address; audited',
        body: WebhookInputSchema,
        response: { 201: CreatedWebhookSchema, ...guarded },
      },
    },
    async (request, reply) => reply.code(201).send(await createWebhook(app.db, request.body, { box, allowPrivate }, auditActor(request), app.clock.now())),
  );

  app.get(
    '/api/admin/webhooks',
    { schema: { operationId: 'adminListWebhooks', summary: 'The outgoing webhooks (never their secrets)', response: { 200: WebhookListSchema, ...guarded } } },
    async () => listWebhooks(app.db),
  );

  app.patch(
    '/api/admin/webhooks/:id',
    {
      schema: {
        operationId: 'adminUpdateWebhook',
        summary: 'Turn a webhook on or off, change its events or URL; audited',
        params: IdParamsSchema,
        body: WebhookPatchSchema,
        response: { 200: WebhookResultSchema, ...guarded, 404: commonErrors[404] },
      },
    },
    async (request) => ({ webhook: await updateWebhook(app.db, request.params.id, request.body, allowPrivate, auditActor(request), app.clock.now()) }),
  );

  app.delete(
    '/api/admin/webhooks/:id',
    {
      schema: {
        operationId: 'adminDeleteWebhook',
        summary: 'Delete a webhook and its delivery log; audited',
        params: IdParamsSchema,
        response: { 200: ok, ...guarded, 404: commonErrors[404] },
      },
    },
    async (request) => {
      await deleteWebhook(app.db, request.params.id, auditActor(request), app.clock.now());
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/webhooks/:id/test',
    {
      schema: {
        operationId: 'adminTestWebhook',
        summary: 'Send a ping to this webhook (a delivery in its log)',
        params: IdParamsSchema,
        response: { 202: DeliveryResultSchema, ...guarded, 404: commonErrors[404] },
      },
    },
    async (request, reply) => {
      const delivery = await sendTestPing(app.db, request.params.id, auditActor(request), app.clock.now());
      sendSoon();
      return reply.code(202).send({ delivery });
    },
  );

  app.get(
    '/api/admin/webhooks/:id/deliveries',
    {
      schema: {
        operationId: 'adminListWebhookDeliveries',
        summary: "The webhook's newest 100 deliveries",
        params: IdParamsSchema,
        response: { 200: DeliveryListSchema, ...guarded, 404: commonErrors[404] },
      },
    },
    async (request) => listDeliveries(app.db, request.params.id),
  );

  app.post(
    '/api/admin/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      schema: {
        operationId: 'adminRedeliverWebhook',
        summary: 'Send a delivery again (the same webhook-id), its attempts from zero',
        params: DeliveryParamsSchema,
        response: { 202: DeliveryResultSchema, ...guarded, 404: commonErrors[404] },
      },
    },
    async (request, reply) => {
      const delivery = await redeliver(app.db, request.params.id, request.params.deliveryId, auditActor(request), app.clock.now());
      sendSoon();
      return reply.code(202).send({ delivery });
    },
  );

  // A points file arrives as text/csv (up to 20 MB: 50,000 rows and more).
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: 20 * 1024 * 1024 }, (_request, body, done) => done(null, body));

  app.post(
    '/api/admin/points/import',
    {
      bodyLimit: 20 * 1024 * 1024,
      schema: {
        operationId: 'adminImportPoints',
        summary:
          "Import points from a CSV (ours, StreamElements', Streamlabs' or BotRix's export; Content-Type text/csv); ?dryRun=true previews. Each row is credited once (the same file again credits nothing); audited",
        querystring: PointsImportQuerySchema,
        body: z.string().min(1),
        consumes: ['text/csv'],
        response: { 200: PointsImportResultSchema, ...guarded },
      },
    },
    async (request) => importPoints(app.db, request.body, request.query.dryRun === 'true', auditActor(request), app.clock.now()),
  );

  app.get(
    '/api/admin/points/export',
    {
      schema: {
        operationId: 'adminExportPoints',
        summary: 'Every member as CSV (uid, username, e-mail verified, linked accounts, points, lifetime earned), streamed; audited',
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV'), ...guarded },
      },
    },
    async (request, reply) => {
      const stream = await exportPoints(app.db, auditActor(request), app.clock.now());
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="points-${app.clock.now().toISOString().slice(0, 10)}.csv"`)
          // A stream is sent as it is (no serializer); the 200 schema documents the CSV.
          .send(stream as never)
      );
    },
  );
};
