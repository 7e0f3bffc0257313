import {
  LevelParamsSchema,
  LevelRewardClaimSchema,
  LevelRewardInputSchema,
  LevelRewardListSchema,
  LevelRewardSchema,
  MyLevelRewardsSchema,
} from '@app/shared/api/level-rewards';
import { ErrorEnvelopeSchema } from '@app/shared/api/errors';
import { WAGER_IMPORT_MAX_BYTES, WagerImportQuerySchema, WagerImportResultSchema } from '@app/shared/api/wagers';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOnly } from '../../platform/admin-scope.ts';
import { z } from 'zod';
import { commonErrors } from '../../lib/error-schemas.ts';
import { auditActor } from '../../platform/audit.ts';
import { restrictionCheckOf } from '../../platform/restrictions-guard.ts';
import { perMember } from '../../plugins/rate-limit.ts';
import { claimLevelReward, deleteLevelReward, listLevelRewards, myLevelRewards, setLevelReward } from './level-rewards.ts';
import { AppError } from '../../lib/app-error.ts';
import { importWagerCsv } from './csv-import.ts';
import { wagerSyncRoutes } from './sync-routes.ts';

const RAW_BODY = Symbol('raw csv body');

/** Level Up claims: one per level (24 at most), so a member who reached many levels claims them all in a burst, and no more. */
const LEVEL_CLAIM_LIMIT = perMember({ max: 30, timeWindow: 60_000 });

/**
 * The text/csv body as the stream the import reads, or 415 for another media type; a declared
 * length over the limit is refused before a byte is read (the import counts the bytes it reads).
 */
function csvBodyOf(request: FastifyRequest): AsyncIterable<Buffer> {
  const stream = (request.body as { [RAW_BODY]?: NodeJS.ReadableStream } | undefined)?.[RAW_BODY];
  if (!stream) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as text/csv.');
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > WAGER_IMPORT_MAX_BYTES) {
    throw new AppError('BODY_TOO_LARGE', `A wager file is at most ${WAGER_IMPORT_MAX_BYTES / 1024 / 1024} MB.`);
  }
  return stream as AsyncIterable<Buffer>;
}

export const wagerRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin: the body of text/csv stays a stream that csv-parse reads as it arrives
  // (the import counts the bytes itself: Fastify's bodyLimit applies only to bodies it buffers).
  app.addContentTypeParser('text/csv', (_request, payload, done) => {
    done(null, { [RAW_BODY]: payload });
  });
  await app.register(wagerSyncRoutes);

  await app.register(wagerAdminRoutes);

  // --- Level Up Rewards ---
  app.get(
    '/api/levelup-rewards',
    { schema: { tags: ['level-rewards'], summary: 'The rewards set per level, lowest first', response: { 200: LevelRewardListSchema } } },
    async () => ({ rewards: await listLevelRewards(app.db) }),
  );

  app.get(
    '/api/levelup-rewards/mine',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['level-rewards'],
        summary: 'Your XP, level and the levels whose rewards you claimed',
        security: [{ bearer: [] }],
        response: { 200: MyLevelRewardsSchema, 401: commonErrors[401] },
      },
    },
    async (request) => myLevelRewards(app.db, request.userId!),
  );

  app.post(
    '/api/levelup-rewards/:level/claim',
    {
      onRequest: app.requireVerified,
      config: { requireUnrestricted: 'points_store', rateLimit: LEVEL_CLAIM_LIMIT },
      schema: {
        tags: ['level-rewards'],
        summary: "Claim a level's reward once (points through the ledger, or a store item as a pending 0-point order)",
        security: [{ bearer: [] }],
        params: LevelParamsSchema,
        response: { 201: LevelRewardClaimSchema, ...commonErrors, 429: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const at = app.clock.now();
      const claim = await claimLevelReward(app.db, request.userId!, request.params.level, at, restrictionCheckOf(request, at));
      return reply.code(201).send(claim);
    },
  );
};

/** The admin's calls of this module (guarded and tagged once by adminOnly). */
const wagerAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  adminOnly(app);

  app.post(
    '/api/admin/wagers/import',
    {
      schema: {
        summary: 'Import wagers from CSV (username,date,category,wagered); the same file twice changes nothing',
        description: `Body: text/csv, at most ${WAGER_IMPORT_MAX_BYTES / 1024 / 1024} MB. Lines with errors are listed and skipped; a malformed file is a 400 that changes nothing.`,
        querystring: WagerImportQuerySchema,
        consumes: ['text/csv'],
        response: {
          200: WagerImportResultSchema,
          400: commonErrors[400],
          401: commonErrors[401],
          403: commonErrors[403],
          413: commonErrors[400],
          415: commonErrors[400],
        },
      },
    },
    async (request) => importWagerCsv(app.bulkDb, csvBodyOf(request), request.query.partner, auditActor(request), app.clock.now()),
  );

  app.put(
    '/api/admin/levelup-rewards/:level',
    {
      schema: {
        summary: 'Set the reward of a level: points or an active store item (audited)',
        params: LevelParamsSchema,
        body: LevelRewardInputSchema,
        response: { 200: LevelRewardSchema, 400: commonErrors[400], 401: commonErrors[401], 403: commonErrors[403], 404: commonErrors[404] },
      },
    },
    async (request) => setLevelReward(app.db, request.params.level, request.body, auditActor(request), app.clock.now()),
  );

  app.delete(
    '/api/admin/levelup-rewards/:level',
    {
      schema: {
        summary: 'Remove the reward of a level (audited)',
        params: LevelParamsSchema,
        response: { 204: z.null(), 400: commonErrors[400], 401: commonErrors[401], 403: commonErrors[403], 404: commonErrors[404] },
      },
    },
    async (request, reply) => {
      await deleteLevelReward(app.db, request.params.level, auditActor(request), app.clock.now());
      return reply.code(204).send(null);
    },
  );
};
