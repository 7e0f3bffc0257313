import type { ServerResponse } from 'node:http';
import { SUPERSEDED_EVENT } from '@app/shared/api/notifications';
import type { BusMessage, EventBus, LiveEvent, StreamsEndData } from '../../platform/event-bus.ts';

/**
 * The open event streams of this server (GET /api/events), indexed by member and by public topic so
 * one event costs a map lookup, not a walk over every stream. One timer sends every stream its
 * heartbeat (a comment line), which keeps proxies from closing an idle stream and lets the server
 * notice a dead one. Each stream remembers the session that opened it: when sessions end, the bus's
 * `streams_end` names them and their streams close on every server.
 *
 * Bounds, so one member or one slow reader cannot grow this process's memory: at most
 * MAX_STREAMS_PER_MEMBER streams per member on this server (a new one closes the member's oldest,
 * so a new tab works), and a stream whose reader stopped reading is dropped once MAX_BUFFERED_BYTES
 * wait for it.
 */

const HEARTBEAT_MS = 20_000;
/** A member's open streams on one server; the next one closes their oldest. */
export const MAX_STREAMS_PER_MEMBER = 5;
/** What may wait in a stream's buffers for a reader that stopped reading before the stream is dropped. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/**
 * The last frame of a stream closed for the member's newer one: the browser does not reconnect at
 * once (it would close another of the member's streams, and that one the next).
 */
const SUPERSEDED_FRAME = `event: ${SUPERSEDED_EVENT}\ndata: {}\n\n`;

type Stream = { userId: string; sessionId: string; topics: readonly string[]; res: ServerResponse };

type StreamLimits = { heartbeatMs?: number; maxPerMember?: number; maxBufferedBytes?: number };

/** An event on the wire: `id:`, `event:`, one `data:` line of JSON. */
function sseFrame(event: LiveEvent): string {
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
  private readonly maxPerMember: number;
  private readonly maxBufferedBytes: number;

  constructor(
    private readonly bus: EventBus,
    limits: StreamLimits = {},
  ) {
    this.maxPerMember = limits.maxPerMember ?? MAX_STREAMS_PER_MEMBER;
    this.maxBufferedBytes = limits.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
    this.unsubscribe = bus.subscribe((message) => this.dispatch(message));
    this.timer = setInterval(() => this.heartbeat(), limits.heartbeatMs ?? HEARTBEAT_MS);
    this.timer.unref();
  }

  get size(): number {
    return this.all.size;
  }

  /** The member's open streams on this server. */
  countOf(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /**
   * Opens a stream: the preamble, then the missed events after `lastEventId` (resumption). A member
   * at the limit loses their oldest stream first. Answers the stream's close (for the response's
   * `close`).
   */
  open(input: { userId: string; sessionId: string; topics: readonly string[]; res: ServerResponse; lastEventId: number | null }): () => void {
    const { userId, sessionId, topics, res, lastEventId } = input;
    const stream: Stream = { userId, sessionId, topics, res };
    const close = () => this.close(stream);
    this.send(stream, 'retry: 3000\n\n');
    if (lastEventId !== null) {
      for (const event of this.bus.since(lastEventId)) if (this.wants(stream, event)) this.send(stream, sseFrame(event));
    }
    if (res.destroyed) return close;
    const mine = this.byUser.get(userId);
    if (mine && mine.size >= this.maxPerMember) {
      const oldest = mine.values().next().value!;
      this.close(oldest);
      oldest.res.end(SUPERSEDED_FRAME);
    }
    this.all.add(stream);
    add(this.byUser, userId, stream);
    for (const topic of topics) add(this.byTopic, topic, stream);
    return close;
  }

  heartbeat(): void {
    for (const stream of this.all) this.send(stream, ': heartbeat\n\n');
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

  /**
   * Ends the member's streams on this server opened by these sessions (they ended), or all of the
   * member's (their account was banned).
   */
  endSessions(userId: string, sessionIds: readonly string[] | null): void {
    for (const stream of [...(this.byUser.get(userId) ?? [])]) {
      if (sessionIds && !sessionIds.includes(stream.sessionId)) continue;
      this.close(stream);
      stream.res.end();
    }
  }

  /**
   * Writes a frame. A write the socket did not take at once waits in memory; when what waits passes
   * the bound, the reader has stopped reading: the stream is dropped (its browser, if it is still
   * there, reconnects and resumes after its last event id).
   */
  private send(stream: Stream, text: string): void {
    if (stream.res.destroyed || stream.res.writableEnded) return;
    if (stream.res.write(text)) return;
    if (stream.res.writableLength > this.maxBufferedBytes) {
      this.close(stream);
      stream.res.destroy();
    }
  }

  private wants(stream: Stream, event: LiveEvent): boolean {
    if (event.name === 'streams_end') return false;
    return event.userId ? event.userId === stream.userId : event.topic !== null && stream.topics.includes(event.topic);
  }

  private dispatch(message: BusMessage): void {
    if (message.kind === 'resync') {
      for (const stream of this.all) this.send(stream, 'event: resync\ndata: {}\n\n');
      return;
    }
    const { event } = message;
    if (event.name === 'streams_end') {
      const sessionIds = (event.data as StreamsEndData | null)?.sessionIds;
      if (event.userId) this.endSessions(event.userId, Array.isArray(sessionIds) ? sessionIds : null);
      return;
    }
    const targets = event.userId ? this.byUser.get(event.userId) : event.topic ? this.byTopic.get(event.topic) : undefined;
    if (!targets || targets.size === 0) return;
    const frame = sseFrame(event);
    for (const stream of targets) this.send(stream, frame);
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
