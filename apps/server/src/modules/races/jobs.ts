import type { FastifyInstance } from 'fastify';
import type { Job } from '../../platform/scheduler.ts';
import { completeDueRaces, refreshStaleRaces } from './races-service.ts';

/**
 * The races' jobs: completion, then the refresh of stale standings. A race completes once across
 * servers (a conditional update of its status in its transaction). src/jobs.ts lists them before
 * the wager sync, so one tick completes and refreshes the races before it stores new wagers.
 */
export function raceJobs(app: FastifyInstance): Job[] {
  return [
    { name: 'races.complete', run: async (now) => ({ racesCompleted: await completeDueRaces(app.bulkDb, now) }) },
    { name: 'races.refresh', run: async (now) => void (await refreshStaleRaces(app.bulkDb, now)) },
  ];
}
