import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { kickWebhookMessages, socialAccounts, streamConnection, streamEvents, userRestrictions } from '../../../db/schema.ts';
import { ConfigError, loadConfig } from '../../../config.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { makeUser, useTestAppWithAdmin } from '../../../test/factories.ts';

function keyPair() {
  return generateKeyPairSync('rsa', { modulusLength: 2048 });
}

describe(`Kick webhook (${process.env.TEST_DB})`, () => {
  const kick = keyPair();
  const stranger = keyPair();
  const clock = new ManualClock('2026-11-23T12:00:00.000Z');
  let counter = 0;
  const pem = kick.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  // As an .env file would carry it: one line with literal \n.
  const { t, admin } = useTestAppWithAdmin({ KICK_PUBLIC_KEY: pem.replaceAll('\n', '\\n') }, { clock });

  type Delivery = { id?: string; timestamp?: string; body?: string; type?: string; key?: KeyObject; signature?: string; omit?: string[] };
  function deliver(d: Delivery) {
    counter += 1;
    const id = d.id ?? `01JKICK${counter.toString().padStart(6, '0')}${Math.random().toString(36).slice(2, 8)}`;
    const timestamp =
      d.timestamp ??
      clock
        .now()
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z');
    const body = d.body ?? '{}';
    const signature = d.signature ?? sign('sha256', Buffer.from(`${id}.${timestamp}.${body}`), d.key ?? kick.privateKey).toString('base64');
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'kick-event-message-id': id,
      'kick-event-message-timestamp': timestamp,
      'kick-event-signature': signature,
      'kick-event-type': d.type ?? 'chat.message.sent',
      'kick-event-version': '1',
    };
    for (const name of d.omit ?? []) delete headers[name];
    return { id, res: t.app.inject({ method: 'POST', url: '/api/integrations/kick/webhook', headers, payload: body }) };
  }
  const chat = (content: string, sender: { user_id: number; username: string }) =>
    JSON.stringify({ message_id: 'm1', broadcaster: { user_id: 1, username: 'streamer' }, sender: { is_anonymous: false, ...sender }, content, emotes: [] });
  const kickOf = async (userId: string) => t.app.db.select().from(socialAccounts).where(eq(socialAccounts.userId, userId));

  const requestOf = async (user: { auth: { authorization: string } }) =>
    (await t.app.inject({ method: 'GET', url: '/api/profile/kick-link', headers: user.auth })).json().request;

  /** The channel of broadcaster 1 connected (the row the OAuth callback writes; these tests need no Kick API). */
  async function connectChannel(): Promise<void> {
    const values = {
      id: 1,
      broadcasterUserId: '1',
      channelSlug: 'streamer',
      scopes: '',
      accessToken: 'x',
      refreshToken: 'x',
      tokenExpiresAt: clock.now(),
      connectedAt: clock.now(),
    };
    await t.app.db.insert(streamConnection).values(values).onConflictDoNothing();
  }
  const banOf = (bannedUserId: number, broadcasterId: number) =>
    JSON.stringify({
      broadcaster: { user_id: broadcasterId, username: `channel${broadcasterId}` },
      moderator: { user_id: 9, username: 'mod' },
      banned_user: { user_id: bannedUserId, username: 'Member' },
      metadata: { reason: 'spam', created_at: clock.now().toISOString(), expires_at: null },
    });
  const chatBans = async (userId: string) => t.app.db.select().from(userRestrictions).where(eq(userRestrictions.userId, userId));

  it('with no channel connected, every delivery is acknowledged and ignored; once one is, only its broadcaster counts', async () => {
    // A fresh install: Kick signs every app's deliveries with one key, so these are genuine but not ours.
    const member = await makeUser(t.app);
    await t.app.db.insert(socialAccounts).values({ userId: member.id, platform: 'kick', externalId: '3131', username: 'Member', createdAt: clock.now() });
    for (const broadcaster of [777, 1]) {
      const { id, res } = deliver({ type: 'moderation.banned', body: banOf(3131, broadcaster) });
      const answer = await res;
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({ ok: true, result: 'ignored' });
      expect(await t.app.db.select().from(streamEvents).where(eq(streamEvents.messageId, id))).toEqual([]);
    }
    const asker = await makeUser(t.app);
    expect((await deliver({ body: chat(asker.uid, { user_id: 3232, username: 'Asker' }) }).res).json()).toEqual({ ok: true, result: 'ignored' });
    await t.app.runJobs();
    expect(await chatBans(member.id)).toEqual([]);
    expect(await requestOf(asker)).toBeNull();

    await connectChannel();
    expect((await deliver({ type: 'moderation.banned', body: banOf(3131, 777) }).res).json()).toEqual({ ok: true, result: 'ignored' });
    await t.app.runJobs();
    expect(await chatBans(member.id)).toEqual([]);
    expect((await deliver({ type: 'moderation.banned', body: banOf(3131, 1) }).res).json()).toEqual({ ok: true, result: 'stored' });
    await t.app.runJobs();
    expect((await chatBans(member.id)).map((r) => [r.kind, r.expiresAt])).toEqual([['ban_chat', null]]);
  });

  it('stores a chat message carrying a UID; the job turns it into a link request the user confirms', async () => {
    await connectChannel();
    const user = await makeUser(t.app);
    const { res } = deliver({ body: chat(`hi! my uid is ${user.uid.toLowerCase()} :)`, { user_id: 4242, username: 'KickViewer' }) });
    const stored = await res;
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json()).toEqual({ ok: true, result: 'stored' });
    expect(await kickOf(user.id)).toEqual([]);
    await t.app.runJobs();
    expect(await requestOf(user)).toMatchObject({ kickUsername: 'KickViewer' });
    expect((await t.app.inject({ method: 'POST', url: '/api/profile/kick-link/confirm', headers: user.auth })).statusCode).toBe(200);
    expect((await kickOf(user.id)).map((r) => [r.platform, r.externalId, r.username])).toEqual([['kick', '4242', 'KickViewer']]);
    const profile = (await t.app.inject({ method: 'GET', url: '/api/profile', headers: user.auth })).json().profile;
    expect(profile.socialAccounts).toEqual([{ platform: 'Kick', connected: true, username: 'KickViewer', uid: '4242' }]);
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/users/${user.id}`, headers: admin.auth });
    expect(detail.json().user.kickUsername).toBe('KickViewer');
    const list = await t.app.inject({ method: 'GET', url: `/api/admin/users?q=${user.username}`, headers: admin.auth });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().users.map((u: { id: string; kickUsername: string | null }) => [u.id, u.kickUsername])).toEqual([[user.id, 'KickViewer']]);

    // Once: another Kick account with the same UID asks nothing (the profile has its link) ...
    await deliver({ body: chat(user.uid, { user_id: 777, username: 'Other' }) }).res;
    // ... and the linked Kick account cannot ask to move to someone else.
    const other = await makeUser(t.app);
    await deliver({ body: chat(other.uid, { user_id: 4242, username: 'KickViewer' }) }).res;
    await t.app.runJobs();
    expect(await requestOf(user)).toBeNull();
    expect(await requestOf(other)).toBeNull();
    expect((await kickOf(user.id)).map((r) => r.externalId)).toEqual(['4242']);
    // Event types the stream does not handle are ignored (the type header is not signed; the body decides).
    expect((await deliver({ body: '{"follower":{"user_id":1}}', type: 'channel.reward.redemption.updated' }).res).json().result).toBe('ignored');
  });

  it('refuses a bad signature (401), a stale timestamp (400) and a replayed message id (409)', async () => {
    await connectChannel();
    const user = await makeUser(t.app);
    const body = chat(user.uid, { user_id: 5151, username: 'Signed' });
    const forged = deliver({ body, key: stranger.privateKey });
    const bad = await forged.res;
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ ok: false, code: 'INVALID_SIGNATURE' });
    // A signature of another body does not cover this one.
    const valid = sign('sha256', Buffer.from(`x.2026-11-23T12:00:00Z.${body}`), kick.privateKey).toString('base64');
    expect((await deliver({ id: 'x', timestamp: '2026-11-23T12:00:00Z', body: body.replace('Signed', 'Forged'), signature: valid }).res).statusCode).toBe(401);
    expect((await deliver({ body, signature: 'not base64 at all!' }).res).statusCode).toBe(401);

    const stale = await deliver({ body, timestamp: '2026-11-23T11:54:59Z' }).res;
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ ok: false, code: 'STALE_TIMESTAMP' });
    expect((await deliver({ body, timestamp: '2026-11-23T12:05:01Z' }).res).statusCode).toBe(400);
    expect(await kickOf(user.id)).toEqual([]);

    // The forged delivery's id was not burnt: the genuine message with that id still counts.
    const genuine = await deliver({ id: forged.id, body, timestamp: '2026-11-23T11:55:30Z' }).res;
    expect(genuine.json()).toEqual({ ok: true, result: 'stored' });
    const replay = await deliver({ id: forged.id, body, timestamp: '2026-11-23T11:55:30Z' }).res;
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toMatchObject({ ok: false, code: 'REPLAYED_MESSAGE' });
    // A stored event is its own replay record (stream_events' key), written once.
    const [seen] = await t.app.db.select().from(streamEvents).where(eq(streamEvents.messageId, forged.id));
    expect(seen).toBeDefined();
    expect(await t.app.db.select().from(kickWebhookMessages).where(eq(kickWebhookMessages.messageId, forged.id))).toEqual([]);
  });

  it('400 without the signed headers or with a body that is not JSON; 415 for another content type', async () => {
    for (const name of ['kick-event-message-id', 'kick-event-message-timestamp', 'kick-event-signature']) {
      const res = await deliver({ body: '{}', omit: [name] }).res;
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, code: 'BAD_WEBHOOK' });
    }
    expect((await deliver({ body: 'not json' }).res).json()).toMatchObject({ code: 'BAD_WEBHOOK' });
    const text = await t.app.inject({ method: 'POST', url: '/api/integrations/kick/webhook', headers: { 'content-type': 'text/plain' }, payload: 'hi' });
    expect(text.statusCode).toBe(415);
  });

  it("takes no link request while the bot's 'commands' switch is off", async () => {
    await connectChannel();
    const user = await makeUser(t.app);
    const off = await t.app.inject({ method: 'PUT', url: '/api/admin/bot-features/commands', headers: admin.auth, payload: { status: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect((await deliver({ body: chat(user.uid, { user_id: 6161, username: 'Muted' }) }).res).json()).toEqual({ ok: true, result: 'stored' });
    await t.app.runJobs();
    expect(await requestOf(user)).toBeNull();
    await t.app.inject({ method: 'PUT', url: '/api/admin/bot-features/commands', headers: admin.auth, payload: { status: true } });
    await deliver({ body: chat(user.uid, { user_id: 6161, username: 'Muted' }) }).res;
    await t.app.runJobs();
    expect(await requestOf(user)).toMatchObject({ kickUsername: 'Muted' });
  });

  it('the link writes (confirm, decline, unlink) are limited per member: 429 with Retry-After, other members unaffected', async () => {
    const [member, other] = [await makeUser(t.app), await makeUser(t.app)];
    const routes = [
      ['POST', '/api/profile/kick-link/confirm'],
      ['POST', '/api/profile/kick-link/decline'],
      ['DELETE', '/api/profile/kick-link'],
    ] as const;
    for (const [method, url] of routes) {
      for (let i = 0; i < 10; i += 1) {
        // Nothing to answer: a 404, counted all the same (a script churning links is what the limit stops).
        expect((await t.app.inject({ method, url, headers: member.auth })).statusCode, url).toBe(404);
      }
      const limited = await t.app.inject({ method, url, headers: member.auth });
      expect(limited.statusCode, url).toBe(429);
      expect(limited.json()).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await t.app.inject({ method, url, headers: other.auth })).statusCode, url).toBe(404);
    }
    // Reading the state is not a write: not limited.
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/kick-link', headers: member.auth })).statusCode).toBe(200);
  });

  it('KICK_PUBLIC_KEY must be an RSA public key; without one the webhook is 404', async () => {
    expect(() => loadConfig({ KICK_PUBLIC_KEY: 'not a key' })).toThrow(ConfigError);
    expect(() => loadConfig({ KICK_PUBLIC_KEY: 'not a key' })).toThrow('Invalid configuration: KICK_PUBLIC_KEY must be an RSA public key in PEM form');
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(() => loadConfig({ KICK_PUBLIC_KEY: ec })).toThrow(ConfigError);
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/integrations/kick/webhook',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ ok: false, code: 'KICK_NOT_CONFIGURED' });
    } finally {
      await bare.close();
    }
  });
});
