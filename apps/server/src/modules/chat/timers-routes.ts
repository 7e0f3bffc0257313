import { StreamTimerInputSchema, StreamTimerListSchema, StreamTimerParamsSchema, StreamTimerResultSchema } from '@app/shared/api/stream-studio';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonErrors, guarded } from '../../lib/error-schemas.ts';
import { auditActor } from '../../platform/audit.ts';
import { deleteTimer, listTimers, saveTimer } from './timers.ts';

/** The Timers tab's calls; guarded and tagged by the studio's admin block (studio-routes.ts). */
export const timerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/stream/timers',
    { schema: { summary: "The bot's timers", response: { 200: StreamTimerListSchema, 401: commonErrors[401], 403: commonErrors[403] } } },
    async () => listTimers(app.db),
  );

  app.post(
    '/api/admin/stream/timers',
    {
      schema: {
        summary: 'Add a timer: a message the bot posts every N minutes while live, after M chat lines (audited)',
        body: StreamTimerInputSchema,
        response: { 201: StreamTimerResultSchema, ...guarded },
      },
    },
    async (request, reply) => reply.code(201).send(await saveTimer(app.db, null, request.body, auditActor(request), app.clock.now())),
  );

  app.put(
    '/api/admin/stream/timers/:id',
    {
      schema: {
        summary: 'Change a timer (its interval starts again from the save; audited)',
        params: StreamTimerParamsSchema,
        body: StreamTimerInputSchema,
        response: { 200: StreamTimerResultSchema, ...guarded, 404: commonErrors[404] },
      },
    },
    async (request) => saveTimer(app.db, request.params.id, request.body, auditActor(request), app.clock.now()),
  );

  app.delete(
    '/api/admin/stream/timers/:id',
    {
      schema: {
        summary: 'Delete a timer (audited)',
        params: StreamTimerParamsSchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...guarded, 404: commonErrors[404] },
      },
    },
    async (request) => deleteTimer(app.db, request.params.id, auditActor(request), app.clock.now()),
  );
};
