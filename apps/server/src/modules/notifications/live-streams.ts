import type { ServerResponse } from 'node:http';
import type { BusMessage, EventBus, LiveEvent } from '../../platform/event-bus.ts';

/**
 * The open event streams of this server (GET /api/events), indexed by member and by public topic so
 * one event costs a map lookup, not a walk over every stream. One timer sends every stream its
 * heartbeat (a comment line), which keeps proxies from closing an idle stream and lets the server
 * notice a dead one.
 */

export const HEARTBEAT_MS = 20_000;

type Stream = { userId: string; topics: readonly string[]; res: ServerResponse };

/** An event on the wire: `id:`, `event:`, one `data:` line of JSON. */
export function sseFrame(event: LiveEvent): string {
  return `id: ${event.id}\nevent: ${event.name}\ndata: ${JSON.stringify(publicData(event))}\n\n`;
}

/** What a browser may see of an event: the notification's mail id is the server's business. */
function publicData(event: LiveEvent): unknown {
  if (event.name === 'notification' && event.data && typeof event.data === 'object') {
    const { mailId: _mailId, ...rest } = event.data as Record<string, unknown>;
    return rest;
  }
  return event.data;
}

export class LiveStreams {
  private readonly byUser = new Map<string, Set<Stream>>();
  private readonly byTopic = new Map<string, Set<Stream>>();
  private readonly all = new Set<Stream>();
  private readonly timer: NodeJS.Timeout;
  private readonly unsubscribe: () => void;

  constructor(private readonly bus: EventBus, heartbeatMs = HEARTBEAT_MS) {
    this.unsubscribe = bus.subscribe((message) => this.dispatch(message));
    this.timer = setInterval(() => this.heartbeat(), heartbeatMs);
    this.timer.unref();
  }

  get size(): number {
    return this.all.size;
  }

  /** Opens a stream: the preamble, then the missed events after `lastEventId` (resumption). */
  open(userId: string, topics: readonly string[], res: ServerResponse, lastEventId: number | null): () => void {
    const stream: Stream = { userId, topics, res };
    res.write('retry: 3000\n\n');
    if (lastEventId !== null) {
      for (const event of this.bus.since(lastEventId)) if (this.wants(stream, event)) res.write(sseFrame(event));
    }
    this.all.add(stream);
    add(this.byUser, userId, stream);
    for (const topic of topics) add(this.byTopic, topic, stream);
    return () => this.close(stream);
  }

  heartbeat(): void {
    for (const stream of this.all) stream.res.write(': heartbeat\n\n');
  }

  /** Ends every stream (the server is stopping; browsers reconnect to another). */
  endAll(): void {
    clearInterval(this.timer);
    this.unsubscribe();
    for (const stream of [...this.all]) {
      this.close(stream);
      stream.res.end();
    }
  }

  private wants(stream: Stream, event: LiveEvent): boolean {
    if (event.name === 'streams_end') return false;
    return event.userId ? event.userId === stream.userId : event.topic !== null && stream.topics.includes(event.topic);
  }

  private dispatch(message: BusMessage): void {
    if (message.kind === 'resync') {
      for (const stream of this.all) stream.res.write('event: resync\ndata: {}\n\n');
      return;
    }
    const { event } = message;
    if (event.name === 'streams_end') {
      if (event.userId) this.endUser(event.userId);
      return;
    }
    const targets = event.userId ? this.byUser.get(event.userId) : event.topic ? this.byTopic.get(event.topic) : undefined;
    if (!targets || targets.size === 0) return;
    const frame = sseFrame(event);
    for (const stream of targets) stream.res.write(frame);
  }

  /** Ends the member's streams on this server (their account was banned). */
  private endUser(userId: string): void {
    for (const stream of [...(this.byUser.get(userId) ?? [])]) {
      this.close(stream);
      stream.res.end();
    }
  }

  private close(stream: Stream): void {
    if (!this.all.delete(stream)) return;
    remove(this.byUser, stream.userId, stream);
    for (const topic of stream.topics) remove(this.byTopic, topic, stream);
  }
}

function add(map: Map<string, Set<Stream>>, key: string, stream: Stream): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(stream);
}

function remove(map: Map<string, Set<Stream>>, key: string, stream: Stream): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(stream);
  if (set.size === 0) map.delete(key);
}
