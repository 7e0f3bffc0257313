import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './test/factories.ts';
import { appJobs } from './jobs.ts';

const serverSrc = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe(`the job list, src/jobs.ts (${process.env.TEST_DB})`, () => {
  const t = useTestApp({ DEMO_FEED: 'true' });

  it('the built app registers exactly the listed jobs, in the listed order', () => {
    const listed = appJobs(t.app, { demoFeed: true }).map((job) => job.name);
    expect(t.app.scheduler.names()).toEqual(listed);
    // The order that jobs sharing a period run in, and runJobs() runs them all in.
    expect(listed).toEqual([
      'stream.events',
      'stream.twitch-events',
      'stream.blocks',
      'stream.tokens',
      'stream.twitch-tokens',
      'stream.subscriptions',
      'stream.purge',
      'stream.timers',
      'auth.purge-expired-tokens',
      'points.purge-idempotency-keys',
      'raffles.draw',
      'raffles.announce',
      'giveaways.tick',
      'races.complete',
      'races.refresh',
      'wagers.sync',
      'dealornodeal.auto-deal',
      'king-of-the-hill.end-period',
      'challenges.complete-due',
      'predictions.lock-due',
      'predictions.announce',
      'chat-moderation.purge',
      'developers.send-webhooks',
      'developers.purge-deliveries',
      'notifications.mail-retry',
      'notifications.purge-event-tickets',
      'wagers.demo-feed',
    ]);
    expect(appJobs(t.app, { demoFeed: false }).map((job) => job.name)).toEqual(listed.filter((name) => name !== 'wagers.demo-feed'));
  });

  it('no file but src/jobs.ts registers a job (a module builds its jobs in its jobs.ts; the list registers them)', () => {
    const registering = sourceFiles(serverSrc)
      .filter((file) => /scheduler\.register\(/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(serverSrc, file).split(path.sep).join('/'));
    expect(registering).toEqual(['jobs.ts']);
  });
});
