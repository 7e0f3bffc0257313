import { ErrorEnvelopeSchema } from '@app/shared/api/errors';
import {
  type EnterRaffleResult,
  AdminRaffleEntriesSchema,
  EnterRaffleResultSchema,
  RaffleInputSchema,
  RaffleListSchema,
  RaffleResultSchema,
} from '@app/shared/api/raffles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOnly } from '../../platform/admin-scope.ts';
import { z } from 'zod';
import { commonErrors } from '../../lib/error-schemas.ts';
import { IdempotencyHeadersSchema, IdParamsSchema } from '../../lib/params.ts';
import { idempotencyKeyOf, requestFingerprint, runIdempotent } from '../../platform/idempotency.ts';
import { announceRaffleEntries } from './announce-entries.ts';
import { createRaffle } from './create-raffle.ts';
import { deleteRaffle } from './delete-raffle.ts';
import { drawRaffleNow } from './draw-raffle.ts';
import { enterRaffle } from './enter-raffle.ts';
import { getRaffle, listEntries, listRaffles } from './raffle-reads.ts';
import { updateRaffle } from './update-raffle.ts';
import { auditActor } from '../../platform/audit.ts';
import { EntryBatcher } from './entry-batcher.ts';
import { optionalViewerOf } from '../auth/index.ts';
import { restrictionCheckOf } from '../../platform/restrictions-guard.ts';
import { rafflesCommand } from './chat-commands.ts';

const bearer = [{ bearer: [] }];

export const raffleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.chat.registerCommand(rafflesCommand);
  // The common-case entries, sent in batches while earlier ones run (entry-batcher.ts).
  const entries = new EntryBatcher(app.db, {
    announce: (ids) => announceRaffleEntries(app.db, ids).catch((error: unknown) => app.log.warn({ err: error }, 'raffle entry counts not announced')),
  });
  app.addHook('onClose', async () => {
    await entries.announcing;
  });

  const viewerOf = (authorization: string | undefined) => optionalViewerOf(app, authorization);

  app.get(
    '/api/raffles',
    {
      schema: {
        tags: ['raffles'],
        summary: 'Every raffle with its status; `entered` for a signed-in caller',
        response: { 200: RaffleListSchema },
      },
    },
    async (request) => ({
      raffles: await listRaffles(app.db, await viewerOf(request.headers.authorization), app.clock.now()),
    }),
  );

  app.get(
    '/api/raffles/:id',
    {
      schema: {
        tags: ['raffles'],
        summary: 'One raffle',
        params: IdParamsSchema,
        response: { 200: RaffleResultSchema, 400: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request) => ({
      raffle: await getRaffle(app.db, request.params.id, await viewerOf(request.headers.authorization), app.clock.now()),
    }),
  );

  app.post(
    '/api/raffles/:id/enter',
    {
      // The token only: the one-statement entry checks the account (verified) and the token's session
      // (live) in its own SQL; the general path runs the full requireVerified guard first.
      onRequest: app.verifyAccessTokenOnly,
      config: { requireUnrestricted: 'raffle' },
      schema: {
        tags: ['raffles'],
        summary: 'Enter an active raffle (the entry cost through the ledger)',
        security: bearer,
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        response: { 201: EnterRaffleResultSchema, ...commonErrors },
      },
    },
    async (request, reply) => {
      const at = app.clock.now();
      const restriction = restrictionCheckOf(request, at);
      // The common case in one statement; anything else (or no key) takes the general path.
      const key = idempotencyKeyOf(request);
      if (key) {
        const entered = await entries.enter({
          userId: request.userId!,
          sessionId: request.sessionId!,
          raffleId: request.params.id,
          key,
          fingerprint: requestFingerprint(request),
          at,
          feature: restriction.feature,
        });
        // The stored answer's JSON text as PostgreSQL wrote it: a string with a JSON content type is
        // sent as it is (Fastify neither parses nor serialises it again).
        if (entered)
          return reply
            .code(201)
            .type('application/json; charset=utf-8')
            .send(entered as unknown as EnterRaffleResult);
      }
      await app.requireVerified(request, reply);
      return runIdempotent(app, request, reply, async (tx) => ({
        status: 201,
        body: await enterRaffle(tx, {
          userId: request.userId!,
          points: request.currentUser!.points,
          raffleId: request.params.id,
          at,
          restriction,
        }),
      }));
    },
  );

  await app.register(raffleAdminRoutes);
};

/** The admin's calls of this module (guarded and tagged once by adminOnly). */
const raffleAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  adminOnly(app);

  app.get(
    '/api/admin/raffles',
    {
      schema: {
        summary: 'Every raffle, all statuses (the admin Raffles screen)',
        response: { 200: RaffleListSchema, 401: commonErrors[401], 403: commonErrors[403] },
      },
    },
    async () => ({ raffles: await listRaffles(app.db, null, app.clock.now(), 'admin') }),
  );

  app.post(
    '/api/admin/raffles',
    {
      schema: {
        summary: 'Create a raffle (its seed commitment is made now)',
        body: RaffleInputSchema,
        response: { 201: RaffleResultSchema, 400: commonErrors[400], 401: commonErrors[401], 403: commonErrors[403] },
      },
    },
    async (request, reply) => {
      const raffle = await createRaffle(app.db, request.body, auditActor(request), app.clock.now());
      return reply.code(201).send({ raffle });
    },
  );

  app.put(
    '/api/admin/raffles/:id',
    {
      schema: {
        summary: 'Replace a raffle (the cost of a raffle with entries cannot change)',
        params: IdParamsSchema,
        body: RaffleInputSchema,
        response: { 200: RaffleResultSchema, ...commonErrors },
      },
    },
    async (request) => ({ raffle: await updateRaffle(app.db, request.params.id, request.body, auditActor(request), app.clock.now()) }),
  );

  app.delete(
    '/api/admin/raffles/:id',
    {
      schema: {
        summary: 'Delete a raffle nobody entered',
        params: IdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...commonErrors },
      },
    },
    async (request, reply) => {
      await deleteRaffle(app.db, request.params.id, auditActor(request), app.clock.now());
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/admin/raffles/:id/entries',
    {
      schema: {
        summary: 'The entries of a raffle, in entry order',
        params: IdParamsSchema,
        response: { 200: AdminRaffleEntriesSchema, ...commonErrors },
      },
    },
    async (request) => ({ entries: await listEntries(app.db, request.params.id) }),
  );

  app.post(
    '/api/admin/raffles/:id/draw',
    {
      schema: {
        summary: 'Draw an ended raffle now (the scheduled job does it too); once only',
        params: IdParamsSchema,
        response: { 200: RaffleResultSchema, ...commonErrors },
      },
    },
    async (request) => ({ raffle: await drawRaffleNow(app.db, request.params.id, auditActor(request), app.clock.now()) }),
  );
};
