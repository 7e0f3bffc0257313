import type { FastifyInstance } from 'fastify';
import type { Job } from '../../platform/scheduler.ts';
import { lockDuePredictions } from './lock-prediction.ts';
import { duePredictionAnnouncements } from './prediction-announcements.ts';

/**
 * The predictions' jobs: the open ones whose window passed lock (one conditional update), then the
 * bot's news of the same tick (opened, locked, ended), each claimed once across servers.
 */
export function predictionJobs(app: FastifyInstance): Job[] {
  return [
    { name: 'predictions.lock-due', intervalMs: 5000, run: async (now) => ({ predictionsLocked: await lockDuePredictions(app.db, now) }) },
    {
      name: 'predictions.announce',
      intervalMs: 5000,
      async run(now) {
        const due = await duePredictionAnnouncements(app.db, app.config.appOrigin, now);
        for (const content of due) void app.stream.announce(content);
        return { predictionAnnouncements: due.length };
      },
    },
  ];
}
