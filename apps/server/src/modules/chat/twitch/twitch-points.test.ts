import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ledgerEntries, socialAccounts, streamChatters, streamConnection, streamCredits, twitchConnection } from '../../../db/schema.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { makeUser, pointsOf, type TestUser } from '../../../test/factories.ts';
import { fakeTwitchEnv, startFakeTwitch, type FakeTwitch } from '../../../test/fake-twitch.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { creditLastBlock } from '../crediting.ts';

/**
 * Stream points with Twitch beside Kick: presence on Twitch (the chatters list read once per block,
 * or a chat message in the window), a member present on both platforms credited once at the better
 * multiplier, the daily cap across platforms, and an unlinked Twitch viewer's holding balance paid
 * on linking. Kick presence is written as its chat processing leaves it (stream_chatters).
 */
describe(`Twitch stream points (${process.env.TEST_DB})`, () => {
  const clock = new ManualClock('2026-11-29T12:00:00.000Z');
  const SECRET = 'eventsub-test-secret-0123';
  const BLOCK = 300_000;
  let fake: FakeTwitch;
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    fake = await startFakeTwitch();
    t = await createTestApp(fakeTwitchEnv(fake, SECRET), { clock, chatIntervalMs: 0 });
    admin = await makeUser(t.app, { admin: true, prefix: 'adm' });
    fake.now = () => clock.now();
    fake.send = async (callback, headers, payload) => {
      const url = new URL(callback);
      const res = await t.app.inject({ method: 'POST', url: url.pathname, headers, payload });
      return { status: res.statusCode, body: res.body };
    };
    // Twitch connected through OAuth, and both channels live since 11:00.
    const start = await t.app.inject({ method: 'POST', url: '/api/admin/stream/twitch/connect', headers: admin.auth });
    expect(start.statusCode, start.body).toBe(200);
    const binding = /twitch_oauth=([^;]+)/.exec(String(start.headers['set-cookie']))![1]!;
    const back = new URL((await fetch(start.json().url, { redirect: 'manual' })).headers.get('location')!);
    await t.app.inject({ method: 'GET', url: back.pathname + back.search, cookies: { twitch_oauth: binding } });
    await vi.waitFor(() => expect(fake.subscriptions.every((s) => s.status === 'enabled')).toBe(true));
    const since = new Date('2026-11-29T11:00:00.000Z');
    await t.app.db.update(twitchConnection).set({ isLive: true, liveSince: since });
    await t.app.db.insert(streamConnection).values({
      id: 1,
      broadcasterUserId: '1',
      channelSlug: 'kickchannel',
      scopes: '',
      accessToken: 'x',
      refreshToken: 'x',
      tokenExpiresAt: new Date('2026-12-31T00:00:00.000Z'),
      isLive: true,
      liveSince: since,
      connectedAt: since,
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  /** The end of the next block, and the clock a minute before it. */
  function nextBlock(): number {
    const end = Math.ceil(clock.now().getTime() / BLOCK) * BLOCK + BLOCK;
    clock.set(end - 60_000);
    return end;
  }
  /** Present on Kick: a chat message now, as Kick's chat processing records it. */
  const kickChat = (id: string, name: string, isSubscriber = false) =>
    t.app.db
      .insert(streamChatters)
      .values({ kickUserId: id, username: name, lastChatAt: clock.now(), isSubscriber })
      .onConflictDoUpdate({ target: streamChatters.kickUserId, set: { lastChatAt: clock.now(), isSubscriber } });
  /** Present on Twitch through chat: a channel.chat.message notification, processed. */
  async function twitchChat(id: string, login: string, text = 'hello', badges: string[] = []): Promise<void> {
    const sent = await fake.notify('channel.chat.message', {
      broadcaster_user_id: fake.broadcaster.id,
      broadcaster_user_login: fake.broadcaster.login,
      chatter_user_id: id,
      chatter_user_login: login,
      chatter_user_name: login,
      message_id: `cm-${id}-${clock.now().getTime()}-${text.length}`,
      message: { text, fragments: [] },
      badges: badges.map((set_id) => ({ set_id, id: '1', info: '' })),
      source_broadcaster_user_id: null,
    });
    expect(JSON.parse(sent.body)).toMatchObject({ ok: true });
    await t.app.runJobs();
  }
  async function linked(kickId: string | null, twitchId: string | null): Promise<TestUser> {
    const user = await makeUser(t.app);
    for (const [platform, id] of [
      ['kick', kickId],
      ['twitch', twitchId],
    ] as const) {
      if (id) await t.app.db.insert(socialAccounts).values({ userId: user.id, platform, externalId: id, username: `${platform}${id}`, createdAt: clock.now() });
    }
    return user;
  }
  const blockCredits = (end: number) =>
    t.app.db
      .select()
      .from(streamCredits)
      .where(like(streamCredits.key, `block:${new Date(end).toISOString()}:%`));

  it('a member linked on both, present on Kick (chat) and Twitch (chat as a subscriber, and the chatters list) in one block, is paid once at the better multiplier', async () => {
    const member = await linked('9001', '7001');
    const end = nextBlock();
    await kickChat('9001', 'kick9001');
    await twitchChat('7001', 'twitch7001', 'hello', ['subscriber']);
    fake.chatters = [{ userId: '7001', login: 'twitch7001' }];
    clock.set(end + 1000);
    await t.app.runJobs();
    expect(await pointsOf(t.app, member.id)).toBe(15);
    const credits = (await blockCredits(end)).filter((c) => c.userId === member.id);
    expect(credits).toEqual([expect.objectContaining({ platform: 'twitch', kickUserId: '7001', amount: 15, reason: 'stream_activity' })]);
    // The block is claimed: a second run (another server) credits nothing, and reads no list.
    fake.chatters = [];
    expect(await creditLastBlock(t.app.db, clock.now(), () => Promise.reject(new Error('read twice')))).toEqual({ credited: 0, held: 0 });
    expect(await pointsOf(t.app, member.id)).toBe(15);
  });

  it('the daily cap counts the member across platforms: Kick, then Twitch, then both, up to the cap', async () => {
    const rules = (await t.app.inject({ method: 'GET', url: '/api/admin/stream/rules', headers: admin.auth })).json().rules;
    const put = (body: object) => t.app.inject({ method: 'PUT', url: '/api/admin/stream/rules', headers: admin.auth, payload: body });
    expect((await put({ ...rules, dailyCap: 25 })).statusCode).toBe(200);
    try {
      const member = await linked('9002', '7002');
      const earned: number[] = [];
      for (const where of ['kick', 'twitch', 'both', 'both'] as const) {
        const end = nextBlock();
        if (where !== 'twitch') await kickChat('9002', 'kick9002');
        fake.chatters = where === 'kick' ? [] : [{ userId: '7002', login: 'twitch7002' }];
        clock.set(end + 1000);
        await t.app.runJobs();
        earned.push(await pointsOf(t.app, member.id));
      }
      expect(earned).toEqual([10, 20, 25, 25]);
      const paid = await t.app.db
        .select({ amount: ledgerEntries.amount })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, member.id), eq(ledgerEntries.reason, 'stream_activity')))
        .orderBy(ledgerEntries.seq);
      expect(paid.map((p) => p.amount)).toEqual([10, 10, 5]);
    } finally {
      fake.chatters = [];
      expect((await put(rules)).statusCode).toBe(200);
    }
  });

  it("an unlinked Twitch viewer earns into the Twitch account's holding balance (not a Kick account's of the same id), paid on linking; the broadcaster in the list earns nothing", async () => {
    const end = nextBlock();
    // The same id on Kick is another person: their held points stay theirs.
    await kickChat('7300', 'kick7300');
    fake.chatters = [
      { userId: '7300', login: 'twitch7300' },
      { userId: fake.broadcaster.id, login: fake.broadcaster.login },
    ];
    clock.set(end + 1000);
    await t.app.runJobs();
    fake.chatters = [];
    const held = (await blockCredits(end)).map((c) => ({ platform: c.platform, id: c.kickUserId, userId: c.userId, amount: c.amount }));
    expect(held.sort((a, b) => a.platform.localeCompare(b.platform))).toEqual([
      { platform: 'kick', id: '7300', userId: null, amount: 10 },
      { platform: 'twitch', id: '7300', userId: null, amount: 10 },
    ]);

    const member = await makeUser(t.app);
    await twitchChat('7300', 'twitch7300', member.uid);
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/profile/chat-links/twitch/confirm', headers: member.auth });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await pointsOf(t.app, member.id)).toBe(10);
    const [note] = await t.app.db
      .select({ note: ledgerEntries.note, refId: ledgerEntries.refId })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, member.id));
    expect(note).toEqual({ note: 'Stream points earned before linking Twitch', refId: 'held:twitch:7300' });
    const after = (await blockCredits(end)).map((c) => ({ platform: c.platform, userId: c.userId }));
    expect(after).toEqual(
      expect.arrayContaining([
        { platform: 'kick', userId: null },
        { platform: 'twitch', userId: member.id },
      ]),
    );
  });
  it('follows, subscriptions, resubscriptions and gifts on Twitch earn their bonuses once per event; a retried delivery, a second follow, a gifted sub and an anonymous gift earn nothing more', async () => {
    const member = await linked(null, '7401');
    const user = (id: string) => ({ user_id: id, user_login: `tw${id}`, user_name: `Tw${id}`, broadcaster_user_id: fake.broadcaster.id });
    const send = async (type: string, event: object, id?: string) => {
      const sent = await fake.notify(type, event, id ? { id } : {});
      expect(sent.status).toBeLessThan(300);
      await t.app.runJobs();
      return pointsOf(t.app, member.id);
    };
    expect(await send('channel.follow', { ...user('7401'), followed_at: clock.now().toISOString() })).toBe(50);
    // Following again (unfollowed in between): the follow bonus is once per follower.
    expect(await send('channel.follow', { ...user('7401'), followed_at: clock.now().toISOString() })).toBe(50);
    expect(await send('channel.subscribe', { ...user('7401'), tier: '1000', is_gift: false }, 'sub-evt-1')).toBe(550);
    // Twitch retries with the same message id: stored once, paid once.
    expect(await send('channel.subscribe', { ...user('7401'), tier: '1000', is_gift: false }, 'sub-evt-1')).toBe(550);
    expect(await send('channel.subscription.message', { ...user('7401'), tier: '1000', cumulative_months: 2, message: { text: 'hi' } })).toBe(1050);
    expect(await send('channel.subscription.gift', { ...user('7401'), tier: '1000', total: 3, is_anonymous: false })).toBe(1800);
    // The anonymous gift earns nobody; a gifted sub marks its recipient a subscriber and pays nothing.
    expect(await send('channel.subscription.gift', { ...user('7401'), tier: '1000', total: 2, is_anonymous: true })).toBe(1800);
    expect(await send('channel.subscribe', { ...user('7401'), tier: '1000', is_gift: true })).toBe(1800);
    const reasons = await t.app.db
      .select({ reason: ledgerEntries.reason, amount: ledgerEntries.amount, note: ledgerEntries.note })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, member.id))
      .orderBy(ledgerEntries.seq);
    expect(reasons).toEqual([
      { reason: 'stream_follow', amount: 50, note: 'Followed the channel on Twitch' },
      { reason: 'stream_subscription', amount: 500, note: 'New subscription on Twitch' },
      { reason: 'stream_subscription', amount: 500, note: 'Subscription renewed on Twitch' },
      { reason: 'stream_gift', amount: 750, note: 'Gifted 3 subscriptions on Twitch' },
    ]);
    // An unlinked Twitch follower holds the bonus on the Twitch account; the broadcaster earns nothing.
    await send('channel.follow', { ...user('7402'), followed_at: clock.now().toISOString() });
    await send('channel.follow', { ...user(fake.broadcaster.id), followed_at: clock.now().toISOString() });
    const held = await t.app.db.select().from(streamCredits).where(like(streamCredits.key, 'twitch:follow:%'));
    expect(held.map((h) => ({ id: h.kickUserId, platform: h.platform, userId: h.userId, amount: h.amount })).sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: '7401', platform: 'twitch', userId: member.id, amount: 50 },
      { id: '7402', platform: 'twitch', userId: null, amount: 50 },
    ]);
  });
});
