import {
  GiveawayInputSchema,
  GiveawayListSchema,
  type Giveaway,
  GiveawayResultSchema,
  GiveawayWinnerParamsSchema,
  GIVEAWAY_CLAIM_HOURS,
} from '@app/shared/api/giveaways';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors } from '../../lib/error-schemas.ts';
import { IdParamsSchema } from '../../lib/params.ts';
import { adminOnly } from '../../platform/admin-scope.ts';
import { auditActor } from '../../platform/audit.ts';
import { onEmailVerified } from '../../platform/email-verified.ts';
import type { ReadStaleData } from '../../platform/event-bus.ts';
import { liveReadCache, sendJsonText } from '../../platform/read-cache.ts';
import { closeGiveawayNow } from './close-giveaway.ts';
import { drawGiveawayNow } from './draw-giveaway.ts';
import { fulfilWinner } from './fulfil-winner.ts';
import { GIVEAWAYS_READ, giveawayRowOf, listGiveaways } from './giveaway-reads.ts';
import { payHeldPrizes } from './pay-prizes.ts';
import { redrawWinner } from './redraw-winner.ts';
import { startGiveaway } from './start-giveaway.ts';
import { giveawayHook } from './chat-hook.ts';
import { startText, winnersText } from './giveaway-announcements.ts';

/** Chat giveaways: the public list and the admin's calls (the job, close, draw and claim, is in jobs.ts). */
export const giveawayRoutes: FastifyPluginAsyncZod = async (app) => {
  app.chat.registerHook(giveawayHook);
  // Prizes held for an unverified winner are paid when the e-mail is verified.
  onEmailVerified(payHeldPrizes);

  // The public list is the same for everyone: cached (platform/read-cache.ts), dropped by a giveaway's
  // event (started, closed, drawn, a winner changed) and by an entry's read_stale, from any server.
  const cache = liveReadCache(app, (event) =>
    event.name === 'giveaway' || (event.name === 'read_stale' && (event.data as ReadStaleData).read === GIVEAWAYS_READ) ? [GIVEAWAYS_READ] : null,
  );
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET' && request.routeOptions.url?.startsWith('/api/admin/giveaways')) cache.drop(GIVEAWAYS_READ);
  });

  app.get(
    '/api/giveaways',
    {
      schema: {
        tags: ['giveaways'],
        summary: 'Chat giveaways, live and past (newest first), with masked winners and their verifiable draw data',
        response: { 200: GiveawayListSchema },
      },
    },
    async (_request, reply) =>
      sendJsonText<{ giveaways: Giveaway[] }>(
        reply,
        await cache.get(GIVEAWAYS_READ, async () => JSON.stringify({ giveaways: await listGiveaways(app.db, 'public', app.clock.now()) })),
      ),
  );

  await app.register(giveawayAdminRoutes);
};

/** The admin's calls (guarded and tagged once by adminOnly). */
const giveawayAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  adminOnly(app);

  app.get(
    '/api/admin/giveaways',
    {
      schema: {
        summary: 'Chat giveaways with plain winner names (the Stream screen)',
        response: { 200: GiveawayListSchema, 401: commonErrors[401], 403: commonErrors[403] },
      },
    },
    async () => ({ giveaways: await listGiveaways(app.db, 'admin', app.clock.now()) }),
  );

  app.post(
    '/api/admin/giveaways',
    {
      schema: {
        summary: 'Start a chat giveaway (its seed commitment is published; the bot announces it)',
        body: GiveawayInputSchema,
        response: { 201: GiveawayResultSchema, ...commonErrors },
      },
    },
    async (request, reply) => {
      const giveaway = await startGiveaway(app.db, request.body, auditActor(request), app.clock.now());
      // After the commit (announce checks the connection and the switch, and queues the line).
      const row = await giveawayRowOf(app.db, giveaway.id);
      // A test giveaway is never announced on the platform (the Test chat is where it is played).
      if (row && !row.isTest) void app.stream.announce(startText(row, app.config.appOrigin), 'giveaway');
      return reply.code(201).send({ giveaway });
    },
  );

  app.post(
    '/api/admin/giveaways/:id/close',
    {
      schema: {
        summary: 'Close entries early (fixes the entrant list; the job draws it)',
        params: IdParamsSchema,
        response: { 200: GiveawayResultSchema, ...commonErrors },
      },
    },
    async (request) => ({ giveaway: await closeGiveawayNow(app.db, request.params.id, auditActor(request), app.clock.now()) }),
  );

  app.post(
    '/api/admin/giveaways/:id/draw',
    {
      schema: {
        summary: 'Draw a closed giveaway now (the job does it too); once only',
        params: IdParamsSchema,
        response: { 200: GiveawayResultSchema, ...commonErrors },
      },
    },
    async (request) => {
      const { giveaway, drawn } = await drawGiveawayNow(app.db, request.params.id, auditActor(request), app.clock.now());
      if (!drawn.row.isTest) void app.stream.announce(winnersText(drawn, app.config.appOrigin), 'giveaway');
      return { giveaway };
    },
  );

  app.post(
    '/api/admin/giveaways/:id/winners/:winnerId/redraw',
    {
      schema: {
        summary: `Redraw an unlinked winner who did not claim within ${GIVEAWAY_CLAIM_HOURS} hours (a new verifiable round excluding earlier winners)`,
        params: GiveawayWinnerParamsSchema,
        response: { 200: GiveawayResultSchema, ...commonErrors },
      },
    },
    async (request) => {
      const { giveaway, winner } = await redrawWinner(app.db, request.params.id, request.params.winnerId, auditActor(request), app.clock.now());
      const row = await giveawayRowOf(app.db, giveaway.id);
      if (!row!.isTest) void app.stream.announce(winnersText({ row: row!, winners: [winner] }, app.config.appOrigin), 'giveaway');
      return { giveaway };
    },
  );

  app.post(
    '/api/admin/giveaways/:id/winners/:winnerId/fulfil',
    {
      schema: {
        summary: 'Mark a text prize handed over',
        params: GiveawayWinnerParamsSchema,
        response: { 200: GiveawayResultSchema, ...commonErrors },
      },
    },
    async (request) => ({ giveaway: await fulfilWinner(app.db, request.params.id, request.params.winnerId, auditActor(request), app.clock.now()) }),
  );
};
