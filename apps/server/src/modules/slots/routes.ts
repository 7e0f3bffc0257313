import { ErrorEnvelopeSchema } from '@app/shared/api/errors';
import {
  PickInputSchema,
  PickResultSchema,
  RecentPicksSchema,
  SLOT_IMPORT_MAX_BYTES,
  SlotDetailSchema,
  SlotImportResultSchema,
  SlotInputSchema,
  SlotListQuerySchema,
  SlotListSchema,
  SlotResultSchema,
} from '@app/shared/api/slots';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { commonErrors } from '../../lib/error-schemas.ts';
import { IdParamsSchema } from '../../lib/params.ts';
import { adminOnly } from '../../platform/admin-scope.ts';
import { auditActor } from '../../platform/audit.ts';
import { perMember } from '../../plugins/rate-limit.ts';
import { pickSlot, recentPicks } from './picker-service.ts';
import { importSlotCsv } from './slot-import.ts';
import { createSlot, deleteSlot, getSlot, listSlots, updateSlot } from './slots-service.ts';

const bearer = [{ bearer: [] }];

/**
 * Slot picks per member: each stores its whole filtered list (the verifier needs every id in order),
 * so a burst is refused. Ten a minute is far above a person spinning for a stream.
 */
export const SLOT_PICK_LIMIT = { max: 10, timeWindow: 60_000 };

export const slotRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin: a slot CSV is small, read whole as text (at most SLOT_IMPORT_MAX_BYTES).
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: SLOT_IMPORT_MAX_BYTES }, (_request, body, done) => {
    done(null, body);
  });

  app.get(
    '/api/slots',
    {
      schema: {
        tags: ['slots'],
        summary: 'Slot Hub: search, filter and sort the catalogue, 24 a page',
        querystring: SlotListQuerySchema,
        response: { 200: SlotListSchema, 400: ErrorEnvelopeSchema },
      },
    },
    async (request) => listSlots(app.db, request.query),
  );

  app.get(
    '/api/slots/picks',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['slots'],
        summary: "The next pick's server seed hash and nonce, and the caller's recent picks",
        security: bearer,
        response: { 200: RecentPicksSchema, 401: commonErrors[401] },
      },
    },
    async (request) => recentPicks(app.db, request.userId!),
  );

  app.get(
    '/api/slots/:id',
    {
      schema: {
        tags: ['slots'],
        summary: 'One slot with its bonus-hunt history',
        params: IdParamsSchema,
        response: { 200: SlotDetailSchema, 400: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request) => getSlot(app.db, request.params.id),
  );

  app.post(
    '/api/slots/pick',
    {
      onRequest: app.authenticate,
      preHandler: app.requireVerified,
      config: { rateLimit: perMember(SLOT_PICK_LIMIT) },
      schema: {
        tags: ['slots'],
        summary: 'Random Slot Picker: a provably fair pick from the filtered list (free; reveals the seed used)',
        description: `At most ${SLOT_PICK_LIMIT.max} picks a minute per member (429 RATE_LIMITED with Retry-After).`,
        security: bearer,
        body: PickInputSchema,
        response: { 201: PickResultSchema, ...commonErrors, 429: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const result = await pickSlot(app.db, { userId: request.userId!, ...request.body, at: app.clock.now() });
      return reply.code(201).send(result);
    },
  );
  await app.register(slotAdminRoutes);
};

/** The admin's Slot Hub calls (guarded and tagged once by adminOnly). */
const slotAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  adminOnly(app);

  app.post(
    '/api/admin/slots',
    {
      schema: {
        summary: 'Add a slot to Slot Hub',
        body: SlotInputSchema,
        response: { 201: SlotResultSchema, ...commonErrors },
      },
    },
    async (request, reply) => {
      const slot = await createSlot(app.db, request.body, auditActor(request), app.clock.now());
      return reply.code(201).send({ slot });
    },
  );

  app.put(
    '/api/admin/slots/:id',
    {
      schema: {
        summary: 'Replace a slot',
        params: IdParamsSchema,
        body: SlotInputSchema,
        response: { 200: SlotResultSchema, ...commonErrors },
      },
    },
    async (request) => ({ slot: await updateSlot(app.db, request.params.id, request.body, auditActor(request), app.clock.now()) }),
  );

  app.delete(
    '/api/admin/slots/:id',
    {
      schema: {
        summary: 'Remove a slot (hunts keep their bonuses under its name)',
        params: IdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...commonErrors },
      },
    },
    async (request, reply) => {
      await deleteSlot(app.db, request.params.id, auditActor(request), app.clock.now());
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/admin/slots/import',
    {
      schema: {
        summary: 'Import slots from CSV (name,provider,rtp,volatility,maxWin,year,imageUrl); the same file twice changes nothing',
        description: `Body: text/csv, at most ${SLOT_IMPORT_MAX_BYTES / 1024} KB. A line adds or updates the slot of its name and provider; bad lines are listed and skipped.`,
        consumes: ['text/csv'],
        response: {
          200: SlotImportResultSchema,
          400: commonErrors[400],
          401: commonErrors[401],
          403: commonErrors[403],
          413: commonErrors[400],
          415: commonErrors[400],
        },
      },
    },
    async (request) => {
      if (typeof request.body !== 'string') throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as text/csv.');
      return importSlotCsv(app.db, request.body, auditActor(request), app.clock.now());
    },
  );
};
