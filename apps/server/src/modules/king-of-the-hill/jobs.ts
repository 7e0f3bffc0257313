import type { FastifyInstance } from 'fastify';
import type { Job } from '../../platform/scheduler.ts';
import { endDuePeriods } from './king-of-the-hill-service.ts';

/** King of the Hill's job: the period that is due ends (its king paid once across servers). */
export function kingOfTheHillJobs(app: FastifyInstance): Job[] {
  return [{ name: 'king-of-the-hill.end-period', run: async (now) => ({ hillPeriodsEnded: await endDuePeriods(app.db, now) }) }];
}
