import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../platform/clock.ts';

export function tooMany(ttlMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return new AppError('RATE_LIMITED', `Too many attempts. Try again in ${seconds} seconds.`, {
    headers: { 'retry-after': String(seconds) },
  });
}

/**
 * Counters of attempts in fixed windows: `hit` counts first and answers the new count, so of many
 * concurrent attempts only the first `max` see a count within the limit (reading the counter,
 * checking the password and counting afterwards let every concurrent request pass). `undo` takes an
 * attempt back: a right password or code does not use up the budget.
 */
export type AttemptStore = {
  hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
  undo(key: string): Promise<void>;
  close?: () => Promise<void>;
};

type Counter = { count: number; resetAt: number };

/**
 * One process's counters (without REDIS_URL). Bounded: when full, expired counters go first, then
 * the counters with the fewest attempts. A flood of one-off attempts under fresh keys (an attacker
 * trying many names) pushes out only counters as small as its own, never one that has failures piling
 * up on it, so flooding cannot reset a victim's counter. Several servers share nothing this way: they
 * need REDIS_URL (docs/operations.md).
 */
export class MemoryAttemptStore implements AttemptStore {
  readonly #counters = new Map<string, Counter>();
  readonly #capacity: number;
  readonly #clock: Clock;

  constructor(clock: Clock, capacity = 100_000) {
    this.#clock = clock;
    this.#capacity = capacity;
  }

  get size(): number {
    return this.#counters.size;
  }

  async hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }> {
    const now = this.#clock.now().getTime();
    const counter = this.#counters.get(key);
    if (counter && counter.resetAt > now) {
      counter.count += 1;
      return { count: counter.count, ttlMs: counter.resetAt - now };
    }
    if (!counter && this.#counters.size >= this.#capacity) this.#makeRoom(now);
    this.#counters.set(key, { count: 1, resetAt: now + windowMs });
    return { count: 1, ttlMs: windowMs };
  }

  async undo(key: string): Promise<void> {
    const counter = this.#counters.get(key);
    if (counter && counter.count > 0) counter.count -= 1;
  }

  #makeRoom(now: number): void {
    for (const [key, counter] of this.#counters) if (counter.resetAt <= now) this.#counters.delete(key);
    if (this.#counters.size < this.#capacity) return;
    // A tenth at once, so a flood does not sort on every new key.
    const drop = Math.max(1, Math.floor(this.#capacity / 10));
    const smallest = [...this.#counters].sort((a, b) => a[1].count - b[1].count).slice(0, drop);
    for (const [key] of smallest) this.#counters.delete(key);
  }
}

// INCR and the window's expiry in one step, so two processes never both start a window.
const HIT_SCRIPT = `local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {c, redis.call('PTTL', KEYS[1])}`;
const UNDO_SCRIPT = `local c = tonumber(redis.call('GET', KEYS[1]) or '0')
if c > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/** The counters in Redis (REDIS_URL): every server process counts together. */
export function redisAttemptStore(redis: Redis): AttemptStore {
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, `attempts:${key}`, String(windowMs))) as [number, number];
      return { count, ttlMs: ttl > 0 ? ttl : windowMs };
    },
    async undo(key) {
      await redis.eval(UNDO_SCRIPT, 1, `attempts:${key}`);
    },
    close: async () => void (await redis.quit().catch(() => {})),
  };
}

type Limit = { max: number; timeWindow: number };

/**
 * Wrong attempts (a wrong password, a wrong second-factor code) counted per account and per
 * (account, client address): someone guessing from one address runs out of their own budget long
 * before the account's, so the owner, signing in from elsewhere, is not locked out by them; the
 * account's ceiling bounds guessing from many addresses. The account is the resolved user id (so an
 * e-mail and a username are one budget), or the identifier as typed when no account has it (the same
 * answers either way).
 */
export type FailureLimit = {
  /** Counts this attempt first; 429 RATE_LIMITED when the account or this address has none left. */
  begin: (account: string) => Promise<void>;
  /** The attempt was right: it does not count. */
  succeeded: () => Promise<void>;
};

export function accountFailureLimit(
  app: FastifyInstance,
  limits: { perAccount: Limit; perAccountAndAddress: Limit },
  prefix: string,
): (request: FastifyRequest) => FailureLimit {
  return (request) => {
    let counted: string[] = [];
    return {
      begin: async (account) => {
        const keys: [string, Limit][] = [
          [`${prefix}:${account}`, limits.perAccount],
          [`${prefix}:${account}@${request.ip}`, limits.perAccountAndAddress],
        ];
        counted = keys.map(([key]) => key);
        const hits = await Promise.all(keys.map(([key, limit]) => app.attempts.hit(key, limit.timeWindow)));
        const over = hits.filter((hit, i) => hit.count > keys[i]![1].max);
        if (over.length > 0) throw tooMany(Math.max(...over.map((hit) => hit.ttlMs)));
      },
      succeeded: async () => {
        await Promise.all(counted.map((key) => app.attempts.undo(key)));
        counted = [];
      },
    };
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The wrong-attempt counters (Redis with REDIS_URL, else this process's memory). */
    attempts: AttemptStore;
  }
}
