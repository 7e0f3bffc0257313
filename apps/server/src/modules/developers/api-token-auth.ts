import type { ApiTokenScope } from '@app/shared/api/developers';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiTokens } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { sha256Hex } from '../auth/index.ts';

/**
 * The v1 surface's caller: an API token (`Authorization: Bearer rh_...`), looked up by its SHA-256.
 * Only the v1 routes accept one: the member and admin guards (auth-plugin.ts) verify a JWT and refuse
 * anything else, and this guard refuses anything that is not a live `rh_` token, JWTs included.
 */

export const API_TOKEN_PREFIX = 'rh_';

/** How often `lastUsedAt` is written: at most once a minute per token, not on every call. */
const LAST_USED_EVERY_MS = 60_000;

/** 600 calls a minute per token; shared across servers through Redis when REDIS_URL is set (plugins/rate-limit.ts). */
export const PER_TOKEN_LIMIT = {
  max: 600,
  timeWindow: 60_000,
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) => (request.apiToken ? `token:${request.apiToken.id}` : `ip:${request.ip}`),
};

export type ApiCaller = { id: string; name: string; scopes: ApiTokenScope[]; createdBy: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** The API token of a v1 call (null elsewhere). */
    apiToken: ApiCaller | null;
  }
}

function bearerOf(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

const badToken = () => new AppError('UNAUTHORIZED', 'Send a valid API token: Authorization: Bearer rh_...');

/**
 * onRequest for every v1 route: a live token, else 401. `request.userId` becomes the admin who made
 * the token (their id stands in the audit rows); the token's Idempotency-Keys are its own, not shared
 * with the admin's other tokens or sessions.
 */
export function apiTokenGuard(app: FastifyInstance) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token = bearerOf(request);
    if (!token?.startsWith(API_TOKEN_PREFIX)) throw badToken();
    const [row] = await app.db
      .select()
      .from(apiTokens)
      .where(and(eq(apiTokens.tokenHash, sha256Hex(token)), isNull(apiTokens.revokedAt)));
    if (!row) throw badToken();
    const now = app.clock.now();
    if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
      const stale = new Date(now.getTime() - LAST_USED_EVERY_MS);
      await app.db
        .update(apiTokens)
        .set({ lastUsedAt: now })
        .where(and(eq(apiTokens.id, row.id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, stale))));
    }
    request.apiToken = { id: row.id, name: row.name, scopes: row.scopes as ApiTokenScope[], createdBy: row.createdBy };
    request.userId = row.createdBy;
    request.idempotencyScope = `api-token:${row.id}`;
  };
}

/** preHandler of a v1 route: the token holds `scope`, else 403 MISSING_SCOPE. */
export function requireScope(scope: ApiTokenScope) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.apiToken?.scopes.includes(scope)) throw new AppError('MISSING_SCOPE', `This call needs a token with the ${scope} scope.`);
  };
}
