import {
  AdminUserListQuerySchema,
  AdminUserListSchema,
  AdminUserResultSchema,
  RestrictionInputSchema,
  RestrictionParamsSchema,
  RestrictionResultSchema,
  UserActivityPageSchema,
  UserActivityQuerySchema,
} from '@app/shared/api/admin-users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors, guarded } from '../../lib/error-schemas.ts';
import { IdempotencyHeadersSchema, IdParamsSchema } from '../../lib/params.ts';
import { runIdempotent } from '../../platform/idempotency.ts';
import { actingAdmin } from './acting-admin.ts';
import { liftRestriction, restrictUser } from './restrict-user.ts';
import { getUserDetail, listUsers, userActivity } from './users-service.ts';

/** Users, their activity and restrictions (spec 2 §2 User-details dialog, §3, §4); guarded and tagged by adminRoutes. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/users',
    {
      schema: {
        summary: 'Users: search by username, e-mail or UID; filter by status; paged, newest first',
        querystring: AdminUserListQuerySchema,
        response: { 200: AdminUserListSchema, ...guarded },
      },
    },
    async (request) => listUsers(app.db, request.query, app.clock.now()),
  );

  app.get(
    '/api/admin/users/:id',
    {
      schema: {
        summary: 'One user: joined, last login, points, status, flags, casino accounts, restrictions',
        params: IdParamsSchema,
        response: { 200: AdminUserResultSchema, ...guarded, 404: commonErrors[404] },
      },
    },
    async (request) => ({ user: await getUserDetail(app.db, request.params.id, app.clock.now()) }),
  );

  app.get(
    '/api/admin/users/:id/activity',
    {
      schema: {
        summary: "A user's real activity: sign-ins (IP, user agent), redemptions, entries, ledger, restrictions",
        params: IdParamsSchema,
        querystring: UserActivityQuerySchema,
        response: { 200: UserActivityPageSchema, ...guarded, 404: commonErrors[404] },
      },
    },
    async (request) => userActivity(app.db, request.params.id, request.query),
  );

  app.post(
    '/api/admin/users/:id/restrictions',
    {
      schema: {
        summary: 'Restrict a user: a 1, 7 or 30 day timeout, a feature ban, or a permanent ban (ends their sessions)',
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: RestrictionInputSchema,
        response: { 201: RestrictionResultSchema, ...commonErrors },
      },
    },
    async (request, reply) =>
      runIdempotent(app, request, reply, async (tx) => ({
        status: 201,
        body: { restriction: await restrictUser(tx, request.params.id, request.body, actingAdmin(request), app.clock.now()) },
      })),
  );

  app.delete(
    '/api/admin/users/:id/restrictions/:rid',
    {
      schema: {
        summary: 'Remove a restriction (lifting a permanent ban lets the user sign in again)',
        params: RestrictionParamsSchema,
        response: { 200: RestrictionResultSchema, ...guarded, 404: commonErrors[404], 409: commonErrors[409] },
      },
    },
    async (request) => ({
      restriction: await liftRestriction(app.db, request.params.id, request.params.rid, actingAdmin(request), app.clock.now()),
    }),
  );
};
