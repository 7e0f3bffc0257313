import {
  V1MemberParamsSchema,
  V1MemberSchema,
  V1PointsAdjustmentResultSchema,
  V1PointsAdjustmentSchema,
  V1ViewerParamsSchema,
  V1ViewerSchema,
} from '@app/shared/api/developers';
import { HuntListSchema } from '@app/shared/api/bonus-hunts';
import { GiveawayListSchema } from '@app/shared/api/giveaways';
import { RaffleListSchema } from '@app/shared/api/raffles';
import { PublicLeaderboardSchema } from '@app/shared/api/races';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonErrors } from '../../lib/error-schemas.ts';
import { AppError } from '../../lib/app-error.ts';
import { auditActor } from '../../platform/audit.ts';
import { idempotencyKeyOf, runIdempotent } from '../../platform/idempotency.ts';
import { adjustViewerPoints } from './adjust-viewer-points.ts';
import { apiTokenGuard, PER_TOKEN_LIMIT, requireScope } from './api-token-auth.ts';
import { readMember } from './member-reads.ts';
import { readViewer } from './viewer-reads.ts';

const apiToken = [{ apiToken: [] }];
const RateLimitedSchema = commonErrors[401];
const v1Errors = { 401: commonErrors[401], 403: commonErrors[403], 429: RateLimitedSchema } as const;
const RequiredIdempotencySchema = z.looseObject({ 'idempotency-key': z.string().min(1).max(255) });
const CurrentHuntSchema = z.object({ hunt: HuntListSchema.shape.hunts.element.nullable() });

/**
 * A community read answers exactly what the public page's call answers (the same masking of
 * names): it is that call, made inside the server without the token.
 */
async function publicRead(app: FastifyInstance, url: string): Promise<unknown> {
  const res = await app.inject({ method: 'GET', url });
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
  return res.json();
}

/**
 * The public API (`/api/v1`): API tokens only (`Authorization: Bearer rh_...`), each call naming
 * the scope it needs, 600 calls a minute per token.
 */
export const v1Routes: FastifyPluginAsyncZod = async (app) => {
  app.decorateRequest('apiToken', null);
  app.decorateRequest('idempotencyScope', undefined);
  app.addHook('onRequest', apiTokenGuard(app));
  app.addHook('onRoute', (route) => {
    route.schema = { tags: ['v1'], security: apiToken, ...route.schema };
  });
  const pointsRead = requireScope('points:read');
  const pointsWrite = requireScope('points:write');
  const communityRead = requireScope('community:read');

  app.get(
    '/api/v1/viewers/:platform/:platformUserId',
    {
      config: { rateLimit: PER_TOKEN_LIMIT },
      preHandler: pointsRead,
      schema: {
        operationId: 'v1GetViewer',
        summary: "A stream viewer and their points: the linked member's balance, or the holding balance of a viewer who has not linked",
        params: V1ViewerParamsSchema,
        response: { 200: V1ViewerSchema, 400: commonErrors[400], ...v1Errors, 404: commonErrors[404] },
      },
    },
    async (request) => {
      const viewer = await readViewer(app.db, request.params.platform, request.params.platformUserId, app.clock.now());
      if (!viewer) throw new AppError('NOT_FOUND', 'This viewer has never been seen.');
      return viewer;
    },
  );

  app.post(
    '/api/v1/viewers/:platform/:platformUserId/points',
    {
      config: { rateLimit: PER_TOKEN_LIMIT },
      preHandler: pointsWrite,
      schema: {
        operationId: 'v1AdjustViewerPoints',
        summary:
          "Credit or debit a viewer's points (whole, non-zero, at most 1,000,000 either way) with a required Idempotency-Key; 409 INSUFFICIENT_POINTS when a debit would go below zero. An unlinked viewer's points go to their holding balance",
        params: V1ViewerParamsSchema,
        headers: RequiredIdempotencySchema,
        body: V1PointsAdjustmentSchema,
        response: { 200: V1PointsAdjustmentResultSchema, 400: commonErrors[400], ...v1Errors, 409: commonErrors[409], 422: commonErrors[422] },
      },
    },
    async (request, reply) => {
      if (!idempotencyKeyOf(request)) throw new AppError('VALIDATION_ERROR', 'Send an Idempotency-Key header.');
      const { platform, platformUserId } = request.params;
      return runIdempotent(app, request, reply, async (tx) => ({
        status: 200,
        body: await adjustViewerPoints(tx, { platform, platformUserId, ...request.body }, request.apiToken!, auditActor(request), app.clock.now()),
      }));
    },
  );

  app.get(
    '/api/v1/members/:uid',
    {
      config: { rateLimit: PER_TOKEN_LIMIT },
      preHandler: pointsRead,
      schema: {
        operationId: 'v1GetMember',
        summary: 'A member by uid: username, points and linked stream accounts',
        params: V1MemberParamsSchema,
        response: { 200: V1MemberSchema, 400: commonErrors[400], ...v1Errors, 404: commonErrors[404] },
      },
    },
    async (request) => readMember(app.db, request.params.uid),
  );

  app.get(
    '/api/v1/leaderboard',
    {
      config: { rateLimit: PER_TOKEN_LIMIT },
      preHandler: communityRead,
      schema: {
        operationId: 'v1GetLeaderboard',
        summary: 'The featured race standings, names masked as on the public page',
        response: { 200: PublicLeaderboardSchema, ...v1Errors },
      },
    },
    async () => publicRead(app, '/api/leaderboard') as never,
  );

  app.get(
    '/api/v1/raffles',
    {
      config: { rateLimit: PER_TOKEN_LIMIT },
      preHandler: communityRead,
      schema: { operationId: 'v1ListRaffles', summary: 'Every raffle with its status and masked winners', response: { 200: RaffleListSchema, ...v1Errors } },
    },
    async () => publicRead(app, '/api/raffles') as never,
  );

  app.get(
    '/api/v1/giveaways',
    {
      config: { rateLimit: PER_TOKEN_LIMIT },
      preHandler: communityRead,
      schema: {
        operationId: 'v1ListGiveaways',
        summary: 'Chat giveaways, live and past, with masked winners',
        response: { 200: GiveawayListSchema, ...v1Errors },
      },
    },
    async () => publicRead(app, '/api/giveaways') as never,
  );

  app.get(
    '/api/v1/bonus-hunts/current',
    {
      config: { rateLimit: PER_TOKEN_LIMIT },
      preHandler: communityRead,
      schema: {
        operationId: 'v1GetCurrentBonusHunt',
        summary: 'The live bonus hunt, or null when none runs',
        response: { 200: CurrentHuntSchema, ...v1Errors },
      },
    },
    async () => {
      const { hunts } = (await publicRead(app, '/api/bonus-hunts')) as z.infer<typeof HuntListSchema>;
      return { hunt: hunts.find((h) => h.status !== 'finished') ?? null };
    },
  );
};
