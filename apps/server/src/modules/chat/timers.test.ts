import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { makeUser } from '../../test/factories.ts';
import { useFakeKickApp } from '../../test/kick-chat.ts';

/**
 * The bot's timers against the fake Kick: the calls (admin only, validated, audited), and the job:
 * a timer posts only while the channel is live, an interval after it went live (or was saved, or
 * last posted), and only when enough chat lines came since; the post goes through the bot's queue.
 */
describe(`Stream timers (${process.env.TEST_DB})`, () => {
  const clock = new ManualClock('2026-11-29T12:00:00.000Z');
  const kick = useFakeKickApp({ clock });
  const { admin$, connect, goLive, viewer } = kick;
  const minutes = (n: number) => clock.advance(n * 60_000);
  const input = { name: 'Discord', message: 'Join the Discord: example.com/discord', intervalMinutes: 10, minChatLines: 2, enabled: true };

  /** Runs the jobs and returns the bot's new messages on Kick. */
  async function posts(): Promise<string[]> {
    const before = kick.fake.chat.length;
    await kick.t.app.runJobs();
    await kick.t.app.stream.settled();
    return kick.fake.chat.slice(before).map((m) => m.content);
  }
  const chatLines = async (n: number) => {
    const v = viewer('chatty');
    for (let i = 0; i < n; i += 1) expect((await kick.chat(v, `hello ${i}`)).statusCode).toBe(200);
  };

  it('is admin only (401, 403), refuses bad input (400) and unknown timers (404), changing nothing', async () => {
    const app = kick.t.app;
    const member = await makeUser(app);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/api/admin/stream/timers'],
      ['POST', '/api/admin/stream/timers'],
      ['PUT', `/api/admin/stream/timers/${id}`],
      ['DELETE', `/api/admin/stream/timers/${id}`],
    ] as const) {
      const payload = method === 'POST' || method === 'PUT' ? { payload: input } : {};
      expect((await app.inject({ method, url, ...payload })).statusCode, url).toBe(401);
      expect((await app.inject({ method, url, headers: member.auth, ...payload })).statusCode, url).toBe(403);
    }
    for (const bad of [
      { ...input, intervalMinutes: 4 },
      { ...input, intervalMinutes: 121 },
      { ...input, minChatLines: 101 },
      { ...input, minChatLines: -1 },
      { ...input, message: '' },
      { ...input, extra: true },
    ]) {
      expect((await admin$('POST', '/api/admin/stream/timers', bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await admin$('PUT', `/api/admin/stream/timers/${id}`, input)).statusCode).toBe(404);
    expect((await admin$('DELETE', `/api/admin/stream/timers/${id}`)).statusCode).toBe(404);
    expect((await admin$('PUT', '/api/admin/stream/timers/not-a-uuid', input)).statusCode).toBe(400);
    expect((await admin$('GET', '/api/admin/stream/timers')).json()).toEqual({ timers: [] });
  });

  it('posts only while live, an interval after going live, after M chat lines; then again an interval after its last post', async () => {
    await connect();
    const created = await admin$('POST', '/api/admin/stream/timers', input);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().timer.id as string;

    // Offline: nothing, however long and however busy the chat.
    minutes(30);
    await chatLines(3);
    expect(await posts()).toEqual([]);

    // Live from now: the first post comes 10 minutes later, not before.
    await goLive(clock.now());
    minutes(1);
    await chatLines(2);
    minutes(8);
    expect(await posts()).toEqual([]);
    minutes(1);
    expect(await posts()).toEqual([input.message]);
    expect((await admin$('GET', '/api/admin/stream/timers')).json().timers[0]).toMatchObject({ id, lastPostedAt: clock.now().toISOString() });

    // The next interval has passed but the chat was quiet: nothing until two lines came.
    minutes(10);
    await chatLines(1);
    expect(await posts()).toEqual([]);
    await chatLines(1);
    expect(await posts()).toEqual([input.message]);
    expect(await posts()).toEqual([]);

    // Switched off: no posts.
    expect((await admin$('PUT', `/api/admin/stream/timers/${id}`, { ...input, enabled: false })).statusCode).toBe(200);
    minutes(20);
    await chatLines(2);
    expect(await posts()).toEqual([]);
  });

  it('a timer without a line minimum posts on its interval; saving restarts it; deleting stops it; each change is audited', async () => {
    const created = await admin$('POST', '/api/admin/stream/timers', { ...input, name: 'Socials', message: 'Follow us', minChatLines: 0, intervalMinutes: 5 });
    const id = created.json().timer.id as string;
    minutes(4);
    expect(await posts()).toEqual([]);
    // Saved again: its five minutes count from the save.
    expect(
      (await admin$('PUT', `/api/admin/stream/timers/${id}`, { ...input, name: 'Socials', message: 'Follow us!', minChatLines: 0, intervalMinutes: 5 }))
        .statusCode,
    ).toBe(200);
    minutes(4);
    expect(await posts()).toEqual([]);
    minutes(1);
    expect(await posts()).toEqual(['Follow us!']);
    expect((await admin$('DELETE', `/api/admin/stream/timers/${id}`)).json()).toEqual({ ok: true });
    minutes(10);
    expect(await posts()).toEqual([]);

    const actions = (await kick.t.app.db.select().from(auditLog).where(eq(auditLog.targetType, 'stream_timer'))).map((a) => a.action).sort();
    expect(actions).toEqual(['stream_timer.create', 'stream_timer.create', 'stream_timer.delete', 'stream_timer.update', 'stream_timer.update']);
  });
});
