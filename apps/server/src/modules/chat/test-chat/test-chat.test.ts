import { DEFAULT_CHAT_MODERATION } from '@app/shared/api/chat-moderation';
import { eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, giveawayEntries, giveaways, streamChatters, streamCredits, webhookDeliveries, webhooks } from '../../../db/schema.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { makeUser, ledgerSumOf, pointsOf, type TestUser } from '../../../test/factories.ts';
import { useFakeKickApp } from '../../../test/kick-chat.ts';

/**
 * The test chat against the fake Kick: a test viewer's message goes through the same commands and
 * hooks as Kick's chat (a custom command's role, a blocked word, a test giveaway's keyword), the
 * replies come back in the answer and the console, and nothing reaches Kick or any balance. A chat
 * giveaway needs a connected chat (NO_CHAT_CONNECTED) unless it is a test giveaway.
 */
describe(`Test chat (${process.env.TEST_DB})`, () => {
  const clock = new ManualClock('2026-11-29T12:00:00.000Z');
  const kick = useFakeKickApp({ clock });
  const { admin$, connect, say, viewer } = kick;
  let member: TestUser;
  beforeAll(async () => {
    member = await makeUser(kick.t.app, { points: 1234, prefix: 'mem' });
  });

  const testChat = (text: string, v: { name?: string; role?: string; memberId?: string } = {}) =>
    admin$('POST', '/api/admin/stream/test-chat', {
      viewer: { name: v.name ?? 'tester', role: v.role ?? 'viewer', ...(v.memberId ? { memberId: v.memberId } : {}) },
      text,
    });
  const giveaway = { prize: 'A shirt', prizePoints: null, keyword: '!join', durationSeconds: 300, winners: 1, entryMode: 'anyone' };

  it('is admin only (401, 403) and refuses bad input with 400, recording nothing', async () => {
    const app = kick.t.app;
    const someone = await makeUser(app);
    for (const method of ['GET', 'POST'] as const) {
      const payload = method === 'POST' ? { viewer: { name: 'x', role: 'viewer' }, text: '!points' } : undefined;
      expect((await app.inject({ method, url: '/api/admin/stream/test-chat', ...(payload ? { payload } : {}) })).statusCode).toBe(401);
      expect((await app.inject({ method, url: '/api/admin/stream/test-chat', headers: someone.auth, ...(payload ? { payload } : {}) })).statusCode).toBe(403);
    }
    for (const body of [
      { viewer: { name: 'tester', role: 'viewer' }, text: '' },
      { viewer: { name: 'bad name!', role: 'viewer' }, text: 'hi' },
      { viewer: { name: 'tester', role: 'owner' }, text: 'hi' },
      { viewer: { name: 'tester', role: 'viewer', memberId: 'nope' }, text: 'hi' },
      { viewer: { name: 'tester', role: 'viewer' }, text: 'hi', extra: 1 },
    ]) {
      const res = await admin$('POST', '/api/admin/stream/test-chat', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    // An admin cannot be the member a test viewer stands for.
    const asAdmin = await testChat('!points', { memberId: kick.admin.id });
    expect(asAdmin.statusCode).toBe(400);
    expect(asAdmin.json().code).toBe('VALIDATION_ERROR');
    expect((await testChat('!points', { memberId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await admin$('GET', '/api/admin/stream/test-chat')).json()).toEqual({ lines: [] });
  });

  it('a chat giveaway needs a connected chat (409 NO_CHAT_CONNECTED, nothing started) unless it is a test giveaway', async () => {
    const refused = await admin$('POST', '/api/admin/giveaways', giveaway);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ ok: false, code: 'NO_CHAT_CONNECTED' });
    expect(refused.json().error).toMatch(/test giveaway/);
    expect(await kick.t.app.db.select().from(giveaways)).toEqual([]);
    // A test giveaway has no points prize (its entrants are test viewers).
    expect((await admin$('POST', '/api/admin/giveaways', { ...giveaway, prizePoints: 100, test: true })).statusCode).toBe(400);
  });

  it('answers !points for the chosen member and a role-limited custom command, without reaching Kick', async () => {
    await connect();
    const sentBefore = kick.fake.chat.length;

    const alone = await testChat('!points');
    expect(alone.statusCode, alone.body).toBe(200);
    expect(alone.json().replies).toEqual([{ text: expect.stringMatching(/^@tester link your account first/) }]);
    const linked = (await testChat('!points', { memberId: member.id })).json();
    expect(linked.replies).toEqual([{ text: expect.stringMatching(/^@tester you have 1,234 points \(rank /) }]);

    const created = await admin$('POST', '/api/admin/stream/commands', {
      name: 'vipcorner',
      reply: '{user} welcome to the VIP corner ({count}, {uptime})',
      userCooldownSeconds: 0,
      globalCooldownSeconds: 0,
      enabled: true,
      role: 'vip',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().command).toMatchObject({ role: 'vip', uses: 0 });
    expect((await testChat('!vipcorner')).json().replies).toEqual([]);
    expect((await testChat('!vipcorner', { role: 'subscriber' })).json().replies).toEqual([]);
    expect((await testChat('!vipcorner', { role: 'vip' })).json().replies).toEqual([{ text: '@tester welcome to the VIP corner (1, offline)' }]);
    expect((await testChat('!vipcorner', { name: 'mod', role: 'moderator' })).json().replies).toEqual([
      { text: '@mod welcome to the VIP corner (2, offline)' },
    ]);
    const list = (await admin$('GET', '/api/admin/stream/commands')).json();
    expect(list.commands.find((c: { name: string }) => c.name === 'vipcorner')).toMatchObject({ role: 'vip', uses: 2 });

    await kick.t.app.stream.settled();
    expect(kick.fake.chat.length).toBe(sentBefore);
  });

  it('a blocked word is deleted and timed out in the answer, never on Kick', async () => {
    expect(
      (await admin$('PUT', '/api/admin/stream/moderation', { ...DEFAULT_CHAT_MODERATION, blockedTerms: ['scamlink'], timeoutMinutes: [5] })).statusCode,
    ).toBe(200);
    expect((await admin$('PUT', '/api/admin/bot-features/moderation', { status: true })).statusCode).toBe(200);
    const first = (await testChat('free points at scamlink', { name: 'spammer' })).json();
    expect(first.actions).toEqual([{ kind: 'deleted', detail: expect.any(String) }]);
    const second = (await testChat('scamlink again', { name: 'spammer' })).json();
    expect(second.actions.map((a: { kind: string }) => a.kind)).toEqual(['deleted', 'timed out']);
    // Moderators are exempt, as on Kick.
    expect((await testChat('scamlink', { name: 'mod', role: 'moderator' })).json().actions).toEqual([]);
    expect(kick.fake.moderation.deleted).toEqual([]);
    expect(kick.fake.moderation.bans).toEqual([]);
    expect((await admin$('PUT', '/api/admin/bot-features/moderation', { status: false })).statusCode).toBe(200);
  });

  it("a spending command answers as it would for the chosen member, but its writes are rolled back: the member's balance stays", async () => {
    const created = await admin$('POST', '/api/admin/predictions', {
      title: 'Bonus or bust?',
      outcomes: ['Bonus', 'Bust'],
      windowSeconds: 60,
      minStake: 10,
      maxStake: 300,
    });
    expect(created.statusCode, created.body).toBe(201);
    const bet = (await testChat('!bet 1 50', { memberId: member.id })).json();
    expect(bet.replies).toEqual([{ text: '@tester 50 points on Bonus (your stake: 50).' }]);
    // Rolled back: the same bet again is a first stake, and the member's points and ledger are untouched.
    expect((await testChat('!bet 1 50', { memberId: member.id })).json().replies).toEqual([{ text: '@tester 50 points on Bonus (your stake: 50).' }]);
    expect(await pointsOf(kick.t.app, member.id)).toBe(1234);
    expect((await ledgerSumOf(kick.t.app, member.id)).rows).toBe(1);
    // The prediction's own announcement on Kick (by its job) is sent before the next test counts the bot's lines.
    await kick.t.app.runJobs();
    await kick.t.app.stream.settled();
  });

  it('!join enters a test giveaway (never announced on Kick, never published); Kick viewers cannot enter it', async () => {
    const sentBefore = kick.fake.chat.length;
    const started = await admin$('POST', '/api/admin/giveaways', { ...giveaway, test: true });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json().giveaway).toMatchObject({ isTest: true, status: 'Open' });
    const id = started.json().giveaway.id as string;

    const joined = (await testChat('!join', { memberId: member.id })).json();
    expect(joined.actions).toEqual([{ kind: 'entered giveaway', detail: expect.stringContaining('tester entered giveaway') }]);
    expect(await say(viewer('kicker'), '!join')).toBeNull();
    const entries = await kick.t.app.db.select().from(giveawayEntries).where(eq(giveawayEntries.giveawayId, id));
    expect(entries.map((e) => e.kickUserId)).toEqual(['test-tester']);

    const publicList = (await kick.t.app.inject({ method: 'GET', url: '/api/giveaways' })).json();
    expect(publicList.giveaways.map((g: { id: string }) => g.id)).not.toContain(id);
    const adminList = (await admin$('GET', '/api/admin/giveaways')).json();
    expect(adminList.giveaways.find((g: { id: string }) => g.id === id)).toMatchObject({ isTest: true, entries: 1 });

    // Drawn, it is still not published: no outgoing webhook, no winners line on Kick.
    await kick.t.app.db.insert(webhooks).values({ url: 'https://hooks.example.com/x', events: ['giveaway.drawn'], format: 'standard', secret: 'sealed' });
    expect((await admin$('POST', `/api/admin/giveaways/${id}/close`)).statusCode).toBe(200);
    const drawn = await admin$('POST', `/api/admin/giveaways/${id}/draw`);
    expect(drawn.statusCode, drawn.body).toBe(200);
    expect(drawn.json().giveaway.winnerList).toHaveLength(1);
    expect(await kick.t.app.db.select().from(webhookDeliveries)).toEqual([]);
    await kick.t.app.stream.settled();
    expect(kick.fake.chat.length).toBe(sentBefore);
  });

  it('test viewers never earn and touch no balance; the console keeps the lines in order; each message is audited', async () => {
    const db = kick.t.app.db;
    expect(await pointsOf(kick.t.app, member.id)).toBe(1234);
    expect((await ledgerSumOf(kick.t.app, member.id)).rows).toBe(1);
    expect(await db.select().from(streamChatters).where(like(streamChatters.kickUserId, 'test-%'))).toEqual([]);
    expect(await db.select().from(streamCredits).where(like(streamCredits.kickUserId, 'test-%'))).toEqual([]);

    const { lines } = (await admin$('GET', '/api/admin/stream/test-chat')).json();
    expect(lines[0]).toMatchObject({ kind: 'viewer', name: 'tester', role: 'viewer', text: '!points' });
    expect(lines[1]).toMatchObject({ kind: 'bot', name: null, text: expect.stringMatching(/^@tester link your account first/) });
    expect(lines.at(-1)).toMatchObject({ kind: 'action', text: expect.stringMatching(/^entered giveaway: /) });
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, 'stream_test_chat.message'));
    expect(audits.length).toBe(lines.filter((l: { kind: string }) => l.kind === 'viewer').length);
    expect(audits[0]).toMatchObject({ actorId: kick.admin.id, targetType: 'stream' });
  });
});
