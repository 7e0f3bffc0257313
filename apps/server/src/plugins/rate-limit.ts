import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';

/**
 * Registers @fastify/rate-limit with no global limit: routes opt in through `config.rateLimit`.
 * With REDIS_URL the counters live in Redis, so every server process shares them.
 */
async function rateLimitPlugin(app: FastifyInstance, opts: { config: Config }): Promise<void> {
  const redis = opts.config.redisUrl ? new Redis(opts.config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false }) : undefined;
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'rl:' } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      ok: false,
      code: 'RATE_LIMITED',
      error: `Too many attempts. Try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`,
    }),
  });
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => {})));
}

export default fp(rateLimitPlugin, { name: 'rate-limit' });

/**
 * A route's limit per signed-in member instead of per address (`config: { rateLimit: perMember(...) }`):
 * counted after the route's own authentication (the preHandler stage, where request.userId is set),
 * so a member cannot spread a burst over addresses and members behind one address do not share one
 * budget. Answers 429 RATE_LIMITED with Retry-After like every other limit.
 */
export function perMember(limit: { max: number; timeWindow: number }) {
  return {
    ...limit,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => (request.userId ? `member:${request.userId}` : `ip:${request.ip}`),
  };
}
