import { ErrorEnvelopeSchema } from '@app/shared/api/errors';
import {
  AdminPredictionListSchema,
  AdminPredictionResultSchema,
  HuntPredictionInputSchema,
  PredictionInputSchema,
  PredictionListSchema,
  PredictionResolveSchema,
  PredictionSchema,
  StakeInputSchema,
  StakeResultSchema,
} from '@app/shared/api/predictions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors } from '../../lib/error-schemas.ts';
import { IdempotencyHeadersSchema, IdParamsSchema } from '../../lib/params.ts';
import { adminOnly } from '../../platform/admin-scope.ts';
import { auditActor } from '../../platform/audit.ts';
import { runIdempotent } from '../../platform/idempotency.ts';
import { mayTakePart } from '../../platform/own-account.ts';
import { restrictionCheckOf } from '../../platform/restrictions-guard.ts';
import { perMember } from '../../plugins/rate-limit.ts';
import { optionalViewerOf } from '../auth/index.ts';
import { onHuntStatusChanged } from '../bonus-hunts/index.ts';
import { cancelPrediction } from './cancel-prediction.ts';
import { betCommand } from './chat-commands.ts';
import { createHuntPrediction, createPrediction } from './create-prediction.ts';
import { followHunt } from './hunt-link.ts';
import { lockPrediction } from './lock-prediction.ts';
import { getPrediction, listAdminPredictions, listPredictions } from './prediction-reads.ts';
import { resolvePrediction } from './resolve-prediction.ts';
import { placeStake } from './stake.ts';
import { TotalsAnnouncer } from './totals-announcer.ts';

const bearer = [{ bearer: [] }];
const guarded = { 400: commonErrors[400], 401: commonErrors[401], 403: commonErrors[403] } as const;

/** Stakes: a member adds to one outcome a few times at most; a burst is capped. */
const STAKE_LIMIT = perMember({ max: 60, timeWindow: 60_000 });

/** Predictions: the public reads, the member's stake, the admin screen; `!bet` in chat; the hunt link. */
export const predictionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.chat.registerCommand(betCommand);
  onHuntStatusChanged.register(followHunt);
  const totals = new TotalsAnnouncer(app.db, (error) => app.log.warn({ err: error }, 'prediction totals not announced'));
  app.addHook('onClose', async () => totals.close());

  app.get(
    '/api/predictions',
    {
      schema: {
        tags: ['predictions'],
        summary: 'The running prediction (open or locked) and the 20 newest; your own stakes when signed in',
        response: { 200: PredictionListSchema },
      },
    },
    async (request) => listPredictions(app.db, await optionalViewerOf(app, request.headers.authorization)),
  );

  app.get(
    '/api/predictions/:id',
    {
      schema: {
        tags: ['predictions'],
        summary: 'One prediction: outcomes with pool totals, percentages and stake counts, the top stakes (masked), your own stake when signed in',
        params: IdParamsSchema,
        response: { 200: PredictionSchema, 400: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request) => getPrediction(app.db, request.params.id, await optionalViewerOf(app, request.headers.authorization)),
  );

  app.post(
    '/api/predictions/:id/stakes',
    {
      onRequest: app.requireVerified,
      // A stake can win points: the restrictions that block raffles refuse it.
      config: { requireUnrestricted: 'raffle', rateLimit: STAKE_LIMIT },
      schema: {
        tags: ['predictions'],
        summary:
          'Stake points on one outcome (Idempotency-Key); a second stake on it adds to it. 400 outside min/max, 409 PREDICTION_LOCKED, PREDICTION_OTHER_OUTCOME or INSUFFICIENT_POINTS, 403 for admins and restricted members',
        security: bearer,
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: StakeInputSchema,
        response: { 201: StakeResultSchema, ...guarded, 404: commonErrors[404], 409: commonErrors[409], 422: commonErrors[422], 429: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const now = app.clock.now();
      const predictionId = request.params.id;
      await mayTakePart(app.db, request.userId!, now, {
        actor: auditActor(request),
        action: 'prediction_stake.place',
        targetType: 'prediction',
        targetId: predictionId,
        summary: 'stake on a prediction',
        message: 'Admins run the predictions and cannot stake on them.',
      });
      const sent = await runIdempotent(app, request, reply, async (tx) => ({
        status: 201,
        body: await placeStake(tx, { predictionId, userId: request.userId!, stake: request.body, now, restriction: restrictionCheckOf(request, now) }),
      }));
      if (reply.statusCode === 201) totals.touch(predictionId);
      return sent;
    },
  );

  await app.register(predictionAdminRoutes);
};

/** The admin's Predictions screen (guarded and tagged once by adminOnly). Every act is audited. */
const predictionAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  adminOnly(app);
  const notFound = { 404: commonErrors[404], 409: commonErrors[409] } as const;

  app.get(
    '/api/admin/predictions',
    { schema: { summary: 'The 50 newest predictions', response: { 200: AdminPredictionListSchema, 401: commonErrors[401], 403: commonErrors[403] } } },
    async () => ({ predictions: await listAdminPredictions(app.db) }),
  );

  app.post(
    '/api/admin/predictions',
    {
      schema: {
        summary: 'Open a prediction at once; it locks when its window ends (409 PREDICTION_RUNNING while another runs; audited)',
        body: PredictionInputSchema,
        response: { 201: AdminPredictionResultSchema, ...guarded, 409: commonErrors[409] },
      },
    },
    async (request, reply) => reply.code(201).send({ prediction: await createPrediction(app.db, request.body, auditActor(request), app.clock.now()) }),
  );

  app.post(
    '/api/admin/predictions/hunt/:id',
    {
      schema: {
        summary: '"Will this hunt profit?" for a collecting bonus hunt: locks when the hunt opens, resolves when it finishes (audited)',
        params: IdParamsSchema,
        body: HuntPredictionInputSchema,
        response: { 201: AdminPredictionResultSchema, ...guarded, ...notFound },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ prediction: await createHuntPrediction(app.db, request.params.id, request.body, auditActor(request), app.clock.now()) }),
  );

  app.post(
    '/api/admin/predictions/:id/lock',
    {
      schema: {
        summary: 'Lock an open prediction before its window ends (audited)',
        params: IdParamsSchema,
        response: { 200: AdminPredictionResultSchema, ...guarded, ...notFound },
      },
    },
    async (request) => ({ prediction: await lockPrediction(app.db, request.params.id, auditActor(request), app.clock.now()) }),
  );

  app.post(
    '/api/admin/predictions/:id/resolve',
    {
      schema: {
        summary: 'Resolve with the outcome that happened: the pool is paid pari-mutuel through the ledger, once (409 PREDICTION_ENDED on a repeat; audited)',
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: PredictionResolveSchema,
        response: { 200: AdminPredictionResultSchema, ...guarded, ...notFound, 422: commonErrors[422] },
      },
    },
    async (request, reply) =>
      runIdempotent(app, request, reply, async (tx) => ({
        status: 200,
        body: { prediction: await resolvePrediction(tx, request.params.id, request.body.outcomeId, auditActor(request), app.clock.now()) },
      })),
  );

  app.post(
    '/api/admin/predictions/:id/cancel',
    {
      schema: {
        summary: 'Cancel a running prediction: every stake refunded through the ledger, once (audited)',
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        response: { 200: AdminPredictionResultSchema, ...guarded, ...notFound, 422: commonErrors[422] },
      },
    },
    async (request, reply) =>
      runIdempotent(app, request, reply, async (tx) => ({
        status: 200,
        body: { prediction: await cancelPrediction(tx, request.params.id, auditActor(request), app.clock.now()) },
      })),
  );
};
