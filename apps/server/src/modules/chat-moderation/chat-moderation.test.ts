import { DEFAULT_CHAT_MODERATION, type ChatModerationSettings } from '@app/shared/api/chat-moderation';
import { and, eq, isNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, chatModerationEnforcements, socialAccounts, streamEvents, userRestrictions } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { fakeKickEnv, startFakeKick, type FakeKick } from '../../test/fake-kick.ts';
import { makeUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Chat moderation against the fake Kick (a real HTTP peer that records the DELETE /chat/{id} and
 * POST /moderation/bans calls): blocked words and links deleted, the escalation to timeouts within
 * the window, exempt badges, the switch, a site Chat ban put in force once, the bulk lane, the
 * settings' validation and the audit of every act.
 */
describe(`Chat moderation (${process.env.TEST_DB})`, () => {
  const clock = new ManualClock('2026-11-24T12:00:00.000Z');
  let fake: FakeKick;
  let t: TestApp;
  let admin: TestUser;
  let kickIds = 70_000;
  let messageIds = 0;

  const B = () => fake.broadcaster;
  const broadcaster = () => ({ user_id: B().userId, username: B().name, channel_slug: B().slug });
  const viewer = (name = 'viewer') => ({ id: ++kickIds, name: `${name}${kickIds}` });
  type Viewer = ReturnType<typeof viewer>;
  const admin$ = (method: 'GET' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: admin.auth, ...(payload === undefined ? {} : { payload: payload as object }) });

  function chat(v: Viewer, content: string, badges: string[] = []): Promise<string> {
    const messageId = `msg-${++messageIds}`;
    const d = fake.delivery(
      'chat.message.sent',
      {
        message_id: messageId,
        broadcaster: broadcaster(),
        sender: {
          user_id: v.id,
          username: v.name,
          is_verified: false,
          channel_slug: v.name,
          identity: { username_color: '#fff', badges: badges.map((type) => ({ text: type, type })) },
        },
        content,
        emotes: [],
        created_at: clock.now().toISOString(),
      },
      { timestamp: clock.now() },
    );
    return t.app.inject({ method: 'POST', url: '/api/integrations/kick/webhook', headers: d.headers, payload: d.payload }).then((res) => {
      expect(res.json()).toEqual({ ok: true, result: 'stored' });
      return messageId;
    });
  }

  async function save(settings: Partial<ChatModerationSettings>) {
    const res = await admin$('PUT', '/api/admin/stream/moderation', { ...DEFAULT_CHAT_MODERATION, ...settings });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const setSwitch = async (status: boolean) =>
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/bot-features/moderation', headers: admin.auth, payload: { status } })).statusCode).toBe(200);
  const bansOf = (v: Viewer) => fake.moderation.bans.filter((b) => b.userId === v.id).map((b) => b.duration);
  const actsOf = async (v: Viewer) =>
    (await t.app.db.select().from(auditLog).where(like(auditLog.action, 'chat_moderation.%')).orderBy(auditLog.seq)).filter(
      (r) => r.changes?.kickUserId === String(v.id),
    );

  beforeAll(async () => {
    fake = await startFakeKick();
    t = await createTestApp(fakeKickEnv(fake), { clock, chatIntervalMs: 0 });
    admin = await makeUser(t.app, { admin: true, prefix: 'adm' });
    // Connect the channel through the fake's OAuth (its token carries the moderation scopes).
    const start = await admin$('PUT', '/api/admin/stream/moderation', DEFAULT_CHAT_MODERATION);
    expect(start.statusCode, start.body).toBe(200);
    const connect = await t.app.inject({ method: 'POST', url: '/api/admin/stream/connect', headers: admin.auth });
    const cookie = connect.cookies.find((c) => c.name === 'kick_oauth')!;
    const back = new URL((await fetch(connect.json().url, { redirect: 'manual' })).headers.get('location')!);
    const callback = await t.app.inject({ method: 'GET', url: back.pathname + back.search, cookies: { kick_oauth: cookie.value } });
    expect(callback.headers.location).toBe('http://localhost:3000/admin/stream?connected=1');
    expect(fake.calls.find((c) => c.path === '/oauth/authorize')!.query.scope!.split(' ')).toContain('moderation:chat_message:manage');
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    clock.advance(24 * 60 * 60_000);
  });

  it('the settings: defaults, 401/403, 400s for malformed input, saved normalized and audited', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      expect(
        (await t.app.inject({ method, url: '/api/admin/stream/moderation', payload: method === 'PUT' ? DEFAULT_CHAT_MODERATION : undefined })).statusCode,
      ).toBe(401);
      const member = await makeUser(t.app);
      expect(
        (
          await t.app.inject({
            method,
            url: '/api/admin/stream/moderation',
            headers: member.auth,
            payload: method === 'PUT' ? DEFAULT_CHAT_MODERATION : undefined,
          })
        ).statusCode,
      ).toBe(403);
    }
    const state = (await admin$('GET', '/api/admin/stream/moderation')).json();
    expect(state).toMatchObject({
      settings: { blockLinks: false, allowedDomains: ['kick.com'], timeoutMinutes: [1, 10, 60], windowMinutes: 10 },
      enabled: false,
    });

    const bad: unknown[] = [
      { ...DEFAULT_CHAT_MODERATION, extra: 1 },
      { ...DEFAULT_CHAT_MODERATION, blockedTerms: ['...'] },
      { ...DEFAULT_CHAT_MODERATION, blockedTerms: [''] },
      { ...DEFAULT_CHAT_MODERATION, blockedTerms: ['x'.repeat(101)] },
      { ...DEFAULT_CHAT_MODERATION, blockedTerms: 'bad' },
      { ...DEFAULT_CHAT_MODERATION, blockedTerms: [1] },
      { ...DEFAULT_CHAT_MODERATION, blockedTerms: ['bad\u0000word'] },
      { ...DEFAULT_CHAT_MODERATION, blockedTerms: ['bad\ud800word'] },
      { ...DEFAULT_CHAT_MODERATION, allowedDomains: ['kick\u0000.com'] },
      { ...DEFAULT_CHAT_MODERATION, allowedDomains: ['x'.repeat(301)] },
      { ...DEFAULT_CHAT_MODERATION, timeoutMinutes: [1e308] },
      { ...DEFAULT_CHAT_MODERATION, timeoutMinutes: ['1'] },
      { ...DEFAULT_CHAT_MODERATION, blockedTerms: Array.from({ length: 501 }, (_, i) => `w${i}`) },
      { ...DEFAULT_CHAT_MODERATION, blockLinks: 'yes' },
      { ...DEFAULT_CHAT_MODERATION, allowedDomains: ['not a domain'] },
      { ...DEFAULT_CHAT_MODERATION, allowedDomains: ['https://'] },
      { ...DEFAULT_CHAT_MODERATION, allowedDomains: [null] },
      { ...DEFAULT_CHAT_MODERATION, timeoutMinutes: [] },
      { ...DEFAULT_CHAT_MODERATION, timeoutMinutes: [0] },
      { ...DEFAULT_CHAT_MODERATION, timeoutMinutes: [1.5] },
      { ...DEFAULT_CHAT_MODERATION, timeoutMinutes: [10_081] },
      { ...DEFAULT_CHAT_MODERATION, timeoutMinutes: [1, 2, 3, 4, 5, 6] },
      { ...DEFAULT_CHAT_MODERATION, windowMinutes: 0 },
      { ...DEFAULT_CHAT_MODERATION, windowMinutes: 1441 },
      { ...DEFAULT_CHAT_MODERATION, windowMinutes: '10' },
      { blockedTerms: [] },
      [],
      null,
    ];
    for (const body of bad) {
      const res = await admin$('PUT', '/api/admin/stream/moderation', body);
      expect(res.statusCode, JSON.stringify(body)?.slice(0, 200)).toBe(400);
      expect(res.json().ok).toBe(false);
    }
    for (const raw of [
      '{"blockedTerms":',
      'not json',
      '',
      '{"blockedTerms":["\\ud800x"],"blockLinks":false,"allowedDomains":[],"timeoutMinutes":[1],"windowMinutes":10}',
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/stream/moderation',
        headers: { ...admin.auth, 'content-type': 'application/json' },
        payload: raw,
      });
      expect(res.statusCode, raw).toBe(400);
    }

    const saved = await save({
      blockedTerms: ['Spam', 'spam', ' scam link '],
      allowedDomains: ['https://www.YouTube.com/watch', '*.kick.com', 'youtube.com'],
      timeoutMinutes: [2, 20],
    });
    expect(saved.settings).toEqual({
      ...DEFAULT_CHAT_MODERATION,
      blockedTerms: ['Spam', 'scam link'],
      allowedDomains: ['youtube.com', 'kick.com'],
      timeoutMinutes: [2, 20],
    });
    expect((await admin$('GET', '/api/admin/stream/moderation')).json().settings).toEqual(saved.settings);
    const [audit] = (await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'chat_moderation.settings')).orderBy(auditLog.seq)).slice(-1);
    expect(audit!.actorId).toBe(admin.id);
    expect(audit!.changes).toMatchObject({ blockedTerms: { from: [], to: ['Spam', 'scam link'] }, timeoutMinutes: { from: [1, 10, 60], to: [2, 20] } });
    await save({});
  });

  it('with the switch off nothing is moderated', async () => {
    await save({ blockedTerms: ['badword'], blockLinks: true });
    await setSwitch(false);
    const v = viewer();
    const id = await chat(v, 'a badword at spam.xyz');
    await t.app.runJobs();
    expect(fake.moderation.deleted).not.toContain(id);
    expect(bansOf(v)).toEqual([]);
    expect(await actsOf(v)).toEqual([]);
    // The event itself was processed (presence), only not moderated.
    expect(await t.app.db.select().from(streamEvents).where(isNull(streamEvents.processedAt))).toEqual([]);
  });

  it('a blocked phrase (also in leetspeak) is deleted; repeats within 10 minutes escalate to 1, 10, 60 minutes, and reset after', async () => {
    await save({ blockedTerms: ['free coins', 'scam'] });
    await setSwitch(true);
    const v = viewer('spammer');
    const other = viewer('bystander');
    const plain = await chat(other, 'first class stream, no scams here');
    const first = await chat(v, 'get FR33 c01ns now');
    await t.app.runJobs();
    expect(fake.moderation.deleted).toContain(first);
    expect(fake.moderation.deleted).not.toContain(plain);
    expect(bansOf(v)).toEqual([]);

    const ids: string[] = [];
    for (const text of ['free  coins!', 's c a m', '$c@m', 'a scam again']) {
      clock.advance(2 * 60_000);
      ids.push(await chat(v, text));
      await t.app.runJobs();
    }
    expect(fake.moderation.deleted).toEqual(expect.arrayContaining(ids));
    // Offences 2, 3, 4 and 5 within the window: 1, 10, 60, then the last step again.
    expect(bansOf(v)).toEqual([1, 10, 60, 60]);
    expect(fake.moderation.bans.find((b) => b.userId === v.id)!.reason).toBe('Chat moderation: offence 2 in 10 min');

    // Ten minutes after the last offence the count starts again: deleted only.
    clock.advance(10 * 60_000 + 1000);
    const later = await chat(v, 'scam');
    await t.app.runJobs();
    expect(fake.moderation.deleted).toContain(later);
    expect(bansOf(v)).toEqual([1, 10, 60, 60]);

    // Every act is audited with the message's text, done by the bot.
    const acts = await actsOf(v);
    expect(acts.map((a) => a.action)).toEqual([
      'chat_moderation.delete',
      ...Array.from({ length: 4 }, () => ['chat_moderation.delete', 'chat_moderation.timeout']).flat(),
      'chat_moderation.delete',
    ]);
    expect(acts.every((a) => a.actorId === null && a.changes?.by === 'bot')).toBe(true);
    expect(acts[0]!.changes).toMatchObject({ message: 'get FR33 c01ns now', reason: 'Blocked word "free coins"', messageId: first, kickUsername: v.name });
    expect(acts[2]!.changes).toMatchObject({ message: 'free  coins!', minutes: 1, offence: 2 });
    // The panel's recent acts, newest first.
    const recent = (await admin$('GET', '/api/admin/stream/moderation')).json().recent;
    expect(recent[0]).toMatchObject({ kind: 'delete', kickUsername: v.name, message: 'scam', reason: 'Blocked word "scam"', minutes: null });
    expect(recent[1]).toMatchObject({ kind: 'timeout', minutes: 60, message: 'a scam again' });
  });

  it('moderators, VIPs and the broadcaster are exempt', async () => {
    await save({ blockedTerms: ['scam'], blockLinks: true });
    await setSwitch(true);
    const exempt = [viewer('mod'), viewer('vip'), viewer('owner')];
    const ids = [
      await chat(exempt[0]!, 'scam', ['moderator']),
      await chat(exempt[1]!, 'scam spam.xyz', ['vip', 'subscriber']),
      await chat(exempt[2]!, 'scam', ['broadcaster']),
    ];
    const sub = viewer('sub');
    const subId = await chat(sub, 'scam', ['subscriber', 'og']);
    await t.app.runJobs();
    for (const id of ids) expect(fake.moderation.deleted).not.toContain(id);
    expect(fake.moderation.deleted).toContain(subId);
    for (const v of exempt) expect(await actsOf(v)).toEqual([]);
  });

  it('links are deleted except to the allowed domains and their subdomains; the link switch off lets them through', async () => {
    await save({ blockLinks: true, allowedDomains: ['kick.com', 'youtube.com'] });
    await setSwitch(true);
    const v = viewer('linker');
    const allowed = [await chat(v, 'clip: https://kick.com/streamer/clips/1'), await chat(v, 'www.youtube.com/watch?v=x'), await chat(v, 'm.youtube.com/x')];
    const blocked = [await chat(v, 'free stuff at spam.xyz'), await chat(v, 'https://evil.example.org/path'), await chat(v, 'kick.com.evil.ru')];
    await t.app.runJobs();
    for (const id of allowed) expect(fake.moderation.deleted).not.toContain(id);
    for (const id of blocked) expect(fake.moderation.deleted).toContain(id);
    expect((await actsOf(v)).filter((a) => a.action === 'chat_moderation.delete').map((a) => a.changes?.reason)).toEqual([
      'Link to spam.xyz',
      'Link to evil.example.org',
      'Link to kick.com.evil.ru',
    ]);
    await save({ blockLinks: false });
    const through = await chat(viewer(), 'spam.xyz');
    await t.app.runJobs();
    expect(fake.moderation.deleted).not.toContain(through);
  });

  it('a site Chat ban times a linked user out once when they speak: until its expiry, capped at 7 days, or permanently', async () => {
    await save({});
    await setSwitch(true);
    const cases = [
      { days: 1, duration: 1440 },
      { days: 30, duration: 10_080 },
      { days: null, duration: null },
    ];
    const [day, month, forever] = [viewer('day'), viewer('month'), viewer('forever')];
    const users: TestUser[] = [];
    for (const [i, v] of [day, month, forever].entries()) {
      const user = await makeUser(t.app);
      users.push(user);
      await t.app.db.insert(socialAccounts).values({ userId: user.id, platform: 'kick', externalId: String(v.id), username: v.name });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${user.id}/restrictions`,
        headers: admin.auth,
        payload: { kind: 'ban_chat', days: cases[i]!.days, reason: 'rude' },
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    const unlinked = viewer('unlinked');
    for (const v of [day, month, forever, unlinked]) await chat(v, 'hello everyone');
    await t.app.runJobs();
    expect(bansOf(day)).toEqual([1440]);
    expect(bansOf(month)).toEqual([10_080]);
    expect(bansOf(forever)).toEqual([null]);
    expect(bansOf(unlinked)).toEqual([]);
    expect(fake.moderation.bans.find((b) => b.userId === day.id)!.reason).toBe('Site chat ban');
    const [act] = await actsOf(day);
    expect(act).toMatchObject({ action: 'chat_moderation.chat_ban', targetType: 'user', targetId: users[0]!.id, actorId: null });
    expect(act!.changes).toMatchObject({ message: 'hello everyone', minutes: 1440 });

    // Once per restriction: speaking again (a message already on its way) times out no one again.
    for (const v of [day, month, forever]) await chat(v, 'still here');
    await t.app.runJobs();
    expect(bansOf(day)).toEqual([1440]);
    expect(bansOf(forever)).toEqual([null]);

    // Kick reports the capped timeout back as a ban: the admin's 30 days are not shortened to Kick's 7.
    const [restriction] = await t.app.db
      .select()
      .from(userRestrictions)
      .where(and(eq(userRestrictions.userId, users[1]!.id), eq(userRestrictions.kind, 'ban_chat')));
    const banAt = clock.now();
    const echo = fake.delivery(
      'moderation.banned',
      {
        broadcaster: broadcaster(),
        moderator: broadcaster(),
        banned_user: { user_id: month.id, username: month.name },
        metadata: { reason: 'Site chat ban', created_at: banAt.toISOString(), expires_at: new Date(banAt.getTime() + 10_080 * 60_000).toISOString() },
      },
      { timestamp: clock.now() },
    );
    await t.app.inject({ method: 'POST', url: '/api/integrations/kick/webhook', headers: echo.headers, payload: echo.payload });
    await t.app.runJobs();
    const [after] = await t.app.db.select().from(userRestrictions).where(eq(userRestrictions.id, restriction!.id));
    expect(after!.expiresAt).toEqual(restriction!.expiresAt);

    // After the capped 7 days the 30-day ban still holds: the next message times them out again.
    clock.advance(10_080 * 60_000 + 1000);
    await chat(month, 'back again');
    await t.app.runJobs();
    expect(bansOf(month)).toEqual([10_080, 10_080]);
    const enforced = await t.app.db.select().from(chatModerationEnforcements).where(eq(chatModerationEnforcements.restrictionId, restriction!.id));
    expect(enforced).toHaveLength(1);
  });

  it('a ban made in Kick (a restriction from Kick) is not enforced again by the bot', async () => {
    await save({});
    await setSwitch(true);
    const user = await makeUser(t.app);
    const v = viewer('kickbanned');
    await t.app.db.insert(socialAccounts).values({ userId: user.id, platform: 'kick', externalId: String(v.id), username: v.name });
    const d = fake.delivery(
      'moderation.banned',
      {
        broadcaster: broadcaster(),
        moderator: { user_id: 5, username: 'mod' },
        banned_user: { user_id: v.id, username: v.name },
        metadata: { reason: 'rude', created_at: clock.now().toISOString(), expires_at: new Date(clock.now().getTime() + 3600_000).toISOString() },
      },
      { timestamp: clock.now() },
    );
    await t.app.inject({ method: 'POST', url: '/api/integrations/kick/webhook', headers: d.headers, payload: d.payload });
    await t.app.runJobs();
    // A moderator lifted the ban early in Kick: the bot does not put it back.
    clock.advance(60_000);
    await chat(v, 'thanks for the unban');
    await t.app.runJobs();
    expect(bansOf(v)).toEqual([]);
  });

  it('the bulk lane: a blocked message among many plain ones is still caught', async () => {
    await save({ blockedTerms: ['scam'], blockLinks: true });
    await setSwitch(true);
    const crowd = Array.from({ length: 40 }, () => viewer('crowd'));
    const plain: string[] = [];
    for (let i = 0; i < 120; i += 1) plain.push(await chat(crowd[i % crowd.length]!, `hello number ${i}, first class`));
    const bad = viewer('hidden');
    const blocked = await chat(bad, 'total sc4m');
    for (let i = 0; i < 60; i += 1) plain.push(await chat(crowd[i % crowd.length]!, `more chat ${i}`));
    const before = fake.moderation.deleted.length;
    const counts = await t.app.runJobs();
    expect(counts.streamEvents).toBe(181);
    expect(fake.moderation.deleted.slice(before)).toEqual([blocked]);
    expect(await actsOf(bad)).toHaveLength(1);
  });
});
