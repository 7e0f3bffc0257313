import type { FastifyInstance } from 'fastify';
import type { Job } from '../../platform/scheduler.ts';
import { purgeOffenders } from './moderation-service.ts';

/** Chat moderation's job: forgetting old offenders, hourly. */
export function chatModerationJobs(app: FastifyInstance): Job[] {
  return [
    {
      name: 'chat-moderation.purge',
      intervalMs: 60 * 60_000,
      async run(now) {
        return { chatOffendersPurged: await purgeOffenders(app.db, now) };
      },
    },
  ];
}
