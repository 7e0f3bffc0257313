import {
  AdminHillSchema,
  AdminKingOfTheHillClaimResultSchema,
  HillSchema,
  KingOfTheHillClaimInputSchema,
  KingOfTheHillClaimSchema,
  KingOfTheHillDeclineSchema,
  KingOfTheHillSettingsSchema,
} from '@app/shared/api/king-of-the-hill';
import { ErrorEnvelopeSchema } from '@app/shared/api/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors } from '../../lib/error-schemas.ts';
import { IdParamsSchema } from '../../lib/params.ts';
import { adminOnly } from '../../platform/admin-scope.ts';
import { auditActor } from '../../platform/audit.ts';
import { restrictionCheckOf } from '../../platform/restrictions-guard.ts';
import { perMember } from '../../plugins/rate-limit.ts';
import { adminHill, declineClaim, getHill, submitClaim, updateSettings, verifyClaim } from './king-of-the-hill-service.ts';

const bearer = [{ bearer: [] }];
const guarded = { 400: commonErrors[400], 401: commonErrors[401], 403: commonErrors[403] } as const;

/** Claims: each one asks the admins to review it (a notification each), so a member sends a few at most. */
const CLAIM_LIMIT = perMember({ max: 5, timeWindow: 10 * 60_000 });

/** King of the Hill (spec 1 §2 gadgets, §6 "described as VIP-only"): the member page, the claim, and the admin screen. */
export const kingOfTheHillRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/king-of-the-hill',
    {
      onRequest: app.requireVerified,
      schema: {
        tags: ['king-of-the-hill'],
        summary: 'The hill: the period, the king (masked unless opted in), your VIP standing and claims, past periods',
        security: bearer,
        response: { 200: HillSchema, 401: commonErrors[401], 403: commonErrors[403] },
      },
    },
    async (request) => getHill(app.db, request.userId!, app.clock.now()),
  );

  app.post(
    '/api/king-of-the-hill/claims',
    {
      onRequest: app.requireVerified,
      // A claim enters a prize challenge: a Raffle ban, a timeout or a ban refuses it.
      config: { requireUnrestricted: 'raffle', rateLimit: CLAIM_LIMIT },
      schema: {
        tags: ['king-of-the-hill'],
        summary: 'Claim the hill with a win (VIP only: 403 NOT_VIP below Bronze; 409 KING_NOT_BEATEN); pending until an admin decides',
        security: bearer,
        body: KingOfTheHillClaimInputSchema,
        response: { 201: KingOfTheHillClaimSchema, ...guarded, 409: commonErrors[409], 429: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const at = app.clock.now();
      return reply.code(201).send(await submitClaim(app.db, request.userId!, request.body, at, restrictionCheckOf(request, at)));
    },
  );

  await app.register(kingOfTheHillAdminRoutes);
};

/** The admin's King of the Hill screen (guarded and tagged once by adminOnly). */
const kingOfTheHillAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  adminOnly(app);

  app.get(
    '/api/admin/king-of-the-hill',
    {
      schema: {
        summary: 'King of the Hill: settings, the period and king, claims (pending first) and history',
        response: { 200: AdminHillSchema, 401: commonErrors[401], 403: commonErrors[403] },
      },
    },
    async () => adminHill(app.db, app.clock.now()),
  );

  app.put(
    '/api/admin/king-of-the-hill/settings',
    {
      schema: {
        summary: 'Set the period length (days) and the points prize; the running period takes them (audited)',
        body: KingOfTheHillSettingsSchema,
        response: { 200: AdminHillSchema, ...guarded },
      },
    },
    async (request) => updateSettings(app.db, request.body, auditActor(request), app.clock.now()),
  );

  app.post(
    '/api/admin/king-of-the-hill/claims/:id/verify',
    {
      schema: {
        summary: 'Verify a pending claim: the claimant becomes king (audited; 409 when decided, the period ended or the king is not beaten)',
        params: IdParamsSchema,
        response: { 200: AdminKingOfTheHillClaimResultSchema, ...guarded, 404: commonErrors[404], 409: commonErrors[409] },
      },
    },
    async (request) => ({ claim: await verifyClaim(app.db, request.params.id, auditActor(request), app.clock.now()) }),
  );

  app.post(
    '/api/admin/king-of-the-hill/claims/:id/decline',
    {
      schema: {
        summary: 'Decline a pending claim with a reason the claimant sees (audited)',
        params: IdParamsSchema,
        body: KingOfTheHillDeclineSchema,
        response: { 200: AdminKingOfTheHillClaimResultSchema, ...guarded, 404: commonErrors[404], 409: commonErrors[409] },
      },
    },
    async (request) => ({ claim: await declineClaim(app.db, request.params.id, request.body.reason, auditActor(request), app.clock.now()) }),
  );
};
