import type { FastifyInstance, FastifyReply } from 'fastify';
import type { LiveEvent } from './event-bus.ts';

/**
 * The public reads that overlays and thousands of viewers poll together (a hunt, the giveaways, the
 * Deal or No Deal round, the race board), kept per process for at most a second: one database read
 * and one serialisation a second serve everyone (docs/decisions.md). Behind the live channel: the
 * event that announces a change (committed on any server, heard here on the bus) drops the entries
 * it names at once, so a page that refetches on the event reads the new figures; the TTL bounds
 * what no event announces (time passing, a name's visibility). A `resync` of the bus (events may
 * have been missed) drops everything. Nothing here is a source of truth: losing it costs one read.
 *
 * Only what every caller sees is cached; a signed-in caller's own part is read and added per request.
 */

const DEFAULT_TTL_MS = 1_000;
const DEFAULT_MAX_KEYS = 200;

type Entry<T> = { at: number; value: Promise<T> };

export class ReadCache<T = string> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly now: () => Date,
    private readonly ttlMs = DEFAULT_TTL_MS,
    private readonly maxKeys = DEFAULT_MAX_KEYS,
  ) {}

  /** The key's value, read by `load` when there is none younger than the TTL (one read at a time per key). */
  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.now().getTime();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs && now >= hit.at) return hit.value;
    if (this.entries.size >= this.maxKeys) this.entries.clear();
    const value = load();
    const entry = { at: now, value };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  drop(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * What an event makes stale: the keys to drop, 'all', or nothing. Events of every server arrive
 * here (the bus is PostgreSQL LISTEN/NOTIFY), this process's own included.
 */
export type StaleKeys = (event: LiveEvent) => readonly string[] | 'all' | null;

/**
 * A read cache of this app, dropped by the live channel's events (`staleOn`) and cleared on a
 * resync; unsubscribed when the app closes.
 */
export function liveReadCache<T = string>(app: Pick<FastifyInstance, 'clock' | 'eventBus' | 'addHook'>, staleOn: StaleKeys, ttlMs?: number): ReadCache<T> {
  const cache = new ReadCache<T>(() => app.clock.now(), ttlMs);
  const unsubscribe = app.eventBus.subscribe((message) => {
    if (message.kind === 'resync') return cache.clear();
    const keys = staleOn(message.event);
    if (keys === 'all') cache.clear();
    else if (keys) for (const key of keys) cache.drop(key);
  });
  app.addHook('onClose', async () => unsubscribe());
  return cache;
}

/** Sends JSON text as it is (a string with a JSON type is not serialised again by the response schema). */
export function sendJsonText<T>(reply: FastifyReply, json: string): T {
  return reply.type('application/json; charset=utf-8').send(json) as unknown as T;
}

/** `{...a}` and `{...b}` (both JSON object texts) as one object's text: a cached shared part plus a caller's own part. */
export function mergeJsonObjects(shared: string, own: object): string {
  const extra = JSON.stringify(own);
  return extra === '{}' ? shared : `${shared.slice(0, -1)},${extra.slice(1)}`;
}
