import type { FastifyInstance } from 'fastify';

const bearer = [{ bearer: [] }];

/**
 * Makes every route of this encapsulation context (the plugin that calls it, and the plugins it
 * registers) an admin route: guarded by `app.requireAdmin` (401 without a token, 403 for a non-admin
 * or, with ADMIN_MFA=required, a session without the second factor) and listed under the OpenAPI
 * tag 'admin'. Modules call it in their admin plugin instead of repeating the guard on each route,
 * so an admin route cannot forget it (admin/route-guards.test.ts walks the route table).
 */
export function adminOnly(app: FastifyInstance): void {
  app.addHook('onRequest', app.requireAdmin);
  app.addHook('onRoute', (route) => {
    route.schema = { tags: ['admin'], security: bearer, ...route.schema };
  });
}
