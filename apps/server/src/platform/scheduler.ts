import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * What a job reports (e.g. `{ drawn: 2 }`): logged when a count is not zero, and merged into
 * runJobs()'s answer, so the names stay distinct across jobs. A job with nothing to report returns
 * nothing.
 */
type JobCounts = Record<string, number>;

export type Job = {
  /** `<module>.<what>`, e.g. 'raffles.draw'; unique; names the job in the log. */
  name: string;
  /** How often the timer runs it; default JOBS_INTERVAL_SECONDS (where 0 turns those jobs' timer off). */
  intervalMs?: number;
  /**
   * The work, given the run's now. It must be safe with several servers running it at once (a
   * conditional update or an advisory lock claims the work; a purge is idempotent): every server
   * runs every job, nothing elects a leader.
   */
  run: (now: Date) => Promise<JobCounts | void>;
};

type Scheduler = {
  /** Adds a job, before the app is ready: src/jobs.ts registers the app's list once, in its order. */
  register: (job: Job) => void;
  /** The registered jobs' names, in registration order. */
  names: () => string[];
};

declare module 'fastify' {
  interface FastifyInstance {
    scheduler: Scheduler;
    /**
     * Runs every registered job once now, in registration order, and merges their counts
     * (`drawn`, `racesCompleted`, ...). Tests call it after moving the clock. A job already running
     * in this process is joined, not started again. Rejects after the others ran if one failed.
     */
    runJobs: () => Promise<JobCounts>;
  }
}

type Entry = { job: Job; running: Promise<JobCounts | void> | null };

/**
 * The background work of every module (ARCHITECTURE: background work runs once): each module builds
 * its named jobs (its jobs.ts), src/jobs.ts registers them in one list, and the timer runs them. Runs
 * of one job never overlap within a process; jobs that share a period run one after the other in
 * registration order (the list's), so one tick's load is what it was when they were one function.
 * Errors are logged per job and do not stop the others. The timer is off when `enabled` is false
 * (NODE_ENV=test unless buildApp says otherwise); onClose waits for the work that is running.
 */
async function schedulerPlugin(app: FastifyInstance, opts: { enabled: boolean }): Promise<void> {
  const entries: Entry[] = [];
  const turns = new Set<Promise<unknown>>();
  let isStarted = false;
  let isClosing = false;

  function register(job: Job): void {
    if (isStarted) throw new Error(`scheduler: job ${job.name} registered after the app was ready`);
    if (entries.some((e) => e.job.name === job.name)) throw new Error(`scheduler: job ${job.name} registered twice`);
    entries.push({ job, running: null });
  }

  function runEntry(entry: Entry, now: Date): Promise<JobCounts | void> {
    entry.running ??= entry.job.run(now).finally(() => {
      entry.running = null;
    });
    return entry.running;
  }

  /** Runs the given jobs one after the other; returns their merged counts and the failures. */
  function runInTurn(group: Entry[]): Promise<{ counts: JobCounts; failures: { name: string; error: unknown }[] }> {
    const turn = runGroup(group);
    turns.add(turn);
    const forget = () => turns.delete(turn);
    turn.then(forget, forget);
    return turn;
  }

  async function runGroup(group: Entry[]): Promise<{ counts: JobCounts; failures: { name: string; error: unknown }[] }> {
    const now = app.clock.now();
    const counts: JobCounts = {};
    const failures: { name: string; error: unknown }[] = [];
    for (const entry of group) {
      // Closing: the jobs not started yet wait for the next start (the database is about to close).
      if (isClosing) break;
      try {
        const reported = await runEntry(entry, now);
        if (reported && Object.values(reported).some((n) => n > 0)) app.log.info({ job: entry.job.name, ...reported }, 'scheduled job done');
        Object.assign(counts, reported);
      } catch (error) {
        app.log.error({ err: error, job: entry.job.name }, 'scheduled job failed');
        failures.push({ name: entry.job.name, error });
      }
    }
    return { counts, failures };
  }

  async function runJobs(): Promise<JobCounts> {
    const { counts, failures } = await runInTurn(entries);
    if (failures.length > 0) {
      throw new AggregateError(
        failures.map((f) => f.error),
        `scheduled jobs failed: ${failures.map((f) => f.name).join(', ')}`,
      );
    }
    return counts;
  }

  app.decorate('scheduler', { register, names: () => entries.map((e) => e.job.name) } satisfies Scheduler);
  app.decorate('runJobs', runJobs);

  const timers: NodeJS.Timeout[] = [];
  app.addHook('onReady', async () => {
    isStarted = true;
    if (!opts.enabled) return;
    const groups = new Map<number, Entry[]>();
    for (const entry of entries) {
      const interval = entry.job.intervalMs ?? app.config.jobsIntervalMs;
      if (interval <= 0) continue;
      groups.set(interval, [...(groups.get(interval) ?? []), entry]);
    }
    for (const [interval, group] of groups) {
      // Failures are logged per job inside runInTurn; a tick never rejects.
      const tick = () => void runInTurn(group);
      tick();
      const timer = setInterval(tick, interval);
      timer.unref();
      timers.push(timer);
    }
  });
  // Registered after the db plugin, so this runs before the database closes.
  app.addHook('onClose', async () => {
    isClosing = true;
    for (const timer of timers) clearInterval(timer);
    await Promise.allSettled([...turns]);
  });
}

export default fp(schedulerPlugin, { name: 'scheduler', dependencies: ['db'] });
