import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import type { LiveEventName } from '@app/shared/api/notifications';
import type { Database } from '../db/client.ts';
import type { Tx } from '../db/tx.ts';

/**
 * The live channel between servers (ARCHITECTURE: nothing that matters lives in one process's
 * memory). A service publishes an event inside its transaction with `publishEvent(tx, ...)`: a
 * PostgreSQL NOTIFY, which the database delivers to every listening server only when that
 * transaction commits (a rolled-back act announces nothing). Balance changes are announced by a
 * trigger on users (migration 0015), so no writer of points has to remember them.
 *
 * PostgreSQL: one dedicated connection of each server LISTENs, and reconnects with back-off when it
 * is lost; subscribers then get a `resync` (events of the gap may be lost: pages refetch). PGlite:
 * the same NOTIFY through PGlite's own listen() in the one process.
 *
 * Every event carries a number from the sequence live_event_seq, the same on every server, which
 * the SSE streams send as their id; each server keeps the events of the last RECENT_MS so a stream
 * that reconnects (to any server) resumes after its Last-Event-ID.
 */

const EVENT_CHANNEL = 'rh_events';
/** How long a server keeps events for Last-Event-ID resumption. */
const RECENT_MS = 5 * 60_000;
const RECENT_MAX = 20_000;
/** How far out of id order the kept events may arrive (concurrent transactions' commits). */
const REORDER_SLACK = 256;

/**
 * Events the servers act on and never send to a browser: `streams_end` closes the member's open
 * event streams on every server: all of them (data null: a permanent ban; the member's next ticket
 * is refused), or those opened by the sessions it names (StreamsEndData: the sessions just ended,
 * published in the transaction that ended them). `read_stale` (ReadStaleData, no topic: no stream
 * hears it) tells every server's read caches that a shared read changed in a way its page does not
 * refetch for (a chat entry changes a count): see publishStale.
 */
type InternalEventName = 'streams_end' | 'read_stale';
type BusEventName = LiveEventName | InternalEventName;
/** `data` of a `streams_end` that names sessions; null ends every stream of the member. */
export type StreamsEndData = { sessionIds: string[] };

/** One event as subscribers see it: for one member (userId) or a public topic. */
export type LiveEvent = {
  id: number;
  name: BusEventName;
  /** The member it is for; null for a public topic. */
  userId: string | null;
  /** The public topic (`race`, `raffle:<id>`, `hunt:<id>`); null for a member's event. */
  topic: string | null;
  data: unknown;
};

/** What a subscriber hears: events, and `resync` after the server's listening connection came back. */
export type BusMessage = { kind: 'event'; event: LiveEvent } | { kind: 'resync' };

export type EventBus = {
  subscribe: (listener: (message: BusMessage) => void) => () => void;
  /** The events kept for resumption whose id is above `afterId`, oldest first. */
  since: (afterId: number) => LiveEvent[];
  /** Is the server listening now (the health of the live channel)? */
  isListening: () => boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    eventBus: EventBus;
  }
}

/** `data` of a `read_stale`: the cached read that changed (`giveaways`, `dond`). */
export type ReadStaleData = { read: string };

/** What a service hands publishEvent. */
type EventInput = { name: BusEventName; userId?: string | null; topic?: string | null; data: unknown };

/**
 * Announces an event when the caller's transaction commits (outside one: at once). The payload
 * must stay under PostgreSQL's 8000 bytes: events carry ids and figures, not documents.
 */
export async function publishEvent(tx: Database | Tx, input: EventInput): Promise<void> {
  const data = JSON.stringify(input.data);
  await tx.execute(sql`select pg_notify(${EVENT_CHANNEL}, json_build_object(
    'id', nextval('live_event_seq'), 't', ${input.name}::text, 'u', ${input.userId ?? null}::text,
    'k', ${input.topic ?? null}::text, 'd', ${data}::json)::text)`);
}

/**
 * Tells every server's read caches (platform/read-cache.ts) that the shared read `read` changed, in
 * the change's transaction, without an event for the browsers (an entry burst must not make every
 * page refetch).
 */
export async function publishStale(tx: Database | Tx, read: string): Promise<void> {
  await publishEvent(tx, { name: 'read_stale', data: { read } satisfies ReadStaleData });
}

/**
 * Announces one public-topic event per row of `source` (a query with the columns `topic` text and
 * `data` json) in ONE statement: a batch of changes costs one round trip, not one per change.
 * Transactional like publishEvent.
 */
export async function publishTopicRows(tx: Database | Tx, name: LiveEventName, source: SQL): Promise<void> {
  await tx.execute(sql`select pg_notify(${EVENT_CHANNEL}, json_build_object(
    'id', nextval('live_event_seq'), 't', ${name}::text, 'u', null::text, 'k', s.topic, 'd', s.data)::text)
    from (${source}) as s`);
}

type Wire = { id: number; t: BusEventName; u?: string | null; k?: string | null; d?: unknown; b?: [string, number | string][] };

/** A NOTIFY payload as events: a balance chunk of the trigger is one event per member. */
function parsePayload(payload: string): LiveEvent[] {
  let wire: Wire;
  try {
    wire = JSON.parse(payload) as Wire;
  } catch {
    return [];
  }
  if (typeof wire.id !== 'number' || typeof wire.t !== 'string') return [];
  if (wire.t === 'balance' && Array.isArray(wire.b)) {
    return wire.b.map(([userId, points]) => ({ id: wire.id, name: 'balance', userId, topic: null, data: { points: Number(points) } }));
  }
  return [{ id: wire.id, name: wire.t, userId: wire.u ?? null, topic: wire.k ?? null, data: wire.d ?? null }];
}

/** The subscribers and the recent events; fed by either listener below. */
export class EventHub implements EventBus {
  private readonly listeners = new Set<(message: BusMessage) => void>();
  private readonly recent: { at: number; event: LiveEvent }[] = [];
  listening = false;

  constructor(private readonly now: () => number) {}

  subscribe(listener: (message: BusMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  since(afterId: number): LiveEvent[] {
    this.trim();
    // The kept events are in arrival (commit) order, which is id order but for transactions that
    // drew their ids and committed in another order, a few at a time. So the scan goes back from the
    // newest only until REORDER_SLACK events at or below `afterId` have passed: a reconnect storm of
    // every stream costs each one what it missed, not a walk over all RECENT_MAX kept events.
    let from = this.recent.length;
    for (let older = 0; from > 0 && older < REORDER_SLACK; from -= 1) if (this.recent[from - 1]!.event.id <= afterId) older += 1;
    const out: LiveEvent[] = [];
    for (let i = from; i < this.recent.length; i += 1) if (this.recent[i]!.event.id > afterId) out.push(this.recent[i]!.event);
    return out;
  }

  isListening(): boolean {
    return this.listening;
  }

  receive(payload: string): void {
    const at = this.now();
    for (const event of parsePayload(payload)) {
      this.recent.push({ at, event });
      this.emit({ kind: 'event', event });
    }
    this.trim();
  }

  emit(message: BusMessage): void {
    for (const listener of this.listeners) {
      try {
        listener(message);
      } catch {
        // A subscriber's failure (a stream that just closed) must not stop the others.
      }
    }
  }

  private trim(): void {
    const oldest = this.now() - RECENT_MS;
    let drop = 0;
    while (drop < this.recent.length && (this.recent[drop]!.at < oldest || this.recent.length - drop > RECENT_MAX)) drop += 1;
    if (drop > 0) this.recent.splice(0, drop);
  }
}

/** Reconnect delays of the listening connection: 250 ms doubling up to 5 s. */
function reconnectDelay(failures: number): number {
  return Math.min(5_000, 250 * 2 ** Math.min(failures, 5));
}

/**
 * PostgreSQL: a connection of its own (not the pool's: LISTEN belongs to a session) that LISTENs,
 * and opens again after an error or end, until stopped.
 */
function listenPostgres(url: string, hub: EventHub, log: FastifyInstance['log']): { stop: () => Promise<void>; client: () => pg.Client | null } {
  let client: pg.Client | null = null;
  let stopped = false;
  let failures = 0;
  let timer: NodeJS.Timeout | null = null;
  let hadConnection = false;

  const schedule = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, reconnectDelay(failures));
    timer.unref();
  };

  async function connect(): Promise<void> {
    if (stopped) return;
    const c = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5_000 });
    client = c;
    const lost = () => {
      if (client !== c) return;
      client = null;
      hub.listening = false;
      c.removeAllListeners('notification');
      void c.end().catch(() => {});
      if (!stopped) log.warn('event bus: the listening connection was lost; reconnecting');
      schedule();
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (message) => {
      if (message.channel === EVENT_CHANNEL && message.payload) hub.receive(message.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${EVENT_CHANNEL}`);
      if (client !== c) return;
      failures = 0;
      hub.listening = true;
      // Streams may have missed events while this server was not listening: pages refetch.
      if (hadConnection) hub.emit({ kind: 'resync' });
      hadConnection = true;
    } catch (error) {
      failures += 1;
      if (!stopped) log.warn({ err: error }, 'event bus: cannot listen yet; retrying');
      lost();
    }
  }

  void connect();
  return {
    client: () => client,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      hub.listening = false;
      await c?.end().catch(() => {});
    },
  };
}

async function eventBusPlugin(app: FastifyInstance): Promise<void> {
  const hub = new EventHub(() => app.clock.now().getTime());
  app.decorate('eventBus', hub);
  if (app.dbKind === 'postgres') {
    const listener = listenPostgres(app.config.databaseUrl!, hub, app.log);
    app.decorate('eventBusConnection', listener.client);
    app.addHook('onClose', async () => listener.stop());
    // The first LISTEN is done before the server serves, so no commit after the start is missed.
    for (let waited = 0; !hub.listening && waited < 250; waited += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    return;
  }
  const client = (app.db as unknown as { $client: PGlite }).$client;
  const unlisten = await client.listen(EVENT_CHANNEL, (payload) => hub.receive(payload));
  hub.listening = true;
  app.addHook('onClose', async () => {
    hub.listening = false;
    await unlisten().catch(() => {});
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** PostgreSQL: the listening connection now (tests end it to see the bus reconnect). */
    eventBusConnection?: () => pg.Client | null;
  }
}

export default fp(eventBusPlugin, { name: 'event-bus', dependencies: ['db'] });
