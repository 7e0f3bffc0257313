import {
  DealOrNoDealAdminListSchema,
  DealOrNoDealCurrentSchema,
  DealOrNoDealMoveSchema,
  DealOrNoDealRoundInputSchema,
  DealOrNoDealRoundResultSchema,
  type DealOrNoDealCurrent,
  type DealOrNoDealRound,
} from '@app/shared/api/deal-or-no-deal';
import { ErrorEnvelopeSchema } from '@app/shared/api/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors } from '../../lib/error-schemas.ts';
import { IdParamsSchema } from '../../lib/params.ts';
import { adminOnly } from '../../platform/admin-scope.ts';
import { auditActor } from '../../platform/audit.ts';
import type { ReadStaleData } from '../../platform/event-bus.ts';
import { liveReadCache, sendJsonText } from '../../platform/read-cache.ts';
import { restrictionCheckOf } from '../../platform/restrictions-guard.ts';
import { perMember } from '../../plugins/rate-limit.ts';
import { optionalViewerOf } from '../auth/index.ts';
import { announceRoundResult, dealOrNoDealContestantText, dealOrNoDealOpenText } from './round-announcements.ts';
import { cancelRound } from './cancel-round.ts';
import { closeRound } from './close-round.ts';
import { createRound } from './create-round.ts';
import { joinRoundOnWeb, refuseAdminJoin } from './join-round.ts';
import { makeMove } from './make-move.ts';
import { openRound } from './open-round.ts';
import {
  contestantName,
  currentRound,
  currentRoundRow,
  DOND_READ,
  getRound,
  hasJoined,
  listRoundsForAdmin,
  present,
  roundRow,
  type DealOrNoDealRow,
} from './round-reads.ts';
import { dealOrNoDealHook } from './chat-hook.ts';

const bearer = [{ bearer: [] }];

/** Joins: one entry per round, so a burst of joins is nothing a member needs. */
const JOIN_LIMIT = perMember({ max: 10, timeWindow: 60_000 });

/** Deal or No Deal: the public board, joining and the contestant's moves; the admin's calls below. */
export const dealOrNoDealRoutes: FastifyPluginAsyncZod = async (app) => {
  app.chat.registerHook(dealOrNoDealHook);
  const announceResult = (row: DealOrNoDealRow) => announceRoundResult(app, row);
  app.decorate('dealOrNoDealAnnounce', {
    opened: (round: DealOrNoDealRound) =>
      void app.stream.announce(
        dealOrNoDealOpenText(round.roundNumber, round.total, round.values.length, app.config.appOrigin, round.fairness.serverSeedHash ?? ''),
        'dealornodeal',
      ),
    contestant: async (round: DealOrNoDealRound) => {
      const row = await roundRow(app.db, round.id);
      if (row?.contestantId)
        void app.stream.announce(dealOrNoDealContestantText(row.roundNumber, await contestantName(app.db, row), row.entrantUids?.length ?? 0), 'dealornodeal');
    },
    result: announceResult,
  });

  const viewerOf = (authorization: string | undefined) => optionalViewerOf(app, authorization);
  // The public round as everyone sees it, cached (platform/read-cache.ts): dropped by the round's
  // event and a join's read_stale from any server, and by an admin's act through this one. What is
  // the caller's own (entered, isContestant) is read per request.
  const cache = liveReadCache<{ json: string; roundId: string | null; contestantId: string | null }>(app, (event) =>
    event.name === 'dond' || (event.name === 'read_stale' && (event.data as ReadStaleData).read === DOND_READ) ? [DOND_READ] : null,
  );
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET' && request.routeOptions.url?.includes('dealornodeal')) cache.drop(DOND_READ);
  });

  app.get(
    '/api/dealornodeal',
    {
      schema: {
        tags: ['dealornodeal'],
        summary: 'The Deal or No Deal round open or in play, else the last one that ended (the game page and the overlay)',
        response: { 200: DealOrNoDealCurrentSchema },
      },
    },
    async (request, reply) => {
      const [shared, viewerId] = await Promise.all([
        cache.get(DOND_READ, async () => {
          const row = await currentRoundRow(app.db);
          const round = row ? await present(app.db, row, { userId: null, names: 'public' }) : null;
          return { json: JSON.stringify({ round }), roundId: row?.id ?? null, contestantId: row?.contestantId ?? null };
        }),
        viewerOf(request.headers.authorization),
      ]);
      if (!viewerId || !shared.roundId) return sendJsonText<DealOrNoDealCurrent>(reply, shared.json);
      // The contestant sees their own name unmasked: their answer is read whole.
      if (viewerId === shared.contestantId) return { round: await currentRound(app.db, viewerId) };
      const entered = await hasJoined(app.db, shared.roundId, viewerId);
      // {"round":{...}}: the caller's own fields go at the end of the round's object.
      return sendJsonText<DealOrNoDealCurrent>(reply, `${shared.json.slice(0, -2)},"entered":${entered},"isContestant":false}}`);
    },
  );

  app.get(
    '/api/dealornodeal/rounds/:id',
    {
      schema: {
        tags: ['dealornodeal'],
        summary: 'One Deal or No Deal round (its seed once it has ended)',
        params: IdParamsSchema,
        response: { 200: DealOrNoDealRoundResultSchema, 400: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request) => ({ round: await getRound(app.db, request.params.id, await viewerOf(request.headers.authorization)) }),
  );

  app.post(
    '/api/dealornodeal/rounds/:id/join',
    {
      onRequest: app.authenticate,
      preHandler: app.requireVerified,
      config: { requireUnrestricted: 'dealornodeal', rateLimit: JOIN_LIMIT },
      schema: {
        tags: ['dealornodeal'],
        summary: 'Join the round open for entries (once; a Deal or No Deal ban refuses it; admins run the game and cannot join)',
        security: bearer,
        params: IdParamsSchema,
        response: { 201: DealOrNoDealRoundResultSchema, ...commonErrors, 429: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const at = app.clock.now();
      await refuseAdminJoin(app.db, request.params.id, request.userId!, auditActor(request), at);
      const round = await joinRoundOnWeb(app.db, { roundId: request.params.id, userId: request.userId!, at, restriction: restrictionCheckOf(request, at) });
      return reply.code(201).send({ round });
    },
  );

  app.post(
    '/api/dealornodeal/rounds/:id/move',
    {
      onRequest: app.authenticate,
      preHandler: app.requireVerified,
      // A contestant restricted mid-round moves no more: the round ends with no prize (makeMove).
      config: { requireUnrestricted: 'dealornodeal' },
      schema: {
        tags: ['dealornodeal'],
        summary: "The contestant's move: pick a case, open a case, Deal, No Deal, or keep/swap at the end",
        description:
          'A contestant whom a restriction blocks from Deal or No Deal (its ban, a timeout, a permanent ban) gets 403 RESTRICTED, and the round ends there with no prize (result.reason "restricted").',
        security: bearer,
        params: IdParamsSchema,
        body: DealOrNoDealMoveSchema,
        response: { 200: DealOrNoDealRoundResultSchema, ...commonErrors },
      },
    },
    async (request) => {
      const now = app.clock.now();
      const { round, finished, refusal } = await makeMove(app.db, {
        roundId: request.params.id,
        userId: request.userId!,
        move: request.body,
        now,
        restriction: restrictionCheckOf(request, now),
      });
      if (finished) {
        const row = await roundRow(app.db, round.id);
        if (row) await announceResult(row);
      }
      // The round's end has committed; the move itself is refused.
      if (refusal) throw refusal;
      return { round };
    },
  );

  await app.register(dealOrNoDealAdminRoutes);
};

/** The admin's Deal or No Deal calls (guarded and tagged once by adminOnly). Every act is audited. */
const dealOrNoDealAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  adminOnly(app);

  app.get(
    '/api/admin/dealornodeal',
    {
      schema: {
        summary: 'The latest Deal or No Deal rounds (drafts included, names unmasked)',
        response: { 200: DealOrNoDealAdminListSchema, 401: commonErrors[401], 403: commonErrors[403] },
      },
    },
    async () => ({ rounds: await listRoundsForAdmin(app.db) }),
  );

  app.post(
    '/api/admin/dealornodeal/rounds',
    {
      schema: {
        summary: 'Create a Deal or No Deal round (a draft) from 16 or 26 case values; one round at a time',
        body: DealOrNoDealRoundInputSchema,
        response: { 201: DealOrNoDealRoundResultSchema, ...commonErrors },
      },
    },
    async (request, reply) => reply.code(201).send({ round: await createRound(app.db, request.body.values, auditActor(request), app.clock.now()) }),
  );

  app.post(
    '/api/admin/dealornodeal/rounds/:id/open',
    {
      schema: {
        summary: 'Open a draft round for entries (publishes its seed hash)',
        params: IdParamsSchema,
        response: { 200: DealOrNoDealRoundResultSchema, ...commonErrors },
      },
    },
    async (request) => {
      const round = await openRound(app.db, request.params.id, auditActor(request), app.clock.now());
      app.dealOrNoDealAnnounce.opened(round);
      return { round };
    },
  );

  app.post(
    '/api/admin/dealornodeal/rounds/:id/close',
    {
      schema: {
        summary: 'Close entries: one contestant drawn with the raffle draw (no entrant: the round is cancelled)',
        params: IdParamsSchema,
        response: { 200: DealOrNoDealRoundResultSchema, ...commonErrors },
      },
    },
    async (request) => {
      const { round } = await closeRound(app.db, request.params.id, auditActor(request), app.clock.now());
      await app.dealOrNoDealAnnounce.contestant(round);
      return { round };
    },
  );

  app.post(
    '/api/admin/dealornodeal/rounds/:id/cancel',
    {
      schema: {
        summary: 'Cancel a round that has not ended (no prize; the seed is revealed)',
        params: IdParamsSchema,
        response: { 200: DealOrNoDealRoundResultSchema, ...commonErrors },
      },
    },
    async (request) => ({ round: await cancelRound(app.db, request.params.id, auditActor(request), app.clock.now()) }),
  );
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The bot's Deal or No Deal lines (deal-or-no-deal/routes.ts). */
    dealOrNoDealAnnounce: {
      opened: (round: DealOrNoDealRound) => void;
      contestant: (round: DealOrNoDealRound) => Promise<void>;
      result: (row: DealOrNoDealRow) => Promise<void>;
    };
  }
}
