import type { FastifyInstance } from 'fastify';
import type { Job } from '../../platform/scheduler.ts';
import { winnersText } from './giveaway-announcements.ts';
import { runGiveawayJob } from './run-giveaway-job.ts';

/** The chat giveaways' job: close, draw (the bot announces the winners) and the automatic claim. */
export function giveawayJobs(app: FastifyInstance): Job[] {
  const origin = app.config.appOrigin;
  return [
    {
      name: 'giveaways.tick',
      intervalMs: 5000,
      async run(now) {
        const outcome = await runGiveawayJob(app.db, now);
        // After the commits: each draw was claimed by one server, which alone announces it.
        // A test giveaway's winners are not announced on the platform.
        for (const drawn of outcome.drawn) if (!drawn.row.isTest) void app.stream.announce(winnersText(drawn, origin), 'giveaway');
        return {
          giveawaysClosed: outcome.closed.length,
          giveawaysDrawn: outcome.drawn.length,
          giveawayClaims: outcome.claimed,
        };
      },
    },
  ];
}
