import type { FastifyInstance } from 'fastify';
import { authJobs } from './modules/auth/jobs.ts';
import { challengeJobs } from './modules/challenges/jobs.ts';
import { chatModerationJobs } from './modules/chat-moderation/jobs.ts';
import { streamJobs } from './modules/chat/jobs.ts';
import { dealOrNoDealJobs } from './modules/deal-or-no-deal/jobs.ts';
import { developerJobs } from './modules/developers/jobs.ts';
import { giveawayJobs } from './modules/giveaways/jobs.ts';
import { kingOfTheHillJobs } from './modules/king-of-the-hill/jobs.ts';
import { notificationJobs } from './modules/notifications/jobs.ts';
import { pointsJobs } from './modules/points/jobs.ts';
import { predictionJobs } from './modules/predictions/jobs.ts';
import { raceJobs } from './modules/races/jobs.ts';
import { raffleJobs } from './modules/raffles/jobs.ts';
import { demoFeedJobs, wagerSyncJobs } from './modules/wagers/jobs.ts';
import type { Job } from './platform/scheduler.ts';

export type JobListOptions = {
  /** DEMO_FEED: the demo feed's job is listed. */
  demoFeed: boolean;
};

/**
 * Every job of the app, each built by its module's jobs.ts, in the one order they run in: the jobs
 * that share a period run one after the other in this order (platform/scheduler.ts), and runJobs()
 * runs them all in it. A module's jobs keep their own order (e.g. the raffle draw before the news of
 * it). The constraints between modules are noted at their entries; the rest is the order they had.
 */
export function appJobs(app: FastifyInstance, opts: JobListOptions): Job[] {
  return [
    ...streamJobs(app),
    ...authJobs(app),
    ...pointsJobs(app),
    ...raffleJobs(app),
    ...giveawayJobs(app),
    // Before the wager sync: one tick completes and refreshes the races before it stores new wagers.
    ...raceJobs(app),
    ...wagerSyncJobs(app),
    ...dealOrNoDealJobs(app),
    ...kingOfTheHillJobs(app),
    ...challengeJobs(app),
    ...predictionJobs(app),
    ...chatModerationJobs(app),
    ...developerJobs(app),
    ...notificationJobs(app),
    // Its own period; last, as it was registered when it was a plugin of its own.
    ...demoFeedJobs(app, opts.demoFeed),
  ];
}

/**
 * Registers the list with the scheduler, once, from buildApp after the plugins the jobs read
 * (app.chat and app.stream of the chat plugin, app.notificationLinks, the mailer). No other file
 * registers a job (jobs.test.ts checks the tree).
 */
export function registerJobs(app: FastifyInstance, opts: JobListOptions): void {
  for (const job of appJobs(app, opts)) app.scheduler.register(job);
}
