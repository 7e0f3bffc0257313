import { HowToProgressSchema, HowToSettingsSchema, HowToStepParamsSchema } from '@app/shared/api/how-to';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors } from '../../lib/error-schemas.ts';
import { adminOnly } from '../../platform/admin-scope.ts';
import { auditActor } from '../../platform/audit.ts';
import { howToProgress, readHowToSettings, recordStep, updateHowToSettings } from './how-to-service.ts';

const bearer = [{ bearer: [] }];

/**
 * Interactive How-To's (spec 1 §2 gadgets). A signed-in member whose e-mail is not verified yet may
 * read their progress too: verifying the e-mail is the first step.
 */
export const howToRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/how-to',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['how-to'],
        summary: "Your progress through the How-To's, from your account's real state, and the Get started bonus (credited once when it is done)",
        security: bearer,
        response: { 200: HowToProgressSchema, 401: commonErrors[401] },
      },
    },
    async (request) => howToProgress(app.db, request.userId!, app.clock.now()),
  );

  app.post(
    '/api/how-to/steps/:step',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['how-to'],
        summary: 'Record a step done in the browser (verify-round, verify-draw) once the verification ran',
        security: bearer,
        params: HowToStepParamsSchema,
        response: { 200: HowToProgressSchema, 400: commonErrors[400], 401: commonErrors[401] },
      },
    },
    async (request) => recordStep(app.db, request.userId!, request.params.step, app.clock.now()),
  );

  await app.register(howToAdminRoutes);
};

/** The Get started bonus setting (guarded and tagged once by adminOnly). */
const howToAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  adminOnly(app);

  app.get(
    '/api/admin/how-to/settings',
    {
      schema: {
        summary: 'The Get started bonus (points)',
        response: { 200: HowToSettingsSchema, 401: commonErrors[401], 403: commonErrors[403] },
      },
    },
    async () => readHowToSettings(app.db),
  );

  app.put(
    '/api/admin/how-to/settings',
    {
      schema: {
        summary: 'Set the Get started bonus (audited)',
        body: HowToSettingsSchema,
        response: { 200: HowToSettingsSchema, 400: commonErrors[400], 401: commonErrors[401], 403: commonErrors[403] },
      },
    },
    async (request) => updateHowToSettings(app.db, request.body, auditActor(request), app.clock.now()),
  );
};
