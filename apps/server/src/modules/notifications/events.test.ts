import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authSessions, users } from '../../db/schema.ts';
import { publishEvent } from '../../platform/event-bus.ts';
import { makeUser, type TestUser } from '../../test/factories.ts';
import { openSse, type SseClient, useListeningTestApp } from './sse-test-client.ts';

describe(`the live channel GET /api/events (${process.env.TEST_DB})`, () => {
  const { clock, t, admin, server, open } = useListeningTestApp();

  const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  async function ticketOf(user: TestUser): Promise<string> {
    const res = await inject('POST', '/api/events/ticket', user.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().expiresInSeconds).toBe(60);
    return res.json().ticket as string;
  }
  async function stream(query: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const client = await openSse(`${server.base}/api/events?${query}`, headers);
    open.push(client);
    return client;
  }
  async function pendingOrder(user: TestUser): Promise<string> {
    const reward = await inject('POST', '/api/admin/rewards', admin.auth, {
      name: `R ${Math.random().toString(36).slice(2, 7)}`,
      description: 'd',
      category: 'bonuses',
      price: 300,
    });
    const redeemed = await inject('POST', `/api/store/rewards/${reward.json().reward.id}/redeem`, user.auth);
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    return redeemed.json().order.id as string;
  }

  it('streams the member their notification and their new balance when an admin declines their order', async () => {
    const user = await makeUser(t.app, { points: 1000 });
    const orderId = await pendingOrder(user);
    const client = await stream(`ticket=${encodeURIComponent(await ticketOf(user))}`);
    expect(client.status).toBe(200);
    expect((await inject('POST', `/api/admin/orders/${orderId}/decline`, admin.auth, { reason: 'Gone' })).statusCode).toBe(200);
    const notification = await client.next((f) => f.event === 'notification');
    const data = JSON.parse(notification.data);
    expect(data.unreadCount).toBe(1);
    expect(data.notification).toMatchObject({ type: 'order_declined', title: 'Order declined', readAt: null });
    expect(data.mailId).toBeUndefined();
    expect(Number(notification.id)).toBeGreaterThan(0);
    // (The redeem's own balance event, 700, may come first: it was committed just before the stream opened.)
    const balance = await client.next((f) => f.event === 'balance' && JSON.parse(f.data).points === 1000);
    expect(JSON.parse(balance.data)).toEqual({ points: 1000 });
    // Nobody else's events: the admin's stream saw neither.
  });

  it("hears only its own member's events, and the public topics it asked for", async () => {
    const a = await makeUser(t.app, { points: 1000 });
    const b = await makeUser(t.app, { points: 1000 });
    const streamA = await stream('topics=race', a.auth);
    const streamB = await stream('', b.auth);
    await inject('POST', `/api/admin/orders/${await pendingOrder(b)}/approve`, admin.auth);
    await publishEvent(t.app.db, { name: 'race', topic: 'race', data: { changed: true } });
    await streamB.next((f) => f.event === 'notification');
    await streamA.next((f) => f.event === 'race');
    expect(streamB.frames.some((f) => f.event === 'race')).toBe(false);
    // A's own balance event (its points given before it connected) may still arrive late; never B's.
    expect(streamA.frames.some((f) => f.event === 'notification')).toBe(false);
    expect(streamA.frames.filter((f) => f.event === 'balance').every((f) => JSON.parse(f.data).points === 1000)).toBe(true);
  });

  it('resumes after Last-Event-ID with the events it missed', async () => {
    const user = await makeUser(t.app, { points: 2000 });
    const first = await stream('', user.auth);
    await inject('POST', `/api/admin/orders/${await pendingOrder(user)}/approve`, admin.auth);
    const seen = await first.next((f) => f.event === 'notification');
    first.close();
    // While disconnected: another decision.
    await inject('POST', `/api/admin/orders/${await pendingOrder(user)}/decline`, admin.auth, { reason: 'Later' });
    const resumed = await stream('', { ...user.auth, 'last-event-id': seen.id! });
    const missed = await resumed.next((f) => f.event === 'notification');
    expect(JSON.parse(missed.data).notification.type).toBe('order_declined');
    expect(Number(missed.id)).toBeGreaterThan(Number(seen.id));
    // The same by query (a new EventSource with a fresh ticket cannot set the header).
    const byQuery = await stream(`ticket=${encodeURIComponent(await ticketOf(user))}&lastEventId=${seen.id}`);
    await byQuery.next((f) => f.event === 'notification' && JSON.parse(f.data).notification.type === 'order_declined');
  });

  it("tells the race topic when a race's kept standings change (a wager import moves them)", async () => {
    const user = await makeUser(t.app);
    const client = await stream('topics=race', user.auth);
    const created = await inject('POST', '/api/admin/leaderboards', admin.auth, {
      name: 'Live race',
      metric: 'Total Wager',
      partnerId: 'p1',
      prizes: [{ position: '1', amount: 100 }],
      prizePool: 100,
      isGlobalRaffle: false,
      wagerToTicketRatio: 1000,
      isActive: true,
      startDate: '2026-11-01T00:00:00.000Z',
      endDate: '2026-12-01T00:00:00.000Z',
    });
    expect(created.statusCode, created.body).toBe(201);
    const csv = 'username,date,category,wagered\nsomeone_live,2026-11-20,slots,100';
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/wagers/import?partner=p1', headers: { ...admin.auth, 'content-type': 'text/csv' }, payload: csv }))
        .statusCode,
    ).toBe(200);
    const event = await client.next((f) => f.event === 'race' && JSON.parse(f.data).leaderboardId === created.json().id);
    expect(JSON.parse(event.data)).toHaveProperty('participants');
  });

  it('sends heartbeats', async () => {
    const user = await makeUser(t.app);
    const client = await stream('', user.auth);
    await client.next((f) => f.comment === false && f.event === 'message'); // the retry preamble
    t.app.liveStreams.heartbeat();
    await client.next((f) => f.comment);
  });

  it('refuses a missing, forged or expired ticket, a bad token and bad topics', async () => {
    const user = await makeUser(t.app);
    expect((await stream('')).status).toBe(401);
    expect((await stream('', { authorization: 'Bearer nope' })).status).toBe(401);
    const ticket = await ticketOf(user);
    const forged = ticket.replace(/^[^.]+/, admin.id);
    expect((await stream(`ticket=${encodeURIComponent(forged)}`)).status).toBe(401);
    expect((await stream(`topics=${encodeURIComponent('users:all')}`, user.auth)).status).toBe(400);
    clock.advance(61_000);
    expect((await stream(`ticket=${encodeURIComponent(ticket)}`)).status).toBe(401);
  });

  it("refuses a Bearer token whose session has ended, and a banned member's", async () => {
    const ended = await makeUser(t.app);
    await t.app.db.update(authSessions).set({ endedAt: clock.now() }).where(eq(authSessions.id, ended.sessionId));
    expect((await stream('', ended.auth)).status).toBe(401);
    const banned = await makeUser(t.app);
    await t.app.db.update(users).set({ bannedAt: clock.now() }).where(eq(users.id, banned.id));
    expect((await stream('', banned.auth)).status).toBe(401);
  });

  it('a rolled-back act sends nothing', async () => {
    const user = await makeUser(t.app, { points: 1000 });
    const client = await stream('', user.auth);
    await t.app.db
      .transaction(async (tx) => {
        await publishEvent(tx, { name: 'notification', userId: user.id, data: { rolledBack: true } });
        await tx.execute(sql`update users set points = points + 5 where id = ${user.id}`);
        throw new Error('undo');
      })
      .catch(() => {});
    await publishEvent(t.app.db, { name: 'notification', userId: user.id, data: { committed: true } });
    await client.next((f) => f.data.includes('committed'));
    expect(client.frames.some((f) => f.data.includes('rolledBack') || f.event === 'balance')).toBe(false);
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'reconnects its listening connection when it is lost, tells streams to resync, and keeps streaming',
    async () => {
      const user = await makeUser(t.app, { points: 1000 });
      const client = await stream('', user.auth);
      const pid = (t.app.eventBusConnection!() as unknown as { processID: number }).processID;
      await t.app.db.execute(sql`select pg_terminate_backend(${pid})`);
      await client.next((f) => f.event === 'resync', 10_000);
      expect(t.app.eventBus.isListening()).toBe(true);
      await inject('POST', `/api/admin/orders/${await pendingOrder(user)}/approve`, admin.auth);
      await client.next((f) => f.event === 'notification');
    },
  );
});
