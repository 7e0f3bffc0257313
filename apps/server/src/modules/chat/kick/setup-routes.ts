import { StreamSetupSchema } from '@app/shared/api/stream-setup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors } from '../../../lib/error-schemas.ts';
import { twitchSetup } from '../twitch/twitch-setup.ts';
import { kickSetup } from './kick-setup.ts';

/** GET /api/admin/stream/setup: what to copy into Kick's and Twitch's developer settings (registered inside the admin-only block). */
export const kickSetupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/stream/setup',
    {
      schema: {
        summary:
          "What to copy into Kick's and Twitch's developer settings: the redirect and event URLs, the scopes, the variables, and whether APP_ORIGIN can receive events",
        response: { 200: StreamSetupSchema, 401: commonErrors[401], 403: commonErrors[403] },
      },
    },
    async () => ({ kick: kickSetup(app.config), twitch: twitchSetup(app.config) }),
  );
};
