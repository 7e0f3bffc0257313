import type { FastifyInstance } from 'fastify';
import type { Job } from '../../platform/scheduler.ts';
import { GENERATED_DEMO_EMAIL } from '../auth/index.ts';
import { DEMO_FEED_INTERVAL_MS, ensureDemoPlayers, ensureDemoUserStakeAccount, runDemoFeed } from './demo-feed.ts';
import { runDueWagerSyncs } from './sync-service.ts';

/** The partner casinos' wager sync: each due partner once per period across servers (runDueWagerSyncs claims it by a conditional update). */
export function wagerSyncJobs(app: FastifyInstance): Job[] {
  return [
    {
      name: 'wagers.sync',
      run: (now) => runDueWagerSyncs(app.bulkDb, now, { onError: (partner, error) => app.log.error({ err: error, partner }, 'wager sync failed') }),
    },
  ];
}

/**
 * The demo feed (demo-feed.ts), when DEMO_FEED is on: a job with its own period (so
 * JOBS_INTERVAL_SECONDS=0 leaves it on). Its period claim in app_settings keeps it once across servers.
 */
export function demoFeedJobs(app: FastifyInstance, enabled: boolean): Job[] {
  if (!enabled) return [];
  return [
    {
      name: 'wagers.demo-feed',
      intervalMs: DEMO_FEED_INTERVAL_MS,
      run: async (now) => {
        await ensureDemoPlayers(app.db, now);
        await ensureDemoUserStakeAccount(app.db, app.config.demo?.email ?? GENERATED_DEMO_EMAIL, now);
        const result = await runDemoFeed(app.db, now, app.config.demo?.email ?? GENERATED_DEMO_EMAIL);
        if (result.ran) app.log.debug(result, 'demo feed');
      },
    },
  ];
}
