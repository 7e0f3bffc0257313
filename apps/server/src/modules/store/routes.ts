import { ErrorEnvelopeSchema } from '@app/shared/api/errors';
import {
  AdminOrderListSchema,
  AdminOrderResultSchema,
  AdminOrdersQuerySchema,
  DeclineOrderBodySchema,
  DeleteRewardResultSchema,
  OrderListSchema,
  RedeemResultSchema,
  RewardInputSchema,
  RewardListSchema,
  RewardResultSchema,
} from '@app/shared/api/store';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOnly } from '../../platform/admin-scope.ts';
import { commonErrors } from '../../lib/error-schemas.ts';
import { IdempotencyHeadersSchema, IdParamsSchema } from '../../lib/params.ts';
import { runIdempotent } from '../../platform/idempotency.ts';
import {
  approveOrder,
  refuseOwnOrder,
  createReward,
  declineOrder,
  deleteReward,
  listActiveRewards,
  listAllRewards,
  listOrdersForAdmin,
  listOwnOrders,
  redeemReward,
  updateReward,
} from './store-service.ts';
import { auditActor } from '../../platform/audit.ts';
import { restrictionCheckOf } from '../../platform/restrictions-guard.ts';

const bearer = [{ bearer: [] }];

export const storeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/store/rewards',
    {
      schema: { tags: ['store'], summary: 'The Points Store catalogue (active rewards)', response: { 200: RewardListSchema } },
    },
    async () => ({ rewards: await listActiveRewards(app.db) }),
  );

  app.post(
    '/api/store/rewards/:id/redeem',
    {
      onRequest: app.requireVerified,
      config: { requireUnrestricted: 'points_store' },
      schema: {
        tags: ['store'],
        summary: 'Redeem a reward: a pending order, the price spent and one unit of stock taken',
        security: bearer,
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        response: { 201: RedeemResultSchema, ...commonErrors },
      },
    },
    async (request, reply) =>
      runIdempotent(app, request, reply, async (tx) => {
        const at = app.clock.now();
        const restriction = restrictionCheckOf(request, at);
        return { status: 201, body: await redeemReward(tx, { userId: request.userId!, rewardId: request.params.id, at, restriction }) };
      }),
  );

  app.get(
    '/api/store/orders',
    {
      onRequest: app.loadUser,
      schema: {
        tags: ['store'],
        summary: 'Your orders, newest first',
        security: bearer,
        response: { 200: OrderListSchema, 401: ErrorEnvelopeSchema },
      },
    },
    async (request) => ({ orders: await listOwnOrders(app.db, request.userId!) }),
  );

  await app.register(storeAdminRoutes);
};

/** The admin's calls of this module (guarded and tagged once by adminOnly). */
const storeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  adminOnly(app);

  app.get(
    '/api/admin/orders',
    {
      schema: {
        summary: 'Store orders, newest first, optionally by status',
        querystring: AdminOrdersQuerySchema,
        response: { 200: AdminOrderListSchema, 400: commonErrors[400], 401: commonErrors[401], 403: commonErrors[403] },
      },
    },
    async (request) => ({ orders: await listOrdersForAdmin(app.db, request.query.status) }),
  );

  app.post(
    '/api/admin/orders/:id/approve',
    {
      schema: {
        summary: 'Approve a pending order (→ paid); 403 OWN_ACCOUNT_ACT for your own order (audited)',
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        response: { 200: AdminOrderResultSchema, ...commonErrors },
      },
    },
    async (request, reply) => {
      await refuseOwnOrder(app.db, request.params.id, 'approve', auditActor(request), app.clock.now());
      return runIdempotent(app, request, reply, async (tx) => ({
        status: 200,
        body: await approveOrder(tx, request.params.id, auditActor(request), app.clock.now()),
      }));
    },
  );

  app.post(
    '/api/admin/orders/:id/decline',
    {
      schema: {
        summary: 'Decline a pending order (→ declined) and refund its points through the ledger; 403 OWN_ACCOUNT_ACT for your own order (audited)',
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: DeclineOrderBodySchema,
        response: { 200: AdminOrderResultSchema, ...commonErrors },
      },
    },
    async (request, reply) => {
      await refuseOwnOrder(app.db, request.params.id, 'decline', auditActor(request), app.clock.now());
      return runIdempotent(app, request, reply, async (tx) => ({
        status: 200,
        body: await declineOrder(tx, request.params.id, request.body.reason, auditActor(request), app.clock.now()),
      }));
    },
  );

  app.get(
    '/api/admin/rewards',
    {
      schema: {
        summary: 'Every reward, inactive ones too',
        response: { 200: RewardListSchema, 401: commonErrors[401], 403: commonErrors[403] },
      },
    },
    async () => ({ rewards: await listAllRewards(app.db) }),
  );

  app.post(
    '/api/admin/rewards',
    {
      schema: {
        summary: 'Add a reward to the store',
        body: RewardInputSchema,
        response: { 201: RewardResultSchema, 400: commonErrors[400], 401: commonErrors[401], 403: commonErrors[403] },
      },
    },
    async (request, reply) => {
      const reward = await createReward(app.db, request.body, auditActor(request), app.clock.now());
      return reply.code(201).send({ reward });
    },
  );

  app.put(
    '/api/admin/rewards/:id',
    {
      schema: {
        summary: 'Replace a reward (all fields)',
        params: IdParamsSchema,
        body: RewardInputSchema,
        response: { 200: RewardResultSchema, 400: commonErrors[400], 401: commonErrors[401], 403: commonErrors[403], 404: commonErrors[404] },
      },
    },
    async (request) => ({ reward: await updateReward(app.db, request.params.id, request.body, auditActor(request), app.clock.now()) }),
  );

  app.delete(
    '/api/admin/rewards/:id',
    {
      schema: {
        summary: 'Delete a reward, or deactivate it when it has orders or is a Level Up Reward',
        params: IdParamsSchema,
        response: { 200: DeleteRewardResultSchema, 400: commonErrors[400], 401: commonErrors[401], 403: commonErrors[403], 404: commonErrors[404] },
      },
    },
    async (request) => deleteReward(app.db, request.params.id, auditActor(request), app.clock.now()),
  );
};
