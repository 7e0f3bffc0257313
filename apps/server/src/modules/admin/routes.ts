import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOnly } from '../../platform/admin-scope.ts';
import { activityRoutes } from './activity-routes.ts';
import { affiliateRoutes } from './affiliates-routes.ts';
import { overviewRoutes } from './overview-routes.ts';
import { searchRoutes } from './search-routes.ts';
import { userRoutes } from './users-routes.ts';

/**
 * The admin console's calls, one file per resource (spec 2 §2, §3). Every route registered here is
 * guarded by `app.requireAdmin` (401 without a token, 403 for a non-admin or, with
 * ADMIN_MFA=required, a session without the second factor; route-guards.test.ts walks the route
 * table) and listed under the OpenAPI tag 'admin', both set once below (platform/admin-scope.ts) for
 * the resources' plugins; each answers errors with the envelope, and each write's service writes its one audit row.
 * Other modules register their own admin blocks the same way (e.g. modules/races/routes.ts, the
 * stream's and the bot switches' in modules/chat/routes.ts).
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  // This plugin is its own encapsulation context: the guard and the tag reach only the routes of
  // the plugins registered below.
  adminOnly(app);

  await app.register(affiliateRoutes);
  await app.register(userRoutes);
  await app.register(activityRoutes);
  await app.register(overviewRoutes);
  await app.register(searchRoutes);
};
