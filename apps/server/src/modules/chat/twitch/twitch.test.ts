import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig, ConfigError } from '../../../config.ts';
import { auditLog, socialAccounts, twitchConnection, twitchEventsubMessages } from '../../../db/schema.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { makeUser, type TestUser } from '../../../test/factories.ts';
import { fakeTwitchEnv, startFakeTwitch, type FakeTwitch } from '../../../test/fake-twitch.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Twitch beside Kick, against the fake Twitch (a real HTTP peer): connecting the channel (OAuth, the
 * broadcaster, the EventSub subscriptions and their challenges), the card in GET /api/admin/stream,
 * the EventSub webhook's refusals, its once-per-id storing, revocation, Shared Chat, and disconnecting.
 */
describe(`Twitch (${process.env.TEST_DB})`, () => {
  const clock = new ManualClock('2026-11-29T12:00:00.000Z');
  const SECRET = 'eventsub-test-secret-0123';
  let fake: FakeTwitch;
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    fake = await startFakeTwitch();
    t = await createTestApp(fakeTwitchEnv(fake, SECRET), { clock, chatIntervalMs: 0 });
    admin = await makeUser(t.app, { admin: true, prefix: 'adm' });
    fake.now = () => clock.now();
    // The app does not listen in tests: the fake's challenges and notifications go through inject.
    fake.send = async (callback, headers, payload) => {
      const url = new URL(callback);
      const res = await t.app.inject({ method: 'POST', url: url.pathname, headers, payload });
      return { status: res.statusCode, body: res.body };
    };
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const admin$ = (method: 'GET' | 'POST', url: string) => t.app.inject({ method, url, headers: admin.auth });
  const twitchCard = async () => (await admin$('GET', '/api/admin/stream')).json().platforms.find((p: { platform: string }) => p.platform === 'twitch');

  /** A signed EventSub request, as Twitch sends it. */
  function signedRequest(messageType: string, body: object, o: { id?: string; timestamp?: string; secret?: string } = {}) {
    const id = o.id ?? `msg-${Math.random().toString(36).slice(2)}`;
    const timestamp = o.timestamp ?? clock.now().toISOString();
    const payload = JSON.stringify(body);
    const signature = `sha256=${createHmac('sha256', o.secret ?? SECRET)
      .update(id + timestamp + payload)
      .digest('hex')}`;
    return {
      id,
      inject: () =>
        t.app.inject({
          method: 'POST',
          url: '/api/integrations/twitch/eventsub',
          headers: {
            'content-type': 'application/json',
            'twitch-eventsub-message-id': id,
            'twitch-eventsub-message-timestamp': timestamp,
            'twitch-eventsub-message-signature': signature,
            'twitch-eventsub-message-type': messageType,
          },
          payload,
        }),
    };
  }
  const notification = (type: string, event: object) => ({
    subscription: { id: 'sub-x', type, version: '1', status: 'enabled', condition: { broadcaster_user_id: fake.broadcaster.id } },
    event,
  });
  const chatEvent = (o: { source?: string | null; broadcaster?: string } = {}) => ({
    broadcaster_user_id: o.broadcaster ?? fake.broadcaster.id,
    broadcaster_user_login: fake.broadcaster.login,
    chatter_user_id: '777',
    chatter_user_login: 'viewer777',
    chatter_user_name: 'Viewer777',
    message_id: `cm-${Math.random().toString(36).slice(2)}`,
    message: { text: 'hello', fragments: [] },
    badges: [],
    source_broadcaster_user_id: o.source ?? null,
  });

  async function connect(): Promise<void> {
    const start = await admin$('POST', '/api/admin/stream/twitch/connect');
    expect(start.statusCode, start.body).toBe(200);
    const binding = /twitch_oauth=([^;]+)/.exec(String(start.headers['set-cookie']))![1]!;
    const back = new URL((await fetch(start.json().url, { redirect: 'manual' })).headers.get('location')!);
    const done = await t.app.inject({ method: 'GET', url: back.pathname + back.search, cookies: { twitch_oauth: binding } });
    expect(done.headers.location).toBe('http://localhost:3000/admin/stream?connected=twitch');
    // Twitch sends each subscription's challenge after answering its create call.
    await vi.waitFor(() => expect(fake.subscriptions.every((s) => s.status === 'enabled')).toBe(true));
  }

  it('config: TWITCH_EVENTSUB_SECRET is 10 to 100 characters and comes with the client; id and secret together', () => {
    expect(() => loadConfig({ TWITCH_EVENTSUB_SECRET: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ TWITCH_EVENTSUB_SECRET: 'x'.repeat(101) })).toThrow(ConfigError);
    expect(() => loadConfig({ TWITCH_CLIENT_ID: 'id' })).toThrow(ConfigError);
    expect(() => loadConfig({ TWITCH_CLIENT_ID: 'id', TWITCH_CLIENT_SECRET: 'secret' })).toThrow('TWITCH_EVENTSUB_SECRET');
    const config = loadConfig({ TWITCH_CLIENT_ID: 'id', TWITCH_CLIENT_SECRET: 'secret', TWITCH_EVENTSUB_SECRET: 'a-secret-of-20-chars' });
    expect(config.twitch).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      eventsubSecret: 'a-secret-of-20-chars',
      apiUrl: 'https://api.twitch.tv',
      authUrl: 'https://id.twitch.tv',
    });
  });

  it('without the Twitch variables the card says not configured; connecting is 404 and the webhook 404', async () => {
    const bare = await createTestApp();
    try {
      const adm = await makeUser(bare.app, { admin: true, prefix: 'adm' });
      const status = (await bare.app.inject({ method: 'GET', url: '/api/admin/stream', headers: adm.auth })).json();
      expect(status.platforms.map((p: { platform: string; configured: boolean }) => [p.platform, p.configured])).toEqual([
        ['kick', false],
        ['twitch', false],
      ]);
      const start = await bare.app.inject({ method: 'POST', url: '/api/admin/stream/twitch/connect', headers: adm.auth });
      expect(start.statusCode).toBe(404);
      expect(start.json()).toMatchObject({ ok: false, code: 'STREAM_NOT_CONFIGURED' });
      const hook = await bare.app.inject({
        method: 'POST',
        url: '/api/integrations/twitch/eventsub',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(hook.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('connect and disconnect are for admins: 401 without a token, 403 for a member', async () => {
    const member = await makeUser(t.app);
    for (const url of ['/api/admin/stream/twitch/connect', '/api/admin/stream/twitch/disconnect']) {
      expect((await t.app.inject({ method: 'POST', url })).statusCode, url).toBe(401);
      expect((await t.app.inject({ method: 'POST', url, headers: member.auth })).statusCode, url).toBe(403);
    }
    // Nothing connected yet: disconnecting is a 409, not a 5xx.
    const none = await admin$('POST', '/api/admin/stream/twitch/disconnect');
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ ok: false, code: 'STREAM_NOT_CONNECTED' });
  });

  it('connects through OAuth: the scopes asked, the broadcaster read, tokens sealed, subscriptions made and verified; a foreign or reused state changes nothing', async () => {
    const start = await admin$('POST', '/api/admin/stream/twitch/connect');
    const authorize = new URL(start.json().url);
    expect(authorize.origin + authorize.pathname).toBe(`${fake.url}/oauth2/authorize`);
    expect(authorize.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/integrations/twitch/callback');
    expect(authorize.searchParams.get('scope')!.split(' ')).toEqual(
      expect.arrayContaining([
        'user:read:chat',
        'user:write:chat',
        'moderator:read:chatters',
        'moderator:read:followers',
        'channel:read:subscriptions',
        'bits:read',
        'moderator:manage:banned_users',
        'moderator:manage:chat_messages',
      ]),
    );
    const back = new URL((await fetch(start.json().url, { redirect: 'manual' })).headers.get('location')!);
    const foreign = await t.app.inject({ method: 'GET', url: back.pathname + back.search, cookies: { twitch_oauth: 'another-browser' } });
    expect(foreign.headers.location).toBe('http://localhost:3000/admin/stream?platform=twitch&error=INVALID_OAUTH_STATE');
    expect((await twitchCard()).connected).toBe(false);
    const denied = await t.app.inject({ method: 'GET', url: '/api/integrations/twitch/callback?error=access_denied&state=x' });
    expect(denied.headers.location).toContain('error=INVALID_OAUTH_STATE');

    await connect();
    const card = await twitchCard();
    expect(card).toMatchObject({
      platform: 'twitch',
      configured: true,
      connected: true,
      channel: { id: fake.broadcaster.id, login: fake.broadcaster.login },
      isLive: false,
      needsReconnect: false,
      reconnectReason: null,
    });
    expect(card.subscriptions.map((s: { event: string }) => s.event).sort()).toEqual([
      'channel.chat.message',
      'channel.cheer',
      'channel.follow',
      'channel.subscribe',
      'channel.subscription.gift',
      'channel.subscription.message',
      'stream.offline',
      'stream.online',
    ]);
    // Kick's fields are still there, beside the cards.
    const status = (await admin$('GET', '/api/admin/stream')).json();
    expect(status).toMatchObject({ configured: false, connected: false });
    expect(status.platforms[0]).toMatchObject({ platform: 'kick', connected: false });
    // The subscriptions were made with the app token (client credentials) for APP_ORIGIN's EventSub URL.
    expect(fake.subscriptions.map((s) => s.callback)).toEqual(Array(8).fill('http://localhost:3000/api/integrations/twitch/eventsub'));
    const creates = fake.calls.filter((c) => c.method === 'POST' && c.path === '/helix/eventsub/subscriptions');
    expect(creates.every((c) => c.authorization?.startsWith('Bearer tw-app-') && c.clientId === fake.clientId)).toBe(true);
    expect(fake.subscriptions.find((s) => s.type === 'channel.follow')!.condition).toEqual({
      broadcaster_user_id: fake.broadcaster.id,
      moderator_user_id: fake.broadcaster.id,
    });
    const [row] = await t.app.db.select().from(twitchConnection);
    expect(row!.accessToken.startsWith('enc:v1:')).toBe(true);
    expect(row!.refreshToken).not.toContain('tw-rt-');
    expect(await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'stream.connect'))).toHaveLength(1);

    // The state is single use.
    const used = fake.calls.filter((c) => c.path === '/oauth2/authorize').at(-1)!;
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/integrations/twitch/callback?code=x&state=${encodeURIComponent(used.query.state!)}`,
      cookies: { twitch_oauth: 'x' },
    });
    expect(again.headers.location).toContain('error=INVALID_OAUTH_STATE');
    const [after] = await t.app.db.select().from(twitchConnection);
    expect(after!.accessToken).toBe(row!.accessToken);
  });

  it('answers the challenge as text/plain; a bad signature is 403, a stale timestamp 400, missing headers 400; nothing stored', async () => {
    const challenge = await signedRequest('webhook_callback_verification', {
      challenge: 'pogchamp-kappa-360noscope-vohiyo',
      subscription: { type: 'stream.online' },
    }).inject();
    expect(challenge.statusCode).toBe(200);
    expect(challenge.headers['content-type']).toMatch(/^text\/plain/);
    expect(challenge.body).toBe('pogchamp-kappa-360noscope-vohiyo');

    const forged = signedRequest('notification', notification('channel.chat.message', chatEvent()), { secret: 'not-the-secret-at-all' });
    const bad = await forged.inject();
    expect(bad.statusCode).toBe(403);
    expect(bad.json()).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    const badChallenge = await signedRequest('webhook_callback_verification', { challenge: 'c' }, { secret: 'not-the-secret-at-all' }).inject();
    expect(badChallenge.statusCode).toBe(403);

    const stale = await signedRequest('notification', notification('channel.chat.message', chatEvent()), {
      timestamp: new Date(clock.now().getTime() - 10 * 60_000 - 1000).toISOString(),
    }).inject();
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ ok: false, code: 'STALE_TIMESTAMP' });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/twitch/eventsub',
      headers: { 'content-type': 'application/json', 'twitch-eventsub-message-type': 'notification' },
      payload: '{}',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ ok: false, code: 'BAD_WEBHOOK' });
    const text = await t.app.inject({ method: 'POST', url: '/api/integrations/twitch/eventsub', headers: { 'content-type': 'text/plain' }, payload: 'hi' });
    expect(text.statusCode).toBe(415);
    expect(await t.app.db.select().from(twitchEventsubMessages).where(eq(twitchEventsubMessages.messageId, forged.id))).toEqual([]);
  });

  it('stores a notification once by its id (a retry is a 2xx and changes nothing); another broadcaster or a Shared Chat message is not acted on', async () => {
    const first = signedRequest('notification', notification('channel.chat.message', chatEvent()));
    const stored = await first.inject();
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json()).toEqual({ ok: true, result: 'stored' });
    const retry = await first.inject();
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ ok: true, result: 'duplicate' });
    expect(await t.app.db.select().from(twitchEventsubMessages).where(eq(twitchEventsubMessages.messageId, first.id))).toHaveLength(1);

    const shared = signedRequest('notification', notification('channel.chat.message', chatEvent({ source: '424242' })));
    expect((await shared.inject()).json()).toEqual({ ok: true, result: 'ignored' });
    const other = signedRequest('notification', notification('channel.chat.message', chatEvent({ broadcaster: '31337' })));
    expect((await other.inject()).json()).toEqual({ ok: true, result: 'ignored' });
    // The ignored ones are recorded (a retry of them is a duplicate too) and never wait for the job.
    expect((await shared.inject()).json()).toEqual({ ok: true, result: 'duplicate' });
    const [sharedRow] = await t.app.db.select().from(twitchEventsubMessages).where(eq(twitchEventsubMessages.messageId, shared.id));
    expect(sharedRow).toMatchObject({ acted: false, body: {} });
    expect(sharedRow!.processedAt).not.toBeNull();
    await t.app.runJobs();
    const [done] = await t.app.db.select().from(twitchEventsubMessages).where(eq(twitchEventsubMessages.messageId, first.id));
    expect(done!.processedAt).not.toBeNull();
    expect((await twitchCard()).lastEventAt).toBe(clock.now().toISOString());
  });

  it('stream.online and stream.offline from the fake (signed with the subscription secret) turn the card live and back, once each', async () => {
    const online = await fake.notify('stream.online', {
      id: 'stream-1',
      broadcaster_user_id: fake.broadcaster.id,
      broadcaster_user_login: fake.broadcaster.login,
      type: 'live',
      started_at: '2026-11-29T11:58:00Z',
    });
    expect(online.status).toBe(200);
    expect(JSON.parse(online.body)).toEqual({ ok: true, result: 'stored' });
    await t.app.runJobs();
    expect(await twitchCard()).toMatchObject({ isLive: true });
    const [live] = await t.app.db.select().from(twitchConnection);
    expect(live!.liveSince!.toISOString()).toBe('2026-11-29T11:58:00.000Z');
    await fake.notify('stream.offline', { broadcaster_user_id: fake.broadcaster.id, broadcaster_user_login: fake.broadcaster.login });
    await t.app.runJobs();
    expect(await twitchCard()).toMatchObject({ isLive: false });
  });

  it('refreshes the token before it expires', async () => {
    const [before] = await t.app.db.select().from(twitchConnection);
    clock.advance(4 * 60 * 60_000 - 5 * 60_000);
    await t.app.runJobs();
    const [after] = await t.app.db.select().from(twitchConnection);
    expect(after!.accessToken).not.toBe(before!.accessToken);
    expect(after!.tokenExpiresAt.getTime()).toBe(clock.now().getTime() + 14_400_000);
  });

  it('a revocation marks the card "reconnect" with Twitch\'s reason; connecting again clears it', async () => {
    await fake.revoke('authorization_revoked');
    const card = await twitchCard();
    expect(card).toMatchObject({ connected: true, needsReconnect: true, reconnectReason: 'authorization_revoked', subscriptions: [] });
    await connect();
    expect(await twitchCard()).toMatchObject({ needsReconnect: false, reconnectReason: null });
    expect((await twitchCard()).subscriptions).toHaveLength(8);
  });

  it("a viewer's UID in Twitch chat asks to link; the member confirms through the generic chat-links calls; both platforms listed, each unlinks alone", async () => {
    const member = await makeUser(t.app);
    // Linked on Kick already (as the Kick flow leaves it).
    await t.app.db.insert(socialAccounts).values({ userId: member.id, platform: 'kick', externalId: '4242', username: 'KickName', createdAt: clock.now() });
    const message = chatEvent();
    Object.assign(message, {
      chatter_user_id: '5555',
      chatter_user_login: 'twitchname',
      chatter_user_name: 'TwitchName',
      message: { text: `my uid ${member.uid.toLowerCase()}`, fragments: [] },
    });
    // A Shared Chat message with the UID from another channel asks nothing.
    const shared = { ...message, message_id: 'shared-1', source_broadcaster_user_id: '424242' };
    expect(JSON.parse((await fake.notify('channel.chat.message', shared)).body)).toEqual({ ok: true, result: 'ignored' });
    expect(JSON.parse((await fake.notify('channel.chat.message', message)).body)).toEqual({ ok: true, result: 'stored' });
    await t.app.runJobs();
    const links = await t.app.inject({ method: 'GET', url: '/api/profile/chat-links', headers: member.auth });
    expect(links.statusCode, links.body).toBe(200);
    expect(links.json()).toEqual({
      requests: [{ platform: 'twitch', username: 'TwitchName', expiresAt: new Date(clock.now().getTime() + 15 * 60_000).toISOString() }],
      linked: [{ platform: 'kick', platformUserId: '4242', username: 'KickName' }],
    });
    // Kick's own call sees no Kick request (the one waiting is Twitch's).
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/kick-link', headers: member.auth })).json()).toEqual({
      request: null,
      linked: { kickUsername: 'KickName', kickUserId: '4242' },
    });
    expect((await t.app.inject({ method: 'POST', url: '/api/profile/chat-links/kick/confirm', headers: member.auth })).statusCode).toBe(404);
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/profile/chat-links/twitch/confirm', headers: member.auth });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({
      requests: [],
      linked: [
        { platform: 'kick', platformUserId: '4242', username: 'KickName' },
        { platform: 'twitch', platformUserId: '5555', username: 'TwitchName' },
      ],
    });
    // Twice: nothing left to confirm.
    expect((await t.app.inject({ method: 'POST', url: '/api/profile/chat-links/twitch/confirm', headers: member.auth })).statusCode).toBe(404);

    // Another member's UID from the same Twitch account asks nothing: that account is linked.
    const other = await makeUser(t.app);
    await fake.notify('channel.chat.message', { ...message, message_id: 'm-other', message: { text: other.uid, fragments: [] } });
    await t.app.runJobs();
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/chat-links', headers: other.auth })).json()).toEqual({ requests: [], linked: [] });

    // Refusals: no token 401, an unknown platform 400, nothing to decline 404; nothing changed.
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/chat-links' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/profile/chat-links/twitch' })).statusCode).toBe(401);
    const unknown = await t.app.inject({ method: 'DELETE', url: '/api/profile/chat-links/youtube', headers: member.auth });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    expect((await t.app.inject({ method: 'POST', url: '/api/profile/chat-links/twitch/decline', headers: member.auth })).statusCode).toBe(404);

    const unlinked = await t.app.inject({ method: 'DELETE', url: '/api/profile/chat-links/twitch', headers: member.auth });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(unlinked.json().linked).toEqual([{ platform: 'kick', platformUserId: '4242', username: 'KickName' }]);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/profile/chat-links/twitch', headers: member.auth })).statusCode).toBe(404);
  });

  it("a second account asking while a request waits gets the bot's answer in Twitch chat; decline forgets the request", async () => {
    const member = await makeUser(t.app);
    const ask = (id: string, login: string, messageId: string) =>
      fake.notify('channel.chat.message', {
        ...chatEvent(),
        chatter_user_id: id,
        chatter_user_login: login,
        chatter_user_name: login,
        message_id: messageId,
        message: { text: member.uid, fragments: [] },
      });
    await ask('6001', 'first', 'ask-1');
    await ask('6002', 'second', 'ask-2');
    await t.app.runJobs();
    await t.app.stream.settled();
    expect(fake.chat.at(-1)).toMatchObject({ broadcasterId: fake.broadcaster.id, replyTo: 'ask-2' });
    expect(fake.chat.at(-1)!.message).toContain('@second a link request is already waiting');
    const declined = await t.app.inject({ method: 'POST', url: '/api/profile/chat-links/twitch/decline', headers: member.auth });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toEqual({ requests: [], linked: [] });
  });

  it('!points in Twitch chat is answered in Twitch chat, as a reply to that message', async () => {
    const member = await makeUser(t.app);
    await t.app.db.insert(socialAccounts).values({ userId: member.id, platform: 'twitch', externalId: '8181', username: 'PointsFan', createdAt: clock.now() });
    const before = fake.chat.length;
    await fake.notify('channel.chat.message', {
      ...chatEvent(),
      chatter_user_id: '8181',
      chatter_user_login: 'pointsfan',
      chatter_user_name: 'PointsFan',
      message_id: 'ask-points',
      message: { text: '!points', fragments: [] },
    });
    await t.app.runJobs();
    await t.app.stream.settled();
    expect(fake.chat.slice(before)).toEqual([
      { broadcasterId: fake.broadcaster.id, message: expect.stringMatching(/^@PointsFan you have 0 points/), replyTo: 'ask-points' },
    ]);
  });

  it('disconnect revokes both tokens, deletes the subscriptions at Twitch and forgets the channel (audited)', async () => {
    const res = await admin$('POST', '/api/admin/stream/twitch/disconnect');
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.subscriptions).toEqual([]);
    expect(fake.revoked.filter((r) => r.startsWith('tw-at-'))).toHaveLength(1);
    expect(fake.revoked.filter((r) => r.startsWith('tw-rt-'))).toHaveLength(1);
    expect(await t.app.db.select().from(twitchConnection)).toEqual([]);
    expect(await twitchCard()).toMatchObject({ connected: false, channel: null, subscriptions: [] });
    expect(await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'stream.disconnect'))).toHaveLength(1);
    // Events for the old channel are not acted on any more.
    expect((await signedRequest('notification', notification('channel.chat.message', chatEvent())).inject()).json()).toEqual({ ok: true, result: 'ignored' });
  });
});
