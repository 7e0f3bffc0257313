import type { FastifyInstance } from 'fastify';
import type { Job } from '../../platform/scheduler.ts';
import { autoDealIdleRounds } from './auto-deal.ts';
import { announceRoundResult } from './round-announcements.ts';

/**
 * Deal or No Deal's job: a contestant idle for 2 minutes gets the current offer; each round ends once
 * across servers (FOR UPDATE SKIP LOCKED and the conditional end in autoDealIdleRounds).
 */
export function dealOrNoDealJobs(app: FastifyInstance): Job[] {
  return [
    {
      name: 'dealornodeal.auto-deal',
      intervalMs: 10_000,
      run: async (now) => {
        const ended = await autoDealIdleRounds(app.db, now);
        for (const row of ended) await announceRoundResult(app, row);
        return { dealOrNoDealAutoDeals: ended.length };
      },
    },
  ];
}
