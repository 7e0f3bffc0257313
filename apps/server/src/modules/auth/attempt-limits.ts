import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';

export function tooMany(ttlMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return new AppError('RATE_LIMITED', `Too many attempts. Try again in ${seconds} seconds.`, {
    headers: { 'retry-after': String(seconds) },
  });
}

/**
 * Wrong attempts counted per account (a wrong password, a wrong second-factor code): only failures
 * count, so a person who types it right is never locked out by someone else's successes. The
 * service names the account once it knows it (`check`), and counts a failure (`fail`).
 */
export type FailureLimit = {
  /** Throws 429 RATE_LIMITED when the account has no attempts left. */
  check: (account: string) => Promise<void>;
  fail: () => Promise<void>;
};

/**
 * A per-account failure limit over the app's rate limiter (Redis-shared with REDIS_URL). Keys
 * carry their own prefix: limiters made by createRateLimit share one key space.
 */
export function accountFailureLimit(
  app: FastifyInstance,
  limit: { max: number; timeWindow: number },
  prefix: string,
): (request: FastifyRequest) => FailureLimit {
  // The account is known only inside the service: the key travels beside the request.
  const accountOf = new WeakMap<FastifyRequest, string>();
  const limiter = app.createRateLimit({
    ...limit,
    keyGenerator: (request: FastifyRequest) => `${prefix}:${accountOf.get(request) ?? ''}`,
  });
  return (request) => ({
    check: async (account) => {
      accountOf.set(request, account);
      const state = await limiter(request, { increment: false });
      if (!state.isAllowed && state.remaining <= 0) throw tooMany(state.ttl);
    },
    fail: async () => void (await limiter(request)),
  });
}
