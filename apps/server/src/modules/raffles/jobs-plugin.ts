import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { purgeExpiredAuthTokens } from '../auth/token-purge.ts';
import { purgeIdempotencyKeys } from '../points/idempotency.ts';
import { completeDueRaces, refreshStaleRaces } from '../races/races-service.ts';
import { runDueWagerSyncs } from '../wagers/sync-service.ts';
import { drawDueRaffles } from './raffles-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the scheduled work once now (tests call it after moving the clock). */
    runJobs: () => Promise<{ drawn: number; racesCompleted: number }>;
  }
}

/**
 * Background work on a timer (ARCHITECTURE: background work runs once): draws ended raffles and
 * purges old Idempotency-Keys and expired one-time auth tokens. Each piece is safe with several servers (drawRaffle's conditional
 * update) and after a crash (one transaction per draw). Runs never overlap within a process.
 */
async function jobsPlugin(app: FastifyInstance, opts: { enabled: boolean }): Promise<void> {
  let running: Promise<{ drawn: number; racesCompleted: number }> | null = null;
  const runJobs = () => {
    running ??= (async () => {
      try {
        const now = app.clock.now();
        const drawn = await drawDueRaffles(app.db, now);
        await purgeIdempotencyKeys(app);
        await purgeExpiredAuthTokens(app.db, now);
        // Races (issue 11): finished ones complete once, with their final standings kept.
        const racesCompleted = await completeDueRaces(app.bulkDb, now);
        await refreshStaleRaces(app.bulkDb, now);
        // Partner casinos' wager sync (issue 11): each due partner once per period across servers.
        const syncs = await runDueWagerSyncs(app.bulkDb, now, { onError: (partner, error) => app.log.error({ err: error, partner }, 'wager sync failed') });
        if (syncs.synced + syncs.failed > 0) app.log.info(syncs, 'wager syncs');
        if (drawn > 0) app.log.info({ drawn }, 'raffles drawn');
        if (racesCompleted > 0) app.log.info({ racesCompleted }, 'races completed');
        return { drawn, racesCompleted };
      } finally {
        running = null;
      }
    })();
    return running;
  };
  app.decorate('runJobs', runJobs);

  const interval = app.config.jobsIntervalMs;
  if (!opts.enabled || interval <= 0) return;
  const tick = () => {
    runJobs().catch((error: unknown) => app.log.error({ err: error }, 'scheduled jobs failed'));
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, interval);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running?.catch(() => {});
  });
}

export default fp(jobsPlugin, { name: 'jobs', dependencies: ['db'] });
