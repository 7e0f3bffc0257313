import {
  LevelParamsSchema,
  LevelRewardClaimSchema,
  LevelRewardInputSchema,
  LevelRewardListSchema,
  LevelRewardSchema,
  MyLevelRewardsSchema,
} from '@app/shared/api/level-rewards';
import { AdminStandingsSchema, LeaderboardVisibilitySchema, PrizePaidSchema, PrizeParamsSchema, PublicLeaderboardSchema, WagerSummarySchema } from '@app/shared/api/races';
import { WAGER_IMPORT_MAX_BYTES, WagerImportQuerySchema, WagerImportResultSchema } from '@app/shared/api/wagers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonErrors } from '../../lib/error-schemas.ts';
import { restrictionCheckOf } from '../../platform/restrictions-guard.ts';
import { IdParamsSchema } from '../../lib/params.ts';
import { claimLevelReward, deleteLevelReward, listLevelRewards, myLevelRewards, setLevelReward } from './level-rewards.ts';
import {
  adminStandings,
  completeDueRaces,
  getVisibility,
  markPrizePaid,
  publicLeaderboard,
  refreshStaleRaces,
  setVisibility,
  wagerSummary,
} from './races-service.ts';
import { AppError } from '../../lib/app-error.ts';
import { importWagerCsv } from './csv-import.ts';
import { wagerSyncRoutes } from './sync-routes.ts';

const RAW_BODY = Symbol('raw csv body');

export const wagerRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin: the body of text/csv stays a stream that csv-parse reads as it arrives
  // (the import counts the bytes itself: Fastify's bodyLimit applies only to bodies it buffers).
  app.addContentTypeParser('text/csv', (_request, payload, done) => {
    done(null, { [RAW_BODY]: payload });
  });
  // Before the sync's job, so one tick completes and refreshes the races before it stores new wagers.
  // A race completes once across servers (a conditional update of its status in its transaction).
  app.scheduler.register({ name: 'races.complete', run: async (now) => ({ racesCompleted: await completeDueRaces(app.bulkDb, now) }) });
  app.scheduler.register({ name: 'races.refresh', run: async (now) => void (await refreshStaleRaces(app.bulkDb, now)) });
  await app.register(wagerSyncRoutes);

  app.post(
    '/api/admin/wagers/import',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Import wagers from CSV (username,date,category,wagered); the same file twice changes nothing',
        description: `Body: text/csv, at most ${WAGER_IMPORT_MAX_BYTES / 1024 / 1024} MB. Lines with errors are listed and skipped; a malformed file is a 400 that changes nothing.`,
        security: [{ bearer: [] }],
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
    async (request) => {
      const body = request.body as { [RAW_BODY]?: NodeJS.ReadableStream } | undefined;
      const stream = body?.[RAW_BODY];
      if (!stream) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as text/csv.');
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > WAGER_IMPORT_MAX_BYTES) {
        throw new AppError('BODY_TOO_LARGE', `A wager file is at most ${WAGER_IMPORT_MAX_BYTES / 1024 / 1024} MB.`);
      }
      return importWagerCsv(app.bulkDb, stream as AsyncIterable<Buffer>, request.query.partner, app.clock.now(), {
        actorId: request.userId!,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
    },
  );

  app.get(
    '/api/leaderboard',
    {
      schema: {
        tags: ['leaderboard'],
        summary: 'The featured active monthly race: top 18 from verified wagers, usernames masked unless opted in',
        response: { 200: PublicLeaderboardSchema },
      },
    },
    async () => publicLeaderboard(app.db, app.clock.now()),
  );

  app.get(
    '/api/leaderboard/visibility',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['leaderboard'],
        summary: 'Whether your username shows unmasked on public boards',
        security: [{ bearer: [] }],
        response: { 200: LeaderboardVisibilitySchema, 401: commonErrors[401] },
      },
    },
    async (request) => getVisibility(app.db, request.userId!),
  );

  app.put(
    '/api/leaderboard/visibility',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['leaderboard'],
        summary: 'Show (or mask) your username on public boards',
        security: [{ bearer: [] }],
        body: LeaderboardVisibilitySchema,
        response: { 200: LeaderboardVisibilitySchema, 400: commonErrors[400], 401: commonErrors[401] },
      },
    },
    async (request) => setVisibility(app.db, request.userId!, request.body.showUsername),
  );

  app.get(
    '/api/admin/leaderboards/:id/standings',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "A race's standings from verified wagers (kept final standings once completed)",
        security: [{ bearer: [] }],
        params: IdParamsSchema,
        response: { 200: AdminStandingsSchema, 400: commonErrors[400], 401: commonErrors[401], 403: commonErrors[403], 404: commonErrors[404] },
      },
    },
    async (request) => adminStandings(app.db, request.params.id),
  );

  app.post(
    '/api/admin/leaderboards/:id/prizes/:position/paid',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "Mark a completed race's prize at a position paid, once (audited; 409 if already paid or the race is not completed)",
        security: [{ bearer: [] }],
        params: PrizeParamsSchema,
        response: { 200: PrizePaidSchema, 400: commonErrors[400], 401: commonErrors[401], 403: commonErrors[403], 404: commonErrors[404], 409: commonErrors[409] },
      },
    },
    async (request) => ({
      standing: await markPrizePaid(
        app.db,
        { raceId: request.params.id, position: request.params.position, at: app.clock.now() },
        { actorId: request.userId!, ip: request.ip, userAgent: request.headers['user-agent'] ?? null },
      ),
    }),
  );

  app.get(
    '/api/wagers/summary',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['wagers'],
        summary: 'Your XP, weekly and monthly verified wagers, and your place and tickets in the featured race',
        security: [{ bearer: [] }],
        response: { 200: WagerSummarySchema, 401: commonErrors[401] },
      },
    },
    async (request) => wagerSummary(app.db, request.userId!, app.clock.now()),
  );

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
      config: { requireUnrestricted: 'points_store' },
      schema: {
        tags: ['level-rewards'],
        summary: "Claim a level's reward once (points through the ledger, or a store item as a pending 0-point order)",
        security: [{ bearer: [] }],
        params: LevelParamsSchema,
        response: { 201: LevelRewardClaimSchema, ...commonErrors },
      },
    },
    async (request, reply) => {
      const at = app.clock.now();
      const claim = await claimLevelReward(app.db, request.userId!, request.params.level, at, restrictionCheckOf(request, at));
      return reply.code(201).send(claim);
    },
  );

  app.put(
    '/api/admin/levelup-rewards/:level',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Set the reward of a level: points or an active store item (audited)',
        security: [{ bearer: [] }],
        params: LevelParamsSchema,
        body: LevelRewardInputSchema,
        response: { 200: LevelRewardSchema, 400: commonErrors[400], 401: commonErrors[401], 403: commonErrors[403], 404: commonErrors[404] },
      },
    },
    async (request) =>
      setLevelReward(app.db, request.params.level, request.body, app.clock.now(), {
        actorId: request.userId!,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      }),
  );

  app.delete(
    '/api/admin/levelup-rewards/:level',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Remove the reward of a level (audited)',
        security: [{ bearer: [] }],
        params: LevelParamsSchema,
        response: { 204: z.null(), 400: commonErrors[400], 401: commonErrors[401], 403: commonErrors[403], 404: commonErrors[404] },
      },
    },
    async (request, reply) => {
      await deleteLevelReward(app.db, request.params.level, app.clock.now(), {
        actorId: request.userId!,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return reply.code(204).send(null);
    },
  );
};
