import { ErrorEnvelopeSchema } from '@app/shared/api/errors';
import {
  BonusGuessInputSchema,
  BonusGuessResultSchema,
  BonusInputSchema,
  BonusOrderSchema,
  BonusParamsSchema,
  BonusUpdateSchema,
  GuessInputSchema,
  GuessPageQuerySchema,
  GuessPageSchema,
  GuessResultSchema,
  HuntDetailSchema,
  type HuntDetail,
  HuntInputSchema,
  HuntListSchema,
  HuntGuessingInputSchema,
  HuntStatusInputSchema,
} from '@app/shared/api/bonus-hunts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors } from '../../lib/error-schemas.ts';
import { IdempotencyHeadersSchema, IdParamsSchema } from '../../lib/params.ts';
import { adminOnly } from '../../platform/admin-scope.ts';
import { auditActor } from '../../platform/audit.ts';
import { runIdempotent } from '../../platform/idempotency.ts';
import { restrictionCheckOf } from '../../platform/restrictions-guard.ts';
import { perMember } from '../../plugins/rate-limit.ts';
import { huntAnnouncement, type HuntMoment } from './hunt-announcements.ts';
import { createHunt } from './create-hunt.ts';
import { addBonus, removeBonus, reorderBonuses, updateBonus } from './edit-bonuses.ts';
import { submitGuess } from './guess-balance.ts';
import { submitBonusGuess } from './guess-bonus.ts';
import { ownGuesses } from './hunt-reads.ts';
import { getHunt, listGuesses, listHunts } from './list-hunts.ts';
import { refuseAdminGuess } from './refuse-admin-guess.ts';
import { setGuessing } from './set-guessing.ts';
import { setHuntStatus } from './set-hunt-status.ts';
import { liveReadCache, mergeJsonObjects, sendJsonText } from '../../platform/read-cache.ts';
import { optionalViewerOf } from '../auth/index.ts';
import { HUNT_CHAT_COMMANDS } from './chat-commands.ts';

const bearer = [{ bearer: [] }];

/** A member's guesses (the balance, a bonus's ×): changes are free, so a burst is capped per member. */
const GUESS_LIMIT = perMember({ max: 10, timeWindow: 60_000 });

export const bonusHuntRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const command of HUNT_CHAT_COMMANDS) app.chat.registerCommand(command);
  /** Public calls: a valid Bearer token adds the caller's own guess; a missing or invalid one means a visitor. */
  // The hunt's cached read is dropped by its event (a write through any server), and at once by
  // every write through this process.
  const cache = liveReadCache(app, (event) => (event.name === 'hunt' ? [(event.data as { huntId: string }).huntId] : null));
  app.addHook('onResponse', async (request) => {
    const id = (request.params as { id?: string } | undefined)?.id;
    if (id && request.method !== 'GET' && request.routeOptions.url?.includes('bonus-hunts')) cache.drop(id);
  });

  app.get(
    '/api/bonus-hunts',
    {
      schema: {
        tags: ['bonus-hunts'],
        summary: 'The live hunts, then the history (newest first), with their figures',
        response: { 200: HuntListSchema },
      },
    },
    async () => ({ hunts: await listHunts(app.db) }),
  );

  app.get(
    '/api/bonus-hunts/:id',
    {
      schema: {
        tags: ['bonus-hunts'],
        summary: 'One hunt: bonuses, live figures and, once locked, every guess',
        params: IdParamsSchema,
        response: { 200: HuntDetailSchema, 400: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      const [json, viewerId] = await Promise.all([
        cache.get(id, async () => JSON.stringify(await getHunt(app.db, id, null))),
        optionalViewerOf(app, request.headers.authorization),
      ]);
      // The cached text is everyone's; a signed-in caller's own guesses are added to it.
      return sendJsonText<HuntDetail>(reply, viewerId ? mergeJsonObjects(json, await ownGuesses(app.db, id, viewerId)) : json);
    },
  );

  app.get(
    '/api/bonus-hunts/:id/guesses',
    {
      schema: {
        tags: ['bonus-hunts'],
        summary: 'Every published guess of a hunt, 500 a page',
        params: IdParamsSchema,
        querystring: GuessPageQuerySchema,
        response: { 200: GuessPageSchema, 400: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema },
      },
    },
    async (request) => listGuesses(app.db, request.params.id, request.query.page),
  );

  app.put(
    '/api/bonus-hunts/:id/guess',
    {
      onRequest: app.authenticate,
      preHandler: app.requireVerified,
      config: { requireUnrestricted: 'guess_the_balance', rateLimit: GUESS_LIMIT },
      schema: {
        tags: ['bonus-hunts'],
        summary: "Guess the Balance: submit or change the caller's guess while the hunt is collecting",
        description:
          'Amount in integer cents. The first guess takes the entry cost (send an Idempotency-Key); changes are free. Admins run the game and cannot guess (403 OWN_ACCOUNT_ACT).',
        security: bearer,
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: GuessInputSchema,
        response: { 200: GuessResultSchema, ...commonErrors, 429: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const at = app.clock.now();
      // Outside the Idempotency-Key's transaction, so the refusal's audit row stays.
      await refuseAdminGuess(
        app.db,
        { huntId: request.params.id, userId: request.userId!, action: 'bonus_hunt.guess', summary: `guess the balance: ${request.body.amount} cents` },
        auditActor(request),
        at,
      );
      const restriction = restrictionCheckOf(request, at);
      return runIdempotent(app, request, reply, async (tx) => ({
        status: 200,
        body: await submitGuess(tx, { huntId: request.params.id, userId: request.userId!, amount: request.body.amount, at, restriction }),
      }));
    },
  );
  app.put(
    '/api/bonus-hunts/:id/bonuses/:bonusId/guess',
    {
      onRequest: app.authenticate,
      preHandler: app.requireVerified,
      config: { requireUnrestricted: 'guess_the_balance', rateLimit: GUESS_LIMIT },
      schema: {
        tags: ['bonus-hunts'],
        summary: "Guess the next bonus's multiplier: submit or change the caller's guess while it is the next to open",
        description:
          "Free. The multiplier is win ÷ bet with at most two decimals; when the win is entered, the closest guess (ties to the earliest) is shown as the bonus's best guess. Admins cannot guess (403 OWN_ACCOUNT_ACT).",
        security: bearer,
        params: BonusParamsSchema,
        body: BonusGuessInputSchema,
        response: { 200: BonusGuessResultSchema, ...commonErrors, 429: ErrorEnvelopeSchema },
      },
    },
    async (request) => {
      const at = app.clock.now();
      await refuseAdminGuess(
        app.db,
        {
          huntId: request.params.id,
          userId: request.userId!,
          action: 'bonus_hunt.bonus_guess',
          summary: `guess a bonus's multiplier: ${request.body.multiplier}x`,
        },
        auditActor(request),
        at,
      );
      const restriction = restrictionCheckOf(request, at);
      const { guess } = await app.db.transaction((tx) =>
        submitBonusGuess(tx, {
          huntId: request.params.id,
          bonusId: request.params.bonusId,
          userId: request.userId!,
          xHundredths: Math.round(request.body.multiplier * 100),
          at,
          restriction,
        }),
      );
      return { guess };
    },
  );

  await app.register(huntAdminRoutes);
};

/** The admin's bonus hunt calls (guarded and tagged once by adminOnly). */
const huntAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  adminOnly(app);

  /** After the act has committed: the bot's chat news (not awaited; it never fails the act). */
  function announce(detail: HuntDetail, moment: HuntMoment): HuntDetail {
    void app.stream.announce(huntAnnouncement(detail, moment, app.config.appOrigin));
    return detail;
  }

  app.post(
    '/api/admin/bonus-hunts',
    {
      schema: {
        summary: 'Start a bonus hunt (collecting)',
        body: HuntInputSchema,
        response: { 201: HuntDetailSchema, ...commonErrors },
      },
    },
    async (request, reply) => reply.code(201).send(announce(await createHunt(app.db, request.body, auditActor(request), app.clock.now()), 'guessing_open')),
  );

  app.post(
    '/api/admin/bonus-hunts/:id/bonuses',
    {
      schema: {
        summary: 'Add a bonus (a Slot Hub slot or a name, and the bet in cents) while collecting',
        params: IdParamsSchema,
        body: BonusInputSchema,
        response: { 201: HuntDetailSchema, ...commonErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await addBonus(app.db, request.params.id, request.body, auditActor(request), app.clock.now())),
  );

  app.put(
    '/api/admin/bonus-hunts/:id/bonuses/order',
    {
      schema: {
        summary: 'Reorder the bonuses (every bonus id once)',
        params: IdParamsSchema,
        body: BonusOrderSchema,
        response: { 200: HuntDetailSchema, ...commonErrors },
      },
    },
    async (request) => reorderBonuses(app.db, request.params.id, request.body.ids, auditActor(request), app.clock.now()),
  );

  app.put(
    '/api/admin/bonus-hunts/:id/bonuses/:bonusId',
    {
      schema: {
        summary: 'Change a bet (collecting) or enter a win (opening), in cents',
        params: BonusParamsSchema,
        body: BonusUpdateSchema,
        response: { 200: HuntDetailSchema, ...commonErrors },
      },
    },
    async (request) => updateBonus(app.db, request.params.id, request.params.bonusId, request.body, auditActor(request), app.clock.now()),
  );

  app.delete(
    '/api/admin/bonus-hunts/:id/bonuses/:bonusId',
    {
      schema: {
        summary: 'Remove a bonus while collecting',
        params: BonusParamsSchema,
        response: { 200: HuntDetailSchema, ...commonErrors },
      },
    },
    async (request) => removeBonus(app.db, request.params.id, request.params.bonusId, auditActor(request), app.clock.now()),
  );

  app.put(
    '/api/admin/bonus-hunts/:id/guessing',
    {
      schema: {
        summary: 'Close Guess the Balance before the opening (open: false), or open it again (open: true), while collecting',
        params: IdParamsSchema,
        body: HuntGuessingInputSchema,
        response: { 200: HuntDetailSchema, ...commonErrors },
      },
    },
    async (request) => {
      const detail = await setGuessing(app.db, request.params.id, request.body.open, auditActor(request), app.clock.now());
      return announce(detail, request.body.open ? 'guessing_open' : 'guessing_closed');
    },
  );

  app.post(
    '/api/admin/bonus-hunts/:id/status',
    {
      schema: {
        summary: 'Move to opening (guesses lock) or finish (winners credited once)',
        params: IdParamsSchema,
        body: HuntStatusInputSchema,
        response: { 200: HuntDetailSchema, ...commonErrors },
      },
    },
    async (request) => {
      const detail = await setHuntStatus(app.db, request.params.id, request.body.status, auditActor(request), app.clock.now());
      return announce(detail, request.body.status === 'opening' ? 'guessing_closed' : 'finished');
    },
  );
};
