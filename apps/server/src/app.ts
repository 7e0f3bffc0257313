import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import type { Server } from 'node:http';
import Fastify, { type FastifyHttpOptions, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { webDistDir } from './lib/paths.ts';
import mailerPlugin from './mail/mailer.ts';
import authPlugin from './modules/auth/auth-plugin.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { securityRoutes } from './modules/auth/security-routes.ts';
import { casinoAccountRoutes } from './modules/casino-accounts/routes.ts';
import { wagerRoutes } from './modules/wagers/routes.ts';
import { giveawayRoutes } from './modules/giveaways/routes.ts';
import chatPlugin from './modules/chat/chat-plugin.ts';
import { chatRoutes } from './modules/chat/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { pointsRoutes } from './modules/points/routes.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { storeRoutes } from './modules/store/routes.ts';
import { raffleRoutes } from './modules/raffles/routes.ts';
import { dealOrNoDealRoutes } from './modules/deal-or-no-deal/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { raceRoutes } from './modules/races/routes.ts';
import { kingOfTheHillRoutes } from './modules/king-of-the-hill/routes.ts';
import { challengeRoutes } from './modules/challenges/routes.ts';
import { predictionRoutes } from './modules/predictions/routes.ts';
import { howToRoutes } from './modules/how-to/routes.ts';
import { chatModerationRoutes } from './modules/chat-moderation/routes.ts';
import { slotRoutes } from './modules/slots/routes.ts';
import { bonusHuntRoutes } from './modules/bonus-hunts/routes.ts';
import { developerRoutes } from './modules/developers/routes.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import schedulerPlugin from './platform/scheduler.ts';
import eventBusPlugin from './platform/event-bus.ts';
import { notificationRoutes, notificationsMachinery } from './modules/notifications/routes.ts';
import { registerJobs } from './jobs.ts';
import firstStartSeedPlugin from './first-start-seed.ts';
import dbPlugin from './plugins/db.ts';
import errorsPlugin from './plugins/errors.ts';
import openapiPlugin from './plugins/openapi.ts';
import restrictionsGuardPlugin from './platform/restrictions-guard.ts';
import rateLimitPlugin from './plugins/rate-limit.ts';
import securityPlugin from './plugins/security.ts';
import spaPlugin from './plugins/spa.ts';
import { logRedaction } from './plugins/request-log.ts';

export type BuildOptions = {
  /** PGlite in memory instead of DATA_DIR/db (tests). */
  inMemoryDb?: boolean;
  /** With inMemoryDb: start from this dump of a migrated database instead of an empty one (tests). */
  inMemoryFrom?: Blob;
  /** Where the built SPA is; default apps/web/dist. */
  webRoot?: string;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them); turns the logger on. */
  logStream?: { write: (line: string) => void };
  /** Where the start prints generated admin/demo logins; default stdout. */
  print?: (text: string) => void;
  /** The clock services read (tests pass a ManualClock); default the system clock. */
  clock?: Clock;
  /** Run the registered jobs (platform/scheduler.ts) on their timers; default on except NODE_ENV=test. */
  jobs?: boolean;
  /** The bot's pause between chat messages; default 1000 ms (Kick's pace). */
  chatIntervalMs?: number;
};

/** Assembles the app without listening: main.ts listens, tests use inject(). */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const serverOptions: FastifyHttpOptions<Server> = {
    logger:
      options.logger === false && !options.logStream
        ? false
        : { level: config.logLevel, ...logRedaction, ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: 100 * 1024,
    // Opening PGlite after a crash (WAL recovery) plus migrations can take longer than Fastify's
    // 10 s default on a busy machine; a slow start is better than a start that gives up.
    pluginTimeout: 120_000,
    trustProxy: config.trustProxy,
    // During a graceful stop (main.ts) a request on a still-open keep-alive connection is served
    // (with Connection: close) instead of refused with a 503: no 5xx when a server is stopped.
    return503OnClosing: false,
  };
  const app = Fastify(serverOptions).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('clock', options.clock ?? systemClock);

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cookie);
  await app.register(rateLimitPlugin, { config });
  await app.register(dbPlugin, { config, inMemory: options.inMemoryDb, inMemoryFrom: options.inMemoryFrom });
  // Before the modules and the job list (jobs.ts); after the db, whose close waits for it.
  await app.register(schedulerPlugin, { enabled: options.jobs ?? config.env !== 'test' });
  await app.register(eventBusPlugin);
  await app.register(openapiPlugin);
  await app.register(restrictionsGuardPlugin);

  await app.register(mailerPlugin, { config });
  await app.register(authPlugin, { config });
  // The accounts and the sample data, under one lock across servers (first-start-seed.ts).
  await app.register(firstStartSeedPlugin, { config, print: options.print });

  await app.register(chatPlugin, { chatIntervalMs: options.chatIntervalMs });
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(securityRoutes);
  await app.register(profileRoutes);
  await app.register(pointsRoutes);
  await app.register(storeRoutes);
  await app.register(raffleRoutes);
  await app.register(giveawayRoutes);
  await app.register(adminRoutes);
  await app.register(raceRoutes);
  await app.register(casinoAccountRoutes);
  await app.register(wagerRoutes);
  await app.register(chatRoutes);
  await app.register(slotRoutes);
  await app.register(bonusHuntRoutes);
  await app.register(dealOrNoDealRoutes);
  await app.register(kingOfTheHillRoutes);
  await app.register(challengeRoutes);
  await app.register(predictionRoutes);
  await app.register(howToRoutes);
  await app.register(chatModerationRoutes);
  await app.register(developerRoutes);
  await app.register(notificationsMachinery);
  await app.register(notificationRoutes);
  // Every module's jobs, in their one order, once the plugins they read are registered.
  registerJobs(app, { demoFeed: config.demoFeed });

  await app.register(spaPlugin, { root: options.webRoot ?? config.webDistDir ?? webDistDir });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The one source of "now" (platform/clock.ts). */
    clock: Clock;
  }
}
