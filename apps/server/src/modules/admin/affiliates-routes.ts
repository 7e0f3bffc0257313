import {
  AffiliateInputSchema,
  AffiliateListQuerySchema,
  AffiliateListSchema,
  AffiliatePayoutInputSchema,
  AffiliatePayoutListSchema,
  AffiliatePayoutResultSchema,
  AffiliateResultSchema,
} from '@app/shared/api/admin-affiliates';
import { DeletedSchema } from '@app/shared/api/admin-leaderboards';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors, guarded } from '../../lib/error-schemas.ts';
import { IdempotencyHeadersSchema, IdParamsSchema } from '../../lib/params.ts';
import { auditActor } from '../../platform/audit.ts';
import { runIdempotent } from '../../platform/idempotency.ts';
import { actingAdmin } from './acting-admin.ts';
import { createAffiliate, deleteAffiliate, getAffiliate, listAffiliates, listPayouts, recordPayout, updateAffiliate } from './affiliates-service.ts';

/** Affiliates and payouts (spec 2 §2, §3); guarded and tagged by adminRoutes. */
export const affiliateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/affiliates',
    {
      schema: {
        summary: 'Affiliates (optionally one partner) and the three summary figures',
        querystring: AffiliateListQuerySchema,
        response: { 200: AffiliateListSchema, ...guarded },
      },
    },
    async (request) => listAffiliates(app.db, request.query.partner),
  );

  app.get(
    '/api/admin/affiliates/:id',
    {
      schema: {
        summary: 'One affiliate',
        params: IdParamsSchema,
        response: { 200: AffiliateResultSchema, ...guarded, 404: commonErrors[404] },
      },
    },
    async (request) => ({ affiliate: await getAffiliate(app.db, request.params.id) }),
  );

  app.post(
    '/api/admin/affiliates',
    {
      schema: {
        summary: 'Add an affiliate',
        body: AffiliateInputSchema,
        response: { 201: AffiliateResultSchema, ...guarded },
      },
    },
    async (request, reply) => {
      const affiliate = await createAffiliate(app.db, request.body, auditActor(request), app.clock.now());
      return reply.code(201).send({ affiliate });
    },
  );

  app.put(
    '/api/admin/affiliates/:id',
    {
      schema: {
        summary: 'Replace an affiliate (the whole form; status Pending, Active or Suspended)',
        params: IdParamsSchema,
        body: AffiliateInputSchema,
        response: { 200: AffiliateResultSchema, ...guarded, 404: commonErrors[404] },
      },
    },
    async (request) => ({ affiliate: await updateAffiliate(app.db, request.params.id, request.body, auditActor(request), app.clock.now()) }),
  );

  app.delete(
    '/api/admin/affiliates/:id',
    {
      schema: {
        summary: 'Delete an affiliate and its payout records',
        params: IdParamsSchema,
        response: { 200: DeletedSchema, ...guarded, 404: commonErrors[404] },
      },
    },
    async (request) => deleteAffiliate(app.db, request.params.id, auditActor(request), app.clock.now()),
  );

  app.get(
    '/api/admin/affiliates/:id/payouts',
    {
      schema: {
        summary: "An affiliate's recorded payouts, newest first (the Payouts tab)",
        params: IdParamsSchema,
        response: { 200: AffiliatePayoutListSchema, ...guarded, 404: commonErrors[404] },
      },
    },
    async (request) => ({ payouts: await listPayouts(app.db, request.params.id) }),
  );

  app.post(
    '/api/admin/affiliates/:id/payouts',
    {
      schema: {
        summary: 'Process Payout: record a payout to the affiliate',
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: AffiliatePayoutInputSchema,
        response: { 201: AffiliatePayoutResultSchema, ...commonErrors },
      },
    },
    async (request, reply) =>
      // A double-clicked Process Payout with one Idempotency-Key records one payout.
      runIdempotent(app, request, reply, async (tx) => ({
        status: 201,
        body: { payout: await recordPayout(tx, request.params.id, request.body, actingAdmin(request), app.clock.now()) },
      })),
  );
};
