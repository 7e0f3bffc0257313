import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, ledgerEntries, streamCommandUses, streamConnection, streamCredits, streamEvents, userRestrictions, users } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import type { FakeKick } from '../../test/fake-kick.ts';
import { useFakeKickApp } from '../../test/kick-chat.ts';
import { makeUser, pointsOf } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { outboxMailsTo } from '../auth/auth-test-helpers.ts';
import { createVerificationToken } from '../auth/email-verification.ts';
import { creditLastBlock } from './crediting.ts';
import { processStreamEvents } from './events.ts';

/**
 * The stream half against the fake Kick (a real HTTP peer): connecting the channel, webhook events
 * stored then processed once, presence blocks and bonuses through the ledger, the holding balance,
 * the rules, the Kick link confirmation and the bot's commands.
 */
describe(`Stream (${process.env.TEST_DB})`, () => {
  const clock = new ManualClock('2026-11-23T12:00:00.000Z');
  const kick = useFakeKickApp({ clock });
  const { deliver, chat, viewer, admin$, connect, goLive, linkViaChat, broadcaster } = kick;
  let fake: FakeKick;
  let t: TestApp;
  beforeAll(() => {
    ({ fake, t } = kick);
  });

  const B = () => fake.broadcaster;
  const iso = (at: Date) => at.toISOString();

  it('without KICK_CLIENT_ID the Stream screen says what to set, and connecting is 404', async () => {
    const bare = await createTestApp();
    try {
      const adm = await makeUser(bare.app, { admin: true, prefix: 'adm' });
      const status = await bare.app.inject({ method: 'GET', url: '/api/admin/stream', headers: adm.auth });
      expect(status.json()).toMatchObject({ configured: false, missing: ['KICK_CLIENT_ID', 'KICK_CLIENT_SECRET'], connected: false });
      const connect = await bare.app.inject({ method: 'POST', url: '/api/admin/stream/connect', headers: adm.auth });
      expect(connect.statusCode).toBe(404);
      expect(connect.json().code).toBe('STREAM_NOT_CONFIGURED');
    } finally {
      await bare.close();
    }
  });

  it('connects the channel through OAuth with PKCE; a reused or foreign state changes nothing', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/stream'],
      ['POST', '/api/admin/stream/connect'],
      ['POST', '/api/admin/stream/disconnect'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
      const member = await makeUser(t.app);
      expect((await t.app.inject({ method, url, headers: member.auth })).statusCode, url).toBe(403);
    }
    // A state without the browser's binding cookie is refused.
    const start = await admin$('POST', '/api/admin/stream/connect');
    const back = new URL((await fetch(start.json().url, { redirect: 'manual' })).headers.get('location')!);
    const foreign = await t.app.inject({ method: 'GET', url: back.pathname + back.search, cookies: { kick_oauth: 'other-browser' } });
    expect(foreign.headers.location).toBe('http://localhost:3000/admin/stream?error=INVALID_OAUTH_STATE');
    expect((await admin$('GET', '/api/admin/stream')).json().connected).toBe(false);

    await connect();
    const status = (await admin$('GET', '/api/admin/stream')).json();
    expect(status).toMatchObject({
      configured: true,
      connected: true,
      isLive: false,
      channel: { broadcasterUserId: String(B().userId), slug: B().slug, needsReconnect: false },
    });
    expect(status.subscriptions.map((s: { event: string }) => s.event).sort()).toEqual([
      'channel.followed',
      'channel.subscription.gifts',
      'channel.subscription.new',
      'channel.subscription.renewal',
      'chat.message.sent',
      'kicks.gifted',
      'livestream.status.updated',
      'moderation.banned',
    ]);
    // The token endpoint checked the verifier; the tokens are sealed at rest.
    const token = fake.calls.find((c) => c.path === '/oauth/token')!.body as Record<string, string>;
    expect(token.code_verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    const [row] = await t.app.db.select().from(streamConnection);
    expect(row!.accessToken.startsWith('enc:v1:')).toBe(true);
    expect(row!.refreshToken).not.toContain('rt-');

    // Replaying the callback (same state) is refused and changes nothing.
    const replay = fake.calls.filter((c) => c.path === '/oauth/authorize').at(-1)!;
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/integrations/kick/callback?code=x&state=${encodeURIComponent(replay.query.state!)}`,
      cookies: { kick_oauth: 'x' },
    });
    expect(again.headers.location).toContain('error=INVALID_OAUTH_STATE');
    const [after] = await t.app.db.select().from(streamConnection);
    expect(after!.accessToken).toBe(row!.accessToken);
  });

  it('refreshes the token before expiry; a failed refresh shows reconnect and is audited', async () => {
    const [before] = await t.app.db.select().from(streamConnection);
    clock.advance(55 * 60_000);
    await t.app.runJobs();
    const [refreshed] = await t.app.db.select().from(streamConnection);
    expect(refreshed!.accessToken).not.toBe(before!.accessToken);
    expect(refreshed!.tokenExpiresAt.getTime()).toBe(clock.now().getTime() + 3600_000);

    fake.failRefresh = true;
    clock.advance(55 * 60_000);
    await t.app.runJobs().catch(() => undefined);
    expect((await admin$('GET', '/api/admin/stream')).json().channel.needsReconnect).toBe(true);
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'stream.token_refresh_failed'));
    expect(audits).toHaveLength(1);
    fake.failRefresh = false;
    await connect();
    expect((await admin$('GET', '/api/admin/stream')).json().channel.needsReconnect).toBe(false);
  });

  // Events count only once the channel is connected (above).
  it('a UID pasted in chat asks; the user confirms on the profile; decline, expiry, unlink', async () => {
    const user = await makeUser(t.app);
    const v = viewer('linker');
    expect((await chat(v, `hi ${user.uid.toLowerCase()}`)).json()).toEqual({ ok: true, result: 'stored' });
    // Nothing happens before the job runs; the webhook only stored the event.
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/kick-link', headers: user.auth })).json()).toEqual({ request: null, linked: null });
    await t.app.runJobs();
    const state = await t.app.inject({ method: 'GET', url: '/api/profile/kick-link', headers: user.auth });
    expect(state.json()).toEqual({
      request: { kickUsername: v.name, kickUserId: String(v.id), expiresAt: iso(new Date(clock.now().getTime() + 15 * 60_000)) },
      linked: null,
    });
    // Not linked until confirmed: the profile shows no Kick account.
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: user.auth })).json().profile.socialAccounts).toEqual([]);

    const declined = await t.app.inject({ method: 'POST', url: '/api/profile/kick-link/decline', headers: user.auth });
    expect(declined.json()).toEqual({ request: null, linked: null });
    expect((await t.app.inject({ method: 'POST', url: '/api/profile/kick-link/confirm', headers: user.auth })).statusCode).toBe(404);

    // A request expires after 15 minutes.
    await chat(v, user.uid);
    await t.app.runJobs();
    clock.advance(15 * 60_000 + 1000);
    expect((await t.app.inject({ method: 'POST', url: '/api/profile/kick-link/confirm', headers: user.auth })).statusCode).toBe(404);

    await chat(v, user.uid);
    await t.app.runJobs();
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/profile/kick-link/confirm', headers: user.auth });
    expect(confirmed.json()).toEqual({ request: null, linked: { kickUsername: v.name, kickUserId: String(v.id) } });
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: user.auth })).json().profile.socialAccounts).toEqual([
      { platform: 'Kick', connected: true, username: v.name, uid: String(v.id) },
    ]);
    // A stranger posting the victim's UID from another Kick account asks nothing (the profile has its link).
    await chat(viewer('stranger'), user.uid);
    await t.app.runJobs();
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/kick-link', headers: user.auth })).json().request).toBeNull();

    const unlinked = await t.app.inject({ method: 'DELETE', url: '/api/profile/kick-link', headers: user.auth });
    expect(unlinked.json()).toEqual({ request: null, linked: null });
    expect((await t.app.inject({ method: 'DELETE', url: '/api/profile/kick-link', headers: user.auth })).statusCode).toBe(404);
    for (const [method, url] of [
      ['GET', '/api/profile/kick-link'],
      ['POST', '/api/profile/kick-link/confirm'],
      ['POST', '/api/profile/kick-link/decline'],
      ['DELETE', '/api/profile/kick-link'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });

  it("stores events and processes each once; another broadcaster's events are ignored; a repeat is 409", async () => {
    const d = fake.delivery('channel.followed', { broadcaster: broadcaster(), follower: { user_id: 42, username: 'x' } }, { timestamp: clock.now() });
    const first = await t.app.inject({ method: 'POST', url: '/api/integrations/kick/webhook', headers: d.headers, payload: d.payload });
    expect(first.json()).toEqual({ ok: true, result: 'stored' });
    const repeat = await t.app.inject({ method: 'POST', url: '/api/integrations/kick/webhook', headers: d.headers, payload: d.payload });
    expect(repeat.statusCode).toBe(409);
    expect((await t.app.runJobs()).streamEvents).toBe(1);
    expect((await t.app.runJobs()).streamEvents ?? 0).toBe(0);
    // Deliveries at once go into one write together; an id twice among them is a replay.
    const burst = Array.from({ length: 20 }, (_, i) =>
      fake.delivery('channel.followed', { broadcaster: broadcaster(), follower: { user_id: 900 + i, username: `f${i}` } }, { timestamp: clock.now() }),
    );
    const twice = burst[3]!;
    const answers = await Promise.all(
      [...burst, twice].map((d) => t.app.inject({ method: 'POST', url: '/api/integrations/kick/webhook', headers: d.headers, payload: d.payload })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array(20).fill(200), 409]);
    expect((await t.app.runJobs()).streamEvents).toBe(20);
    expect((await chat(viewer(), 'hello', { broadcasterId: 999 })).json()).toEqual({ ok: true, result: 'ignored' });
    expect((await deliver('channel.reward.redemption.updated', { broadcaster: broadcaster() })).json().result).toBe('ignored');
    // An ignored delivery's id is kept too: its repeat is 409 as well.
    const other = fake.delivery(
      'chat.message.sent',
      { broadcaster: { ...broadcaster(), user_id: 999 }, sender: { user_id: 7, username: 'o' }, content: 'hi' },
      { timestamp: clock.now() },
    );
    const send = () => t.app.inject({ method: 'POST', url: '/api/integrations/kick/webhook', headers: other.headers, payload: other.payload });
    expect((await send()).json()).toEqual({ ok: true, result: 'ignored' });
    expect((await send()).statusCode).toBe(409);
    expect((await admin$('GET', '/api/admin/stream')).json().lastEventAt).toBe(iso(clock.now()));
  });

  it('presence blocks: chat 9 minutes before the end earns, 11 does not; offline earns nothing; the multiplier; held for unlinked', async () => {
    const [linked, late, sub] = [await makeUser(t.app), await makeUser(t.app), await makeUser(t.app)];
    const [vl, vLate, vSub, vHeld] = [viewer(), viewer(), viewer(), viewer()];
    await linkViaChat(linked, vl);
    await linkViaChat(late, vLate);
    await linkViaChat(sub, vSub);

    // Offline: chatting earns nothing.
    clock.set('2026-11-23T15:59:00.000Z');
    await chat(vl, 'hello');
    clock.set('2026-11-23T16:00:10.000Z');
    await t.app.runJobs();
    expect(await pointsOf(t.app, linked.id)).toBe(0);

    await goLive(new Date('2026-11-23T16:00:00.000Z'));
    clock.set('2026-11-23T16:10:05.000Z');
    await chat(vl, 'nine minutes', { createdAt: new Date('2026-11-23T16:01:00.000Z') });
    await chat(vLate, 'eleven minutes', { createdAt: new Date('2026-11-23T15:59:00.000Z') });
    await chat(vSub, 'sub', { badges: ['subscriber'] });
    await chat(vHeld, 'not linked', { createdAt: new Date('2026-11-23T16:08:00.000Z') });
    const counts = await t.app.runJobs();
    expect(counts.streamCredited).toBe(1);
    expect(counts.streamHeld).toBe(1);
    expect(await pointsOf(t.app, linked.id)).toBe(10);
    expect(await pointsOf(t.app, late.id)).toBe(0);
    // The sub chatted after the block ended: next block, at 1.5x.
    clock.set('2026-11-23T16:15:01.000Z');
    await t.app.runJobs();
    expect(await pointsOf(t.app, sub.id)).toBe(15);
    const [row] = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, sub.id));
    expect(row).toMatchObject({ reason: 'stream_activity', refType: 'stream', amount: 15 });
    // History shows it as points earned.
    const history = (await t.app.inject({ method: 'GET', url: '/api/profile', headers: sub.auth })).json().profile.historyData;
    expect(history[0]).toMatchObject({ type: 'points_earned', title: 'Points from the stream' });

    // The holding balance is credited once on linking.
    const heldUser = await makeUser(t.app);
    await linkViaChat(heldUser, vHeld);
    expect(await pointsOf(t.app, heldUser.id)).toBe(20);
    await t.app.inject({ method: 'DELETE', url: '/api/profile/kick-link', headers: heldUser.auth });
    await linkViaChat(heldUser, vHeld);
    expect(await pointsOf(t.app, heldUser.id)).toBe(20);
  });

  it('the daily cap, ignored names, a Chat ban, a Kick ban and the broadcaster earn nothing more', async () => {
    const rules = (await admin$('GET', '/api/admin/stream/rules')).json().rules;
    const [capped, ignored, banned, kickBanned] = [await makeUser(t.app), await makeUser(t.app), await makeUser(t.app), await makeUser(t.app)];
    const vCap = viewer();
    const vBot = { ...viewer(), name: 'botrix' };
    const [vBan, vKickBan] = [viewer(), viewer()];
    for (const [u, v] of [
      [capped, vCap],
      [ignored, vBot],
      [banned, vBan],
      [kickBanned, vKickBan],
    ] as const)
      await linkViaChat(u, v);
    // Ignored names (other bots) are set after the bot account linked, to show it earns nothing even linked.
    const saved = await admin$('PUT', '/api/admin/stream/rules', { ...rules, dailyCap: 25, ignoredUsernames: ['BotRix'] });
    expect(saved.statusCode, saved.body).toBe(200);
    const ban = await admin$('POST', `/api/admin/users/${banned.id}/restrictions`, { kind: 'ban_chat', days: 7, reason: 'spam' });
    expect(ban.statusCode, ban.body).toBeLessThan(300);
    const banAt = clock.now();
    await deliver('moderation.banned', {
      broadcaster: broadcaster(),
      moderator: { user_id: 1, username: 'mod' },
      banned_user: { user_id: vKickBan.id, username: vKickBan.name },
      metadata: { reason: 'rude', created_at: iso(banAt), expires_at: iso(new Date(banAt.getTime() + 3600_000)) },
    });
    await t.app.runJobs();
    const [restriction] = await t.app.db
      .select()
      .from(userRestrictions)
      .where(and(eq(userRestrictions.userId, kickBanned.id), eq(userRestrictions.kind, 'ban_chat')));
    expect(restriction!.expiresAt!.toISOString()).toBe(iso(new Date(banAt.getTime() + 3600_000)));

    const start = Math.ceil(clock.now().getTime() / 300_000) * 300_000;
    for (let i = 0; i < 4; i += 1) {
      clock.set(start + i * 300_000 - 60_000);
      for (const v of [vCap, vBot, vBan, vKickBan, { id: B().userId, name: B().name }]) await chat(v, 'still here');
      clock.set(start + i * 300_000 + 1000);
      await t.app.runJobs();
    }
    expect(await pointsOf(t.app, capped.id)).toBe(25);
    expect(await pointsOf(t.app, ignored.id)).toBe(0);
    expect(await pointsOf(t.app, banned.id)).toBe(0);
    expect(await pointsOf(t.app, kickBanned.id)).toBe(0);
    await admin$('PUT', '/api/admin/stream/rules', { ...rules });
  });

  it("the daily cap is the site account's: another Kick account linked the same day, and what it held, earn nothing over it", async () => {
    const rules = (await admin$('GET', '/api/admin/stream/rules')).json().rules;
    expect((await admin$('PUT', '/api/admin/stream/rules', { ...rules, dailyCap: 25 })).statusCode).toBe(200);
    try {
      const user = await makeUser(t.app);
      const [first, second] = [viewer('first'), viewer('second')];
      await linkViaChat(user, first);
      const block = async (at: number, viewers: (typeof first)[]) => {
        clock.set(at - 60_000);
        for (const v of viewers) await chat(v, 'here');
        clock.set(at + 1000);
        await t.app.runJobs();
      };
      const start = Math.ceil(clock.now().getTime() / 300_000) * 300_000;
      // `first` (linked) reaches the cap in three blocks; `second`, not linked yet, holds points from the first two.
      await block(start, [first, second]);
      await block(start + 300_000, [first]);
      await block(start + 600_000, [first]);
      expect(await pointsOf(t.app, user.id)).toBe(25);

      // Unlinking and linking `second` starts no new cap: its held points of today are over it ...
      expect((await t.app.inject({ method: 'DELETE', url: '/api/profile/kick-link', headers: user.auth })).statusCode).toBe(200);
      await linkViaChat(user, second);
      expect(await pointsOf(t.app, user.id)).toBe(25);
      // ... and it earns nothing more today.
      await block(start + 900_000, [second]);
      expect(await pointsOf(t.app, user.id)).toBe(25);
      const held = await t.app.db
        .select()
        .from(streamCredits)
        .where(eq(streamCredits.kickUserId, String(second.id)));
      expect(held.reduce((sum, r) => sum + r.amount, 0)).toBe(0);

      // The next UTC day has its own cap.
      const nextDay = Math.ceil((start + 900_000) / 86_400_000) * 86_400_000;
      await block(nextDay + 600_000, [second]);
      expect(await pointsOf(t.app, user.id)).toBe(35);
    } finally {
      await admin$('PUT', '/api/admin/stream/rules', { ...rules });
    }
  });

  it('an account whose e-mail is not verified earns into the holding balance; verifying pays it once, through the ledger', async () => {
    const [user, resetter] = [await makeUser(t.app, { verified: false }), await makeUser(t.app, { verified: false })];
    const [v, w] = [viewer('unverified'), viewer('resetter')];
    await linkViaChat(user, v);
    await linkViaChat(resetter, w);
    const end = Math.ceil(clock.now().getTime() / 300_000) * 300_000 + 300_000;
    clock.set(end - 60_000);
    await chat(v, 'here');
    await chat(w, 'here too');
    await deliver('channel.followed', { broadcaster: broadcaster(), follower: { user_id: v.id, username: v.name } });
    await t.app.runJobs();
    clock.set(end + 1000);
    const counts = await t.app.runJobs();
    expect(counts.streamHeld).toBe(2);
    expect(await pointsOf(t.app, user.id)).toBe(0);
    expect(await pointsOf(t.app, resetter.id)).toBe(0);

    const token = await createVerificationToken(t.app.db, user.id, clock.now());
    const verified = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await pointsOf(t.app, user.id)).toBe(10 + 50);
    const rows = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.id));
    expect(rows.map((r) => [r.reason, r.amount, r.note]).sort()).toEqual([
      ['stream_activity', 10, 'Stream points held until your e-mail was verified'],
      ['stream_follow', 50, 'Follow bonus held until your e-mail was verified'],
    ]);
    // Once: a second verification (a reset's mail proves the address too) finds nothing held.
    const again = await createVerificationToken(t.app.db, user.id, clock.now());
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: again } })).statusCode).toBe(200);
    expect(await pointsOf(t.app, user.id)).toBe(60);

    // A password reset's link verifies the address as well, and pays the same way.
    const email = (await t.app.db.select({ email: users.email }).from(users).where(eq(users.id, resetter.id)))[0]!.email;
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    await t.app.backgroundWork.idle();
    const mail = outboxMailsTo(t.config.dataDir, email).findLast((m) => m.includes('/reset-password?token='))!;
    const resetToken = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail)![1]!;
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: resetToken, password: 'Brand-New-Pass-77' } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await pointsOf(t.app, resetter.id)).toBe(10);

    // Verified now: the next block is paid at once.
    clock.set(end + 300_000 - 60_000);
    await chat(v, 'still here');
    clock.set(end + 300_000 + 1000);
    await t.app.runJobs();
    expect(await pointsOf(t.app, user.id)).toBe(70);
  });

  it('a second Kick account cannot swap itself into a waiting link request: refused in chat until the first is declined or expires', async () => {
    const user = await makeUser(t.app);
    const [mine, other] = [viewer('mine'), viewer('other')];
    const requestOf = async () => (await t.app.inject({ method: 'GET', url: '/api/profile/kick-link', headers: user.auth })).json().request;
    expect(await kick.say(mine, `link ${user.uid}`)).toBeNull();
    expect(await requestOf()).toMatchObject({ kickUsername: mine.name, kickUserId: String(mine.id) });

    const refused = await kick.say(other, `link ${user.uid}`);
    expect(refused).toBe(
      `@${other.name} a link request is already waiting on that profile. Try again once its owner answers it at http://localhost:3000/profile or it expires (15 minutes at most).`,
    );
    expect(refused).not.toContain(mine.name);
    expect(await requestOf()).toMatchObject({ kickUsername: mine.name, kickUserId: String(mine.id) });
    // The account that asked may ask again: its request is renewed.
    clock.advance(10 * 60_000);
    await kick.say(mine, `link ${user.uid}`);
    expect(await requestOf()).toMatchObject({ kickUserId: String(mine.id), expiresAt: iso(new Date(clock.now().getTime() + 15 * 60_000)) });

    // Declined: the other account may ask.
    expect((await t.app.inject({ method: 'POST', url: '/api/profile/kick-link/decline', headers: user.auth })).statusCode).toBe(200);
    expect(await kick.say(other, `link ${user.uid}`)).toBeNull();
    expect(await requestOf()).toMatchObject({ kickUsername: other.name, kickUserId: String(other.id) });
    // Expired: the first may ask again.
    clock.advance(15 * 60_000 + 1000);
    expect(await kick.say(mine, `link ${user.uid}`)).toBeNull();
    expect(await requestOf()).toMatchObject({ kickUserId: String(mine.id) });
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/profile/kick-link/confirm', headers: user.auth });
    expect(confirmed.json().linked).toEqual({ kickUsername: mine.name, kickUserId: String(mine.id) });
  });

  it('a bonus is keyed by the event, not the delivery: the same subscription, gift or KICKs under a new message id pays once; a renewal pays', async () => {
    const user = await makeUser(t.app);
    const v = viewer();
    await linkViaChat(user, v);
    const created = clock.now();
    const month = (n: number) => iso(new Date(created.getTime() + n * 30 * 86_400_000));
    const sub = { broadcaster: broadcaster(), subscriber: { user_id: v.id, username: v.name }, duration: 1, created_at: iso(created), expires_at: month(1) };
    const gifts = {
      broadcaster: broadcaster(),
      gifter: { user_id: v.id, username: v.name },
      giftees: [{ user_id: 11, username: 'a' }],
      created_at: iso(created),
      expires_at: month(1),
    };
    const kicks = {
      broadcaster: broadcaster(),
      sender: { user_id: v.id, username: v.name },
      gift: { amount: 5, name: 'Hype', type: 'BASIC', tier: 'BASIC', message: '' },
      created_at: iso(created),
    };
    for (const [type, body] of [
      ['channel.subscription.new', sub],
      ['channel.subscription.gifts', gifts],
      ['kicks.gifted', kicks],
    ] as const) {
      expect((await deliver(type, body)).json().result).toBe('stored');
      // Replayed under another message id, the time spelled differently: the same event.
      const replay = { ...body, created_at: body.created_at.replace('Z', '+00:00') };
      expect((await deliver(type, replay)).json().result).toBe('stored');
    }
    await t.app.runJobs();
    expect(await pointsOf(t.app, user.id)).toBe(500 + 250 + 5);

    // A renewal is its own event (the next month), even with the first month's created_at; its replay is not.
    const renewal = { ...sub, duration: 2, expires_at: month(2) };
    await deliver('channel.subscription.renewal', renewal);
    await deliver('channel.subscription.renewal', renewal);
    await t.app.runJobs();
    expect(await pointsOf(t.app, user.id)).toBe(500 + 250 + 5 + 500);
    const reasons = (await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.id))).map((r) => r.reason).sort();
    expect(reasons).toEqual(['stream_gift', 'stream_kicks', 'stream_subscription', 'stream_subscription']);
  });

  it('bonuses once per event (a first follow once per account ever), through the ledger', async () => {
    const user = await makeUser(t.app);
    const v = viewer();
    await linkViaChat(user, v);
    const sub = {
      broadcaster: broadcaster(),
      subscriber: { user_id: v.id, username: v.name },
      duration: 1,
      created_at: iso(clock.now()),
      expires_at: iso(clock.now()),
    };
    const d = fake.delivery('channel.subscription.new', sub, { timestamp: clock.now() });
    await t.app.inject({ method: 'POST', url: '/api/integrations/kick/webhook', headers: d.headers, payload: d.payload });
    expect((await t.app.inject({ method: 'POST', url: '/api/integrations/kick/webhook', headers: d.headers, payload: d.payload })).statusCode).toBe(409);
    await deliver('channel.followed', { broadcaster: broadcaster(), follower: { user_id: v.id, username: v.name } });
    await deliver('channel.followed', { broadcaster: broadcaster(), follower: { user_id: v.id, username: v.name } });
    const at = { created_at: iso(clock.now()), expires_at: iso(new Date(clock.now().getTime() + 30 * 86_400_000)) };
    await deliver('channel.subscription.gifts', {
      broadcaster: broadcaster(),
      gifter: { user_id: v.id, username: v.name },
      giftees: [
        { user_id: 1, username: 'a' },
        { user_id: 2, username: 'b' },
      ],
      ...at,
    });
    await deliver('kicks.gifted', {
      broadcaster: broadcaster(),
      sender: { user_id: v.id, username: v.name },
      gift: { amount: 100, name: 'Rage', type: 'BASIC', tier: 'BASIC', message: '' },
      created_at: at.created_at,
    });
    await deliver('channel.subscription.gifts', {
      broadcaster: broadcaster(),
      gifter: { user_id: null, username: null },
      giftees: [{ user_id: 3, username: 'c' }],
      ...at,
    });
    await t.app.runJobs();
    expect(await pointsOf(t.app, user.id)).toBe(500 + 50 + 2 * 250 + 100);
    const reasons = (await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.id))).map((r) => r.reason).sort();
    expect(reasons).toEqual(['stream_follow', 'stream_gift', 'stream_kicks', 'stream_subscription']);
  });

  it('an event whose work fails does not hold up the ones after it, and is retried', async () => {
    const [u1, u2] = [await makeUser(t.app), await makeUser(t.app)];
    const [v1, v2] = [viewer(), viewer()];
    await linkViaChat(u1, v1);
    await linkViaChat(u2, v2);
    // More KICKs than a stream credit can hold: its insert fails.
    const created_at = iso(clock.now());
    await deliver('kicks.gifted', {
      broadcaster: broadcaster(),
      sender: { user_id: v1.id, username: v1.name },
      gift: { amount: 3_000_000_000, name: 'x', type: 'x', tier: 'x', message: '' },
      created_at,
    });
    await deliver('kicks.gifted', {
      broadcaster: broadcaster(),
      sender: { user_id: v2.id, username: v2.name },
      gift: { amount: 7, name: 'x', type: 'x', tier: 'x', message: '' },
      created_at,
    });
    await t.app.runJobs();
    expect(await pointsOf(t.app, u2.id)).toBe(7);
    expect(await pointsOf(t.app, u1.id)).toBe(0);
    const [pending] = await t.app.db.select().from(streamEvents).where(isNull(streamEvents.processedAt));
    expect(pending!.type).toBe('kicks.gifted');
    await t.app.db.delete(streamEvents).where(eq(streamEvents.messageId, pending!.messageId));
  });

  it('two servers crediting the same block credit it once', async () => {
    const user = await makeUser(t.app);
    const v = viewer();
    await linkViaChat(user, v);
    const end = Math.ceil(clock.now().getTime() / 300_000) * 300_000 + 300_000;
    clock.set(end - 30_000);
    await chat(v, 'here');
    await t.app.runJobs();
    clock.set(end + 1000);
    const runs = await Promise.all([creditLastBlock(t.app.db, clock.now()), creditLastBlock(t.app.db, clock.now()), creditLastBlock(t.app.db, clock.now())]);
    expect(runs.filter((r) => r.credited > 0)).toHaveLength(1);
    expect(await pointsOf(t.app, user.id)).toBe(10);
  });

  it("the 'points' switch off stops earning: a present viewer's block and a first follow credit nothing", async () => {
    const user = await makeUser(t.app);
    const v = viewer();
    await linkViaChat(user, v);
    const end = Math.ceil(clock.now().getTime() / 300_000) * 300_000 + 300_000;
    await admin$('PUT', '/api/admin/bot-features/points', { status: false });
    try {
      clock.set(end - 30_000);
      await chat(v, 'here');
      await deliver('channel.followed', { broadcaster: broadcaster(), follower: { user_id: v.id, username: v.name } });
      await t.app.runJobs();
      clock.set(end + 1000);
      await t.app.runJobs();
      expect(await pointsOf(t.app, user.id)).toBe(0);
    } finally {
      await admin$('PUT', '/api/admin/bot-features/points', { status: true });
    }
    // Back on, the next block earns: the viewer is still present.
    clock.set(end + 300_000 + 1000);
    await t.app.runJobs();
    expect(await pointsOf(t.app, user.id)).toBe(10);
  });

  it('the rules: 400s for out-of-range values, saved and audited', async () => {
    const rules = (await admin$('GET', '/api/admin/stream/rules')).json().rules;
    expect(rules).toMatchObject({
      intervalMinutes: 5,
      activeWindowMinutes: 10,
      pointsPerInterval: 10,
      subscriberMultiplier: 1.5,
      followBonus: 50,
      subscriptionBonus: 500,
      giftBonus: 250,
      pointsPerKick: 1,
      dailyCap: 1000,
    });
    for (const bad of [
      { intervalMinutes: 0 },
      { intervalMinutes: 61 },
      { activeWindowMinutes: 121 },
      { pointsPerInterval: 1.5 },
      { followBonus: 100_001 },
      { subscriberMultiplier: 0.5 },
      { subscriberMultiplier: 11 },
      { extra: 1 },
    ]) {
      const res = await admin$('PUT', '/api/admin/stream/rules', { ...rules, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const member = await makeUser(t.app);
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/stream/rules', headers: member.auth, payload: rules })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/stream/rules', payload: rules })).statusCode).toBe(401);
    const saved = await admin$('PUT', '/api/admin/stream/rules', { ...rules, pointsPerInterval: 12 });
    expect(saved.json().rules.pointsPerInterval).toBe(12);
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'stream_rules.update'))
      .orderBy(auditLog.createdAt)
      .limit(100)
      .then((r) => r.slice(-1));
    expect(audit!.changes).toMatchObject({ pointsPerInterval: { from: 10, to: 12 } });
    await admin$('PUT', '/api/admin/stream/rules', rules);
  });

  it('!points answers with the balance in chat; paused with the points switch off; custom commands', async () => {
    const user = await makeUser(t.app, { points: 1234 });
    const v = viewer();
    await linkViaChat(user, v);
    await chat(v, '!points', { messageId: 'ask-1' });
    await t.app.runJobs();
    await vi.waitFor(() => expect(fake.chat.at(-1)).toEqual({ content: `@${v.name} you have 1,234 points (rank Unranked).`, type: 'bot', replyTo: 'ask-1' }));
    const stranger = viewer();
    await chat(stranger, '!points');
    await chat(stranger, '!nosuchcommand');
    await t.app.runJobs();
    await vi.waitFor(() =>
      expect(fake.chat.at(-1)!.content).toBe(`@${stranger.name} link your account first: Paste your UID from http://localhost:3000/profile in chat`),
    );
    for (const [ask, answer] of [
      ['!rank', `@${v.name} your rank is Unranked.`],
      ['!link', 'Paste your UID from http://localhost:3000/profile in chat, then confirm the request on your profile.'],
      ['!raffles', 'No raffles are open right now. http://localhost:3000/raffles'],
      ['!leaderboard', 'No race is running right now. http://localhost:3000/leaderboard'],
    ] as const) {
      await chat(v, ask);
      await t.app.runJobs();
      await vi.waitFor(() => expect(fake.chat.at(-1)!.content).toBe(answer));
    }
    // The broadcaster's own messages (the bot posts as that account) are never answered.
    const before = fake.chat.length;
    await chat({ id: B().userId, name: B().name }, '!points');
    await t.app.runJobs();
    expect(fake.chat.length).toBe(before);
    const sent = fake.chat.length;

    await admin$('PUT', '/api/admin/bot-features/points', { status: false });
    await chat(v, '!points');
    await t.app.runJobs();
    await vi.waitFor(() => expect(fake.chat.at(-1)!.content).toBe(`@${v.name} points are paused right now.`));
    await admin$('PUT', '/api/admin/bot-features/points', { status: true });

    const created = await admin$('POST', '/api/admin/stream/commands', {
      name: '!Discord',
      reply: '{user} join us at {site}/discord ({points} pts)',
      userCooldownSeconds: 60,
      globalCooldownSeconds: 0,
      enabled: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(
      (await admin$('POST', '/api/admin/stream/commands', { name: 'discord', reply: 'x', userCooldownSeconds: 0, globalCooldownSeconds: 0, enabled: true }))
        .statusCode,
    ).toBe(409);
    expect(
      (await admin$('POST', '/api/admin/stream/commands', { name: 'points', reply: 'x', userCooldownSeconds: 0, globalCooldownSeconds: 0, enabled: true }))
        .statusCode,
    ).toBe(409);
    expect(
      (await admin$('POST', '/api/admin/stream/commands', { name: 'bad name', reply: 'x', userCooldownSeconds: 0, globalCooldownSeconds: 0, enabled: true }))
        .statusCode,
    ).toBe(400);
    await chat(v, '!discord');
    await chat(v, '!discord');
    await t.app.runJobs();
    await vi.waitFor(() => expect(fake.chat.at(-1)!.content).toBe(`@${v.name} join us at http://localhost:3000/discord (1,234 pts)`));
    expect(fake.chat.length).toBe(sent + 2);

    // The commands switch stops commands and linking.
    await admin$('PUT', '/api/admin/bot-features/commands', { status: false });
    await chat(v, '!points');
    const other = await makeUser(t.app);
    await chat(viewer(), other.uid);
    await t.app.runJobs();
    expect(fake.chat.length).toBe(sent + 2);
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/kick-link', headers: other.auth })).json().request).toBeNull();
    await admin$('PUT', '/api/admin/bot-features/commands', { status: true });

    const list = (await admin$('GET', '/api/admin/stream/commands')).json();
    expect(list.builtIn).toEqual(['points', 'rank', 'raffles', 'leaderboard', 'link', 'gtb', 'x', 'bet']);
    expect((await admin$('DELETE', `/api/admin/stream/commands/${created.json().command.id}`)).json()).toEqual({ ok: true });
  });

  it('custom command cooldowns hold across servers: two servers answering at once answer once', async () => {
    // On PostgreSQL a second app instance on the same database; on PGlite (one process) the same app twice.
    const other = t.kind === 'postgres' ? await buildApp(t.config, { logger: false, clock, jobs: false, chatIntervalMs: 0, print: () => {} }) : t.app;
    try {
      const servers = [t.app, other];
      const process = async () => {
        const runs = await Promise.all(servers.map((app) => processStreamEvents(app.db, app.chat, 'http://localhost:3000', clock.now())));
        return runs.flatMap((r) => r.replies.map((reply) => reply.content));
      };
      const hype = await admin$('POST', '/api/admin/stream/commands', {
        name: 'hype',
        reply: 'HYPE {user}',
        userCooldownSeconds: 0,
        globalCooldownSeconds: 60,
        enabled: true,
      });
      expect(hype.statusCode, hype.body).toBe(200);
      const crowd = Array.from({ length: 6 }, () => viewer());
      for (const v of crowd) await chat(v, '!hype');
      const first = await process();
      expect(first.filter((c) => c.startsWith('HYPE'))).toHaveLength(1);
      // The last use is in the database (every server reads it), not in a process's memory.
      const uses = await t.app.db.select().from(streamCommandUses).where(eq(streamCommandUses.commandId, hype.json().command.id));
      expect(uses).toEqual([{ commandId: hype.json().command.id, kickUserId: '', lastUsedAt: clock.now() }]);
      clock.advance(59_000);
      await chat(crowd[0]!, '!hype');
      expect(await process()).toEqual([]);
      clock.advance(1000);
      await chat(crowd[1]!, '!hype');
      await chat(crowd[2]!, '!hype');
      expect((await process()).filter((c) => c.startsWith('HYPE'))).toHaveLength(1);

      const mine = await admin$('POST', '/api/admin/stream/commands', {
        name: 'mine',
        reply: 'MINE {user}',
        userCooldownSeconds: 30,
        globalCooldownSeconds: 0,
        enabled: true,
      });
      expect(mine.statusCode, mine.body).toBe(200);
      const [eager, calm, quiet] = [viewer(), viewer(), viewer()];
      for (let i = 0; i < 4; i += 1) await chat(eager, '!mine');
      await chat(calm, '!mine');
      await chat(quiet, '!mine');
      expect((await process()).sort()).toEqual([`MINE @${calm.name}`, `MINE @${eager.name}`, `MINE @${quiet.name}`].sort());
      clock.advance(29_000);
      await chat(eager, '!mine');
      expect(await process()).toEqual([]);
      clock.advance(1000);
      await chat(eager, '!mine');
      expect(await process()).toEqual([`MINE @${eager.name}`]);
      // A viewer still cooling down does not take the global use from everyone else.
      const both = await admin$('POST', '/api/admin/stream/commands', {
        name: 'both',
        reply: 'BOTH {user}',
        userCooldownSeconds: 600,
        globalCooldownSeconds: 60,
        enabled: true,
      });
      await chat(eager, '!both');
      expect(await process()).toEqual([`BOTH @${eager.name}`]);
      clock.advance(60_000);
      await chat(eager, '!both');
      await chat(calm, '!both');
      expect(await process()).toEqual([`BOTH @${calm.name}`]);
      for (const c of [hype, mine, both]) await admin$('DELETE', `/api/admin/stream/commands/${c.json().command.id}`);
    } finally {
      if (other !== t.app) await other.close();
    }
  });

  it('a flood of chat: more than a batch in one run, plain messages in bulk, each command answered once, each event once across servers', async () => {
    const other = t.kind === 'postgres' ? await buildApp(t.config, { logger: false, clock, jobs: false, chatIntervalMs: 0, print: () => {} }) : t.app;
    try {
      await t.app.runJobs();
      const crowd = Array.from({ length: 40 }, () => viewer('flood'));
      const base = clock.now().getTime();
      const rows = Array.from({ length: 1_203 }, (_, i) => {
        const command = i === 700 || i === 1_202;
        const v = crowd[i % crowd.length]!;
        return {
          messageId: `flood-${i}`,
          type: 'chat.message.sent',
          body: kick.chatBody(v, command ? '!link' : `message ${i}`, { messageId: `flood-${i}` }),
          receivedAt: new Date(base - 3_600_000 + i),
        };
      });
      for (let i = 0; i < rows.length; i += 400) await t.app.db.insert(streamEvents).values(rows.slice(i, i + 400));
      const runs = await Promise.all([t.app, other].map((app) => processStreamEvents(app.db, app.chat, 'http://localhost:3000', clock.now())));
      // Every event once: the two runs together processed each exactly once, and none is left.
      expect(runs.reduce((n, r) => n + r.processed, 0)).toBe(1_203);
      expect(await t.app.db.select().from(streamEvents).where(isNull(streamEvents.processedAt))).toEqual([]);
      // Each answered once (the two runs split the batches, so their order across runs is open).
      expect(runs.flatMap((r) => r.replies).sort((a, b) => a.replyTo!.localeCompare(b.replyTo!))).toEqual([
        { content: 'Paste your UID from http://localhost:3000/profile in chat, then confirm the request on your profile.', replyTo: 'flood-1202' },
        { content: 'Paste your UID from http://localhost:3000/profile in chat, then confirm the request on your profile.', replyTo: 'flood-700' },
      ]);
    } finally {
      if (other !== t.app) await other.close();
    }
  });

  it('a run of several batches pauses between them, so requests are read (on PGlite its statements alone never let them)', async () => {
    await t.app.runJobs();
    const crowd = Array.from({ length: 20 }, () => viewer('turns'));
    const base = clock.now().getTime();
    const rows = Array.from({ length: 1_100 }, (_, i) => ({
      messageId: `turns-${i}`,
      type: 'chat.message.sent',
      body: kick.chatBody(crowd[i % crowd.length]!, `message ${i}`, { messageId: `turns-${i}` }),
      receivedAt: new Date(base - 60_000 + i),
    }));
    for (let i = 0; i < rows.length; i += 400) await t.app.db.insert(streamEvents).values(rows.slice(i, i + 400));
    // Counts the event loop's turns while the run works: webhooks and other requests are read only then.
    let turns = 0;
    let counting = true;
    const count = () => {
      if (!counting) return;
      turns += 1;
      setImmediate(count);
    };
    setImmediate(count);
    const run = await processStreamEvents(t.app.db, t.app.chat, 'http://localhost:3000', clock.now());
    counting = false;
    expect(run.processed).toBe(1_100);
    // Eleven batches of 100: at least one turn in each pause between two of them.
    expect(turns).toBeGreaterThanOrEqual(10);
  });

  it('says when events stop while live, and Resubscribe recreates the subscriptions Kick lost', async () => {
    clock.advance(15 * 60_000);
    const status = (await admin$('GET', '/api/admin/stream')).json();
    expect(status.isLive).toBe(true);
    expect(status.silentMinutes).toBeGreaterThanOrEqual(15);
    fake.subscriptions.splice(0, 3);
    const res = await admin$('POST', '/api/admin/stream/resubscribe');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subscriptions).toHaveLength(8);
    expect(new Set(fake.subscriptions.map((s) => s.event)).size).toBe(8);
    await deliver('livestream.status.updated', { broadcaster: broadcaster(), is_live: false, title: 'Live', started_at: null, ended_at: iso(clock.now()) });
    await t.app.runJobs();
    expect((await admin$('GET', '/api/admin/stream')).json()).toMatchObject({ isLive: false, silentMinutes: null });
  });

  it('a run takes the events received by its now; one received after waits for the next run', async () => {
    await t.app.runJobs();
    const v = viewer('later');
    const now = clock.now();
    const event = (id: string, receivedAt: Date) => ({
      messageId: id,
      type: 'chat.message.sent',
      body: kick.chatBody(v, 'hello', { messageId: id }),
      receivedAt,
    });
    await t.app.db.insert(streamEvents).values([event('by-now', now), event('after-now', new Date(now.getTime() + 1))]);

    const first = await processStreamEvents(t.app.db, t.app.chat, 'http://localhost:3000', now);
    expect(first.processed).toBe(1);
    const left = await t.app.db.select({ id: streamEvents.messageId }).from(streamEvents).where(isNull(streamEvents.processedAt));
    expect(left).toEqual([{ id: 'after-now' }]);

    const next = await processStreamEvents(t.app.db, t.app.chat, 'http://localhost:3000', new Date(now.getTime() + 2000));
    expect(next.processed).toBe(1);
    expect(await t.app.db.select().from(streamEvents).where(isNull(streamEvents.processedAt))).toEqual([]);
  });

  it('events received in the same millisecond are taken in their order of arrival', async () => {
    await t.app.runJobs();
    const v = viewer('orderly');
    // Three deliveries in one millisecond of the clock, their ids in the reverse of arrival order.
    for (const id of ['same-ms-c', 'same-ms-b', 'same-ms-a']) expect((await kick.chat(v, '!link', { messageId: id })).statusCode).toBe(200);
    // The first one's row rewritten to the table's end, as a row is when freed space is reused: the
    // database's own order of equal keys then no longer follows arrival.
    await t.app.db.update(streamEvents).set({ processedAt: clock.now() }).where(eq(streamEvents.messageId, 'same-ms-c'));
    await t.app.db.update(streamEvents).set({ processedAt: null }).where(eq(streamEvents.messageId, 'same-ms-c'));

    const run = await processStreamEvents(t.app.db, t.app.chat, 'http://localhost:3000', clock.now());
    expect(run.replies.map((r) => r.replyTo)).toEqual(['same-ms-c', 'same-ms-b', 'same-ms-a']);
  });

  it('disconnect revokes the tokens at Kick and forgets them', async () => {
    const res = await admin$('POST', '/api/admin/stream/disconnect');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ connected: false, channel: null });
    expect(fake.calls.filter((c) => c.path === '/oauth/revoke').map((c) => c.query.token_hint_type)).toEqual(['refresh_token', 'access_token']);
    expect(await t.app.db.select().from(streamConnection)).toEqual([]);
    expect((await admin$('POST', '/api/admin/stream/disconnect')).statusCode).toBe(409);
  });
});
