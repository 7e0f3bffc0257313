import { asc, inArray } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { streamConnection, streamEvents } from '../../db/schema.ts';
import { useTestApp } from '../../test/factories.ts';
import { deliveryRecorder, type Delivery, type DeliveryOutcome } from './events.ts';

/**
 * The webhook's storing step (group commit): deliveries that arrive together are written in one
 * statement, and each still gets its own answer. On PGlite a write settles without a turn of the
 * event loop, so without the recorder's one-turn wait every delivery went alone (docs/performance.md).
 */
describe(`the webhook's delivery recorder (${process.env.TEST_DB})`, () => {
  const t = useTestApp();
  // The channel of broadcaster 1 is connected: only its events are stored.
  beforeAll(async () => {
    const at = new Date('2026-11-23T12:00:00.000Z');
    await t.app.db
      .insert(streamConnection)
      .values({ id: 1, broadcasterUserId: '1', channelSlug: 'streamer', scopes: '', accessToken: 'x', refreshToken: 'x', tokenExpiresAt: at, connectedAt: at });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Counts the statements that store deliveries, on the database's own client (PGlite or the pool). */
  function countStores(): () => number {
    const client = (t.app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const spy = vi.spyOn(client, 'query');
    return () =>
      spy.mock.calls.filter(([query]) => String(typeof query === 'string' ? query : (query as { text?: string }).text).includes('insert into stream_events'))
        .length;
  }

  const chat = (id: string): Delivery => ({
    messageId: id,
    type: 'chat.message.sent',
    body: { message_id: id, broadcaster: { user_id: '1' }, sender: { user_id: '7', username: 'viewer' }, content: 'hello' },
    now: new Date('2026-11-23T12:00:00.000Z'),
  });

  it('a burst in one turn goes in one statement; each id is stored once and answered', async () => {
    const record = deliveryRecorder(t.app.db);
    const stores = countStores();
    const ids = Array.from({ length: 16 }, (_, i) => `burst-${i}`);
    // Each from its own callback in one turn of the event loop, as the server reads requests; the same
    // id twice in one burst: one of them is a replay.
    const outcomes = await Promise.all(
      [...ids, 'burst-3'].map((id) => new Promise<DeliveryOutcome>((resolve, reject) => setImmediate(() => record(chat(id)).then(resolve, reject)))),
    );

    const others = outcomes.filter((_, i) => i !== 3 && i !== 16);
    expect(others).toEqual(ids.slice(1).map(() => ({ seen: true, stored: true })));
    expect(outcomes[3]).toEqual({ seen: true, stored: true });
    expect(outcomes[16]).toEqual({ seen: false, stored: false });
    // The first delivery waits a turn for the rest of the burst (without it, on PGlite each went alone).
    expect(stores()).toBe(1);
    const rows = await t.app.db.select({ id: streamEvents.messageId }).from(streamEvents).where(inArray(streamEvents.messageId, ids));
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
  });

  it('numbers the deliveries of one statement in the order they were read, not by id', async () => {
    const record = deliveryRecorder(t.app.db);
    const stores = countStores();
    const ids = ['order-z', 'order-m', 'order-a', 'order-q'];
    await Promise.all(ids.map((id) => new Promise((resolve, reject) => setImmediate(() => record(chat(id)).then(resolve, reject)))));
    expect(stores()).toBe(1);
    const rows = await t.app.db
      .select({ id: streamEvents.messageId })
      .from(streamEvents)
      .where(inArray(streamEvents.messageId, ids))
      .orderBy(asc(streamEvents.receivedAt), asc(streamEvents.seq));
    expect(rows.map((r) => r.id)).toEqual(ids);
  });

  it('a delivery of an id already stored is answered as a replay, alone or in a burst', async () => {
    const record = deliveryRecorder(t.app.db);
    expect(await record(chat('again-1'))).toEqual({ seen: true, stored: true });
    const [alone, ...burst] = await Promise.all(['again-1', 'again-1', 'again-2'].map((id) => record(chat(id))));
    expect(alone).toEqual({ seen: false, stored: false });
    expect(burst).toEqual([
      { seen: false, stored: false },
      { seen: true, stored: true },
    ]);
  });
});
