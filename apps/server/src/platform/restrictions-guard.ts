import type { RestrictedFeature, RestrictionKind } from '@app/shared/api/admin-users';
import { and, desc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import { userRestrictions } from '../db/schema.ts';
import type { Tx } from '../db/tx.ts';
import { AppError } from '../lib/app-error.ts';

/**
 * The restriction guard (STYLE: restrictions are checked by one guard that every spending route
 * names in its options). A spending route declares `config: { requireUnrestricted: feature }`; its
 * service gets that declaration as a RestrictionCheck and runs it in its own transaction, at the
 * point where it would spend, so a refusal is an answer like any other (stored for an
 * Idempotency-Key replay) and comes in the same order among the service's other refusals as before.
 * `restrictions-guard.test.ts` walks the route table and fails when a spending route declares none.
 */

type Db = Database | Tx;

/** Which kinds block a feature: a timeout and a permanent ban block everything; a feature ban its feature. */
const BLOCKING_KINDS: Record<RestrictedFeature, readonly RestrictionKind[]> = {
  points_store: ['timeout', 'ban_permanent', 'ban_points_store'],
  raffle: ['timeout', 'ban_permanent', 'ban_raffle'],
  // Guessing is a chat game and a draw for prizes: a Chat ban or a Raffle ban refuses it.
  guess_the_balance: ['timeout', 'ban_permanent', 'ban_chat', 'ban_raffle'],
  // spec 2 §9: the "Deal or No Deal" feature ban refuses joining a round.
  dealornodeal: ['timeout', 'ban_permanent', 'ban_dealornodeal'],
};

/** The kinds that block `feature`. */
export function blockingKinds(feature: RestrictedFeature): readonly RestrictionKind[] {
  return BLOCKING_KINDS[feature];
}

/*
 * The one rule of "a restriction holds at t": it is not revoked, and it has no expiry or expires
 * after t. Expiry is a comparison with the clock, so nothing has to run for a restriction to end.
 * Written twice below, once for SQL and once for rows already read; keep the two side by side.
 */

/**
 * "A user_restrictions row holds at `at`" in SQL. `at` is a time or an SQL expression (the
 * one-statement raffle entry compares with each request's own time).
 */
export function restrictionHoldsSql(at: Date | SQLWrapper): SQL {
  const t = at instanceof Date ? sql`${at.toISOString()}::timestamptz` : at;
  return sql`(${userRestrictions.revokedAt} is null and (${userRestrictions.expiresAt} is null or ${userRestrictions.expiresAt} > ${t}))`;
}

/** "This restriction holds at `at`" for a row already read. */
export function restrictionHolds(row: { revokedAt: Date | null; expiresAt: Date | null }, at: Date): boolean {
  return row.revokedAt === null && (row.expiresAt === null || row.expiresAt.getTime() > at.getTime());
}

const FEATURE_NAMES: Record<RestrictedFeature, string> = {
  points_store: 'the Points Store',
  raffle: 'raffles',
  guess_the_balance: 'Guess the Balance',
  dealornodeal: 'Deal or No Deal',
};

function untilText(expiresAt: Date | null): string {
  return expiresAt ? ` until ${expiresAt.toISOString().replace('T', ' ').slice(0, 16)} UTC` : '';
}

/**
 * Throws 403 RESTRICTED when a restriction that blocks `feature` holds at `at` (a timeout blocks
 * both features, a Points Store ban only redeeming, a Raffle ban only entering).
 */
export async function assertNotRestricted(db: Db, userId: string, feature: RestrictedFeature, at: Date): Promise<void> {
  const [row] = await db
    .select()
    .from(userRestrictions)
    .where(and(eq(userRestrictions.userId, userId), inArray(userRestrictions.kind, [...BLOCKING_KINDS[feature]]), restrictionHoldsSql(at)))
    .orderBy(desc(userRestrictions.expiresAt))
    .limit(1);
  if (!row) return;
  const kind = row.kind as RestrictionKind;
  const message =
    kind === 'timeout'
      ? `Your account is timed out${untilText(row.expiresAt)}.`
      : kind === 'ban_permanent'
        ? 'This account is banned.'
        : `You are restricted from ${FEATURE_NAMES[feature]}${untilText(row.expiresAt)}.`;
  throw new AppError('RESTRICTED', message, { extra: { restriction: { kind, expiresAt: row.expiresAt?.toISOString() ?? null } } });
}

/** A route's declared restriction, for one caller at one time: what a spending service runs. */
export type RestrictionCheck = {
  readonly feature: RestrictedFeature;
  readonly userId: string;
  readonly at: Date;
  /** 403 RESTRICTED when a restriction blocking the route's feature holds (in the caller's transaction). */
  assert(db: Db): Promise<void>;
};

/**
 * The check the request's route declared (`config.requireUnrestricted`). A route that reaches a
 * spending service without declaring one is a programming error: 500, and the route-table test fails.
 */
export function restrictionCheckOf(request: FastifyRequest, at: Date): RestrictionCheck {
  const feature = request.routeOptions.config.requireUnrestricted;
  if (!feature) throw new Error(`${request.method} ${request.routeOptions.url} spends points but declares no requireUnrestricted`);
  const userId = request.userId!;
  return { feature, userId, at, assert: (db) => assertNotRestricted(db, userId, feature, at) };
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
