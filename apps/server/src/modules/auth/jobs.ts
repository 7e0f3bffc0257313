import type { FastifyInstance } from 'fastify';
import type { Job } from '../../platform/scheduler.ts';
import { purgeExpiredAuthTokens } from './token-purge.ts';

/** Auth's job: expired tokens out; idempotent deletes, so every server may run it. */
export function authJobs(app: FastifyInstance): Job[] {
  return [{ name: 'auth.purge-expired-tokens', run: async (now) => void (await purgeExpiredAuthTokens(app.db, now)) }];
}
