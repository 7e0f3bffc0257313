import type { FastifyInstance } from 'fastify';
import type { Job } from '../../platform/scheduler.ts';
import { drawDueRaffles } from './draw-raffle.ts';
import { dueRaffleAnnouncements } from './raffle-announcements.ts';

/** The raffles' jobs: the draw, then the bot's news of it. */
export function raffleJobs(app: FastifyInstance): Job[] {
  return [
    // Ended raffles are drawn once across servers: each draw is claimed by drawRaffle's conditional update.
    { name: 'raffles.draw', run: async (now) => ({ drawn: await drawDueRaffles(app.db, now) }) },
    // The bot's raffle news in chat (the 'giveaway' switch, checked when sent), after the draws of the same tick; each claimed once across servers.
    {
      name: 'raffles.announce',
      intervalMs: 5000,
      async run(now) {
        const due = await dueRaffleAnnouncements(app.db, app.config.appOrigin, now);
        for (const a of due) void app.stream.announce(a.content, 'giveaway');
        return { raffleAnnouncements: due.length };
      },
    },
  ];
}
