import { WagerSyncInputSchema, WagerSyncListSchema, WagerSyncParamsSchema, WagerSyncPartnerSchema, WagerSyncRunSchema } from '@app/shared/api/wagers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOnly } from '../../platform/admin-scope.ts';
import { commonErrors } from '../../lib/error-schemas.ts';
import { auditActor } from '../../platform/audit.ts';
import { listWagerSyncs, rebindSealedKeys, registerSyncContext, runWagerSyncNow, saveWagerSync, sealPlainKeys } from './sync-service.ts';
import { secretBox, secretsKeyOf } from '../../platform/secret-box.ts';

/** The wager sync's context and admin calls (its job is in jobs.ts); the key is accepted, never returned. */
export const wagerSyncRoutes: FastifyPluginAsyncZod = async (app) => {
  registerSyncContext([app.db, app.bulkDb], { box: secretBox(secretsKeyOf(app.config)), allowPrivate: app.config.wagerSyncAllowPrivate });
  // Keys saved before encryption existed are encrypted at start.
  app.addHook('onReady', async () => {
    const sealed = await sealPlainKeys(app.db);
    if (sealed > 0) app.log.info({ sealed }, 'wager sync keys encrypted at rest');
    // Keys sealed before the endpoint was bound into the encryption are sealed again for their saved endpoint.
    const rebound = await rebindSealedKeys(app.db);
    if (rebound > 0) app.log.info({ rebound }, 'wager sync keys bound to their endpoint');
  });

  await app.register(syncAdminRoutes);
};

/** The admin's calls of this module (guarded and tagged once by adminOnly). */
const syncAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  adminOnly(app);

  app.get(
    '/api/admin/wager-sync',
    {
      schema: {
        summary: "Each partner's wager sync: settings without the key (hasKey), last success, last error, delayed",
        response: { 200: WagerSyncListSchema, 401: commonErrors[401], 403: commonErrors[403] },
      },
    },
    async () => ({ partners: await listWagerSyncs(app.db, app.clock.now()) }),
  );

  app.put(
    '/api/admin/wager-sync/:partner',
    {
      schema: {
        summary:
          "Save a partner's wager sync (audited). The key is stored encrypted; without key the saved key is kept (400 when the scheme, host, port or key header changes: the key is needed again), key null removes it. 400 for an endpoint on a refused network",
        params: WagerSyncParamsSchema,
        body: WagerSyncInputSchema,
        response: { 200: WagerSyncPartnerSchema, 400: commonErrors[400], 401: commonErrors[401], 403: commonErrors[403] },
      },
    },
    async (request) => saveWagerSync(app.db, request.params.partner, request.body, auditActor(request), app.clock.now()),
  );

  app.post(
    '/api/admin/wager-sync/:partner/run',
    {
      schema: {
        summary: "Run a partner's wager sync now (audited); ok false with the recorded error when the casino failed",
        params: WagerSyncParamsSchema,
        response: { 200: WagerSyncRunSchema, 400: commonErrors[400], 401: commonErrors[401], 403: commonErrors[403], 404: commonErrors[404] },
      },
    },
    async (request) =>
      runWagerSyncNow(app.bulkDb, request.params.partner, auditActor(request), app.clock.now(), {
        onError: (partner, error) => request.log.error({ err: error, partner }, 'wager sync failed'),
      }),
  );
};
