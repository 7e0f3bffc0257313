import type { RestrictedFeature } from '@app/shared/api/admin-users';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx } from '../db/tx.ts';
import { restrictionCheck, type RestrictionCheck } from './restrictions.ts';

/** What restrictionCheckOf hands a spending service (defined with the rules in restrictions.ts). */
export type { RestrictionCheck } from './restrictions.ts';

/**
 * The restriction guard (STYLE: restrictions are checked by one guard that every spending route
 * names in its options). A spending route declares `config: { requireUnrestricted: feature }`; the
 * guard binds that declaration to the request as one RestrictionCheck (platform/restrictions.ts)
 * and runs it: the service runs it in its transaction at the point where it would spend (so a
 * refusal comes in the same order among its other refusals, and is stored for an Idempotency-Key
 * replay), and when the service did not, the request's transaction runs it before it commits
 * (`settleRestriction` in runIdempotent, `restrictedTransaction` for a service's own transaction).
 * `restrictions-guard.test.ts` walks the route table and fails when a spending route declares none.
 */

const checks = new WeakMap<FastifyRequest, RestrictionCheck>();

/**
 * The check the request's route declared (`config.requireUnrestricted`), one per request: the
 * same object for the service and for the guard's backstop. A route that reaches a spending
 * service without declaring one is a programming error: 500, and the route-table test fails.
 */
export function restrictionCheckOf(request: FastifyRequest, at: Date): RestrictionCheck {
  const known = checks.get(request);
  if (known) return known;
  const feature = request.routeOptions.config.requireUnrestricted;
  if (!feature) throw new Error(`${request.method} ${request.routeOptions.url} spends points but declares no requireUnrestricted`);
  const check = restrictionCheck(feature, request.userId!, at);
  checks.set(request, check);
  return check;
}

/**
 * The guard's backstop, run by the request's transaction before it commits: when the route
 * declares `requireUnrestricted` and its service neither ran the check nor exempted the request,
 * the check runs now (a refusal rolls the work back). No declaration: nothing to do.
 */
export async function settleRestriction(request: FastifyRequest, tx: Tx, at: Date): Promise<void> {
  if (!request.routeOptions.config.requireUnrestricted) return;
  const check = restrictionCheckOf(request, at);
  if (!check.settled) await check.assert(tx);
}

export type RouteRestriction = { method: string; url: string; requireUnrestricted: RestrictedFeature | null };

/**
 * Records every route with its declared restriction (`app.routeRestrictions`), so a test can walk
 * the route table. Registered before the routes.
 */
const restrictionsGuardPlugin: FastifyPluginAsync = async (app) => {
  const routes: RouteRestriction[] = [];
  app.decorate('routeRestrictions', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, requireUnrestricted: route.config?.requireUnrestricted ?? null });
    }
  });
};

export default fp(restrictionsGuardPlugin, { name: 'restrictions-guard' });

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The feature whose restrictions refuse this route: every route that spends points names one. */
    requireUnrestricted?: RestrictedFeature;
  }
  interface FastifyInstance {
    /** Every route with its declared restriction (restrictions-guard.ts). */
    routeRestrictions: readonly RouteRestriction[];
  }
}
