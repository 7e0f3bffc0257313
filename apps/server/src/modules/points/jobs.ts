import type { FastifyInstance } from 'fastify';
import { purgeIdempotencyKeys } from '../../platform/idempotency.ts';
import type { Job } from '../../platform/scheduler.ts';

/** The points module's job: Idempotency-Keys past retention out; an idempotent delete, so every server may run it. */
export function pointsJobs(app: FastifyInstance): Job[] {
  return [{ name: 'points.purge-idempotency-keys', run: async () => void (await purgeIdempotencyKeys(app)) }];
}
