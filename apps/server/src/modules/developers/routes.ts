import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { developerAdminRoutes } from './admin-routes.ts';
import { v1Routes } from './v1-routes.ts';

/** The Developers module: the admin's tokens, webhooks, import and export, and the public v1 API. */
export const developerRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(developerAdminRoutes);
  await app.register(v1Routes);
};
