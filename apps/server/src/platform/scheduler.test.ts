import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Config } from '../config.ts';
import { ManualClock } from './clock.ts';
import schedulerPlugin, { type Job } from './scheduler.ts';

/** A deferred: a job that runs until the test lets it finish. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

let app: FastifyInstance | undefined;
const events: string[] = [];

/** The scheduler on a bare Fastify instance; the stand-in db plugin records when it closes. */
async function build(jobs: Job[], options: { enabled?: boolean; intervalMs?: number } = {}): Promise<FastifyInstance> {
  events.length = 0;
  app = Fastify({ logger: false });
  app.decorate('config', { jobsIntervalMs: options.intervalMs ?? 0 } as Config);
  app.decorate('clock', new ManualClock('2026-01-01T00:00:00.000Z'));
  await app.register(
    fp(
      async (instance) => {
        instance.addHook('onClose', async () => void events.push('db closed'));
      },
      { name: 'db' },
    ),
  );
  await app.register(schedulerPlugin, { enabled: options.enabled ?? false });
  for (const job of jobs) app.scheduler.register(job);
  await app.ready();
  return app;
}

afterEach(async () => {
  vi.useRealTimers();
  await app?.close();
  app = undefined;
});

describe('scheduler', () => {
  it('runJobs runs every job once in registration order with one now, and merges their counts', async () => {
    const seen: string[] = [];
    const t = await build([
      { name: 'a.first', run: async (now) => void seen.push(`first ${now.toISOString()}`) },
      { name: 'b.second', run: async (now) => (seen.push(`second ${now.toISOString()}`), { drawn: 2 }) },
      { name: 'c.third', run: async () => ({ racesCompleted: 1 }) },
    ]);
    expect(await t.runJobs()).toEqual({ drawn: 2, racesCompleted: 1 });
    expect(seen).toEqual(['first 2026-01-01T00:00:00.000Z', 'second 2026-01-01T00:00:00.000Z']);
  });

  it('a job already running is joined, never started twice in one process', async () => {
    const release = gate();
    let starts = 0;
    const t = await build([
      {
        name: 'x.slow',
        run: async () => {
          starts += 1;
          await release.promise;
          return { done: 1 };
        },
      },
    ]);
    const first = t.runJobs();
    const second = t.runJobs();
    release.open();
    expect(await Promise.all([first, second])).toEqual([{ done: 1 }, { done: 1 }]);
    expect(starts).toBe(1);
    await t.runJobs();
    expect(starts).toBe(2);
  });

  it('a failing job does not stop the others; runJobs names it', async () => {
    const ran: string[] = [];
    const t = await build([
      { name: 'x.broken', run: async () => Promise.reject(new Error('boom')) },
      { name: 'y.fine', run: async () => void ran.push('fine') },
    ]);
    await expect(t.runJobs()).rejects.toThrow('scheduled jobs failed: x.broken');
    expect(ran).toEqual(['fine']);
  });

  it('refuses a second job of the same name and a job registered after the start', async () => {
    const t = await build([{ name: 'x.one', run: async () => {} }]);
    expect(() => t.scheduler.register({ name: 'x.two', run: async () => {} })).toThrow('registered after the app was ready');
    await t.close();
    app = Fastify({ logger: false });
    app.decorate('config', { jobsIntervalMs: 0 } as Config);
    await app.register(fp(async () => {}, { name: 'db' }));
    await app.register(schedulerPlugin, { enabled: false });
    app.scheduler.register({ name: 'x.one', run: async () => {} });
    expect(() => app!.scheduler.register({ name: 'x.one', run: async () => {} })).toThrow('registered twice');
  });

  it('the timer runs each job at its period, and not at all when disabled or when the period is 0', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const runs: string[] = [];
    const jobs: Job[] = [
      { name: 'x.default', run: async () => void runs.push('default') },
      { name: 'x.own', intervalMs: 5_000, run: async () => void runs.push('own') },
    ];
    await build(jobs, { enabled: true, intervalMs: 1_000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(runs.sort()).toEqual(['default', 'own']);
    runs.length = 0;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs.filter((r) => r === 'default')).toHaveLength(5);
    expect(runs.filter((r) => r === 'own')).toHaveLength(1);
    await app!.close();

    runs.length = 0;
    await build(jobs, { enabled: false, intervalMs: 1_000 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toEqual([]);
    await app!.close();

    // JOBS_INTERVAL_SECONDS=0 stops the jobs on the default period; a job with its own period stays.
    await build(jobs, { enabled: true, intervalMs: 0 });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toEqual(['own', 'own']);
  });

  it('close waits for the running work before the database closes, and starts no further job', async () => {
    const release = gate();
    const t = await build([
      {
        name: 'x.slow',
        run: async () => {
          await release.promise;
          events.push('slow done');
        },
      },
      { name: 'x.next', run: async () => void events.push('next ran') },
    ]);
    const run = t.runJobs();
    const closed = t.close();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).toEqual([]);
    release.open();
    await closed;
    await run;
    expect(events).toEqual(['slow done', 'db closed']);
    app = undefined;
  });
});
