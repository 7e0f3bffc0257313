import {
  AdminChallengeClaimResultSchema,
  AdminChallengeListSchema,
  AdminChallengeResultSchema,
  ChallengeClaimInputSchema,
  ChallengeClaimSchema,
  ChallengeDeclineSchema,
  ChallengeInputSchema,
  ChallengeListSchema,
  ChallengeSchema,
} from '@app/shared/api/challenges';
import { ErrorEnvelopeSchema } from '@app/shared/api/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors } from '../../lib/error-schemas.ts';
import { IdempotencyHeadersSchema, IdParamsSchema } from '../../lib/params.ts';
import { adminOnly } from '../../platform/admin-scope.ts';
import { auditActor } from '../../platform/audit.ts';
import { runIdempotent } from '../../platform/idempotency.ts';
import { restrictionCheckOf } from '../../platform/restrictions-guard.ts';
import { perMember } from '../../plugins/rate-limit.ts';
import { getChallenge, listAdminChallenges, listChallenges } from './challenge-reads.ts';
import { createChallenge } from './create-challenge.ts';
import { declineClaim } from './decline-claim.ts';
import { submitClaim } from './submit-claim.ts';
import { updateChallenge } from './update-challenge.ts';
import { verifyClaim } from './verify-claim.ts';

const bearer = [{ bearer: [] }];
const guarded = { 400: commonErrors[400], 401: commonErrors[401], 403: commonErrors[403] } as const;

/** Claims: each one asks the admins to review it (a notification each), so a member sends a few at most. */
const CLAIM_LIMIT = perMember({ max: 5, timeWindow: 10 * 60_000 });

/** Challenges (issue 42): the member page and claim, and the admin screen. */
export const challengeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/challenges',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['challenges'],
        summary: 'Active and upcoming challenges (ending soonest first) and the latest completed, each with your claims',
        security: bearer,
        response: { 200: ChallengeListSchema, 401: commonErrors[401] },
      },
    },
    async (request) => listChallenges(app.db, request.userId!, app.clock.now()),
  );

  app.get(
    '/api/challenges/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['challenges'],
        summary: 'One challenge with your claims on it',
        security: bearer,
        params: IdParamsSchema,
        response: { 200: ChallengeSchema, 400: commonErrors[400], 401: commonErrors[401], 404: commonErrors[404] },
      },
    },
    async (request) => getChallenge(app.db, request.params.id, request.userId!, app.clock.now()),
  );

  app.post(
    '/api/challenges/:id/claims',
    {
      onRequest: app.requireVerified,
      // A claim enters a prize challenge: a Raffle ban, a timeout or a ban refuses it.
      config: { requireUnrestricted: 'raffle', rateLimit: CLAIM_LIMIT },
      schema: {
        tags: ['challenges'],
        summary:
          'Claim a challenge with your bet (403 OWN_ACCOUNT_ACT for admins; 409 CHALLENGE_CLOSED outside its window or with its winners full; 400 below the minimum bet or the target); pending until an admin decides',
        security: bearer,
        params: IdParamsSchema,
        body: ChallengeClaimInputSchema,
        response: { 201: ChallengeClaimSchema, ...guarded, 404: commonErrors[404], 409: commonErrors[409], 429: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const at = app.clock.now();
      const claim = await submitClaim(app.db, request.params.id, request.userId!, request.body, auditActor(request), at, restrictionCheckOf(request, at));
      return reply.code(201).send(claim);
    },
  );

  await app.register(challengeAdminRoutes);
};

/** The admin's Challenges screen (guarded and tagged once by adminOnly). */
const challengeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  adminOnly(app);

  app.get(
    '/api/admin/challenges',
    {
      schema: {
        summary: 'Challenges, newest first, each with its claims in submission order',
        response: { 200: AdminChallengeListSchema, 401: commonErrors[401], 403: commonErrors[403] },
      },
    },
    async () => listAdminChallenges(app.db, app.clock.now()),
  );

  app.post(
    '/api/admin/challenges',
    {
      schema: {
        summary: 'Post a challenge (audited)',
        body: ChallengeInputSchema,
        response: { 201: AdminChallengeResultSchema, ...guarded },
      },
    },
    async (request, reply) => reply.code(201).send({ challenge: await createChallenge(app.db, request.body, auditActor(request), app.clock.now()) }),
  );

  app.put(
    '/api/admin/challenges/:id',
    {
      schema: {
        summary: 'Edit a challenge that has not completed (audited; 409 CHALLENGE_COMPLETED when it has, or below the winners so far)',
        params: IdParamsSchema,
        body: ChallengeInputSchema,
        response: { 200: AdminChallengeResultSchema, ...guarded, 404: commonErrors[404], 409: commonErrors[409] },
      },
    },
    async (request) => ({ challenge: await updateChallenge(app.db, request.params.id, request.body, auditActor(request), app.clock.now()) }),
  );

  app.post(
    '/api/admin/challenges/claims/:id/verify',
    {
      schema: {
        summary:
          'Verify a pending claim in submission order: it wins the prize (through the ledger, once) while winners are left, else it is valid without a prize (audited; 409 when decided or an earlier claim is pending)',
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        response: { 200: AdminChallengeClaimResultSchema, ...guarded, 404: commonErrors[404], 409: commonErrors[409], 422: commonErrors[422] },
      },
    },
    async (request, reply) =>
      runIdempotent(app, request, reply, async (tx) => ({
        status: 200,
        body: { claim: await verifyClaim(tx, request.params.id, auditActor(request), app.clock.now()) },
      })),
  );

  app.post(
    '/api/admin/challenges/claims/:id/decline',
    {
      schema: {
        summary: 'Decline a pending claim with a reason the claimant sees (audited)',
        params: IdParamsSchema,
        body: ChallengeDeclineSchema,
        response: { 200: AdminChallengeClaimResultSchema, ...guarded, 404: commonErrors[404], 409: commonErrors[409] },
      },
    },
    async (request) => ({ claim: await declineClaim(app.db, request.params.id, request.body.reason, auditActor(request), app.clock.now()) }),
  );
};
