import { afterAll, beforeAll, expect } from 'vitest';
import { socialAccounts } from '../db/schema.ts';
import type { ManualClock } from '../platform/clock.ts';
import { fakeKickEnv, startFakeKick, type FakeKick } from './fake-kick.ts';
import { makeUser, type TestUser } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * For one describe block of the stream's features: the fake Kick (a real HTTP peer), the app
 * configured for it (the bot's chat unpaced) and an admin, built in a beforeAll and closed in an
 * afterAll this registers; and the steps those tests share: connecting the channel, signed
 * deliveries, a viewer's chat message run through the jobs, linking a member.
 */

export type KickViewer = { id: number; name: string };
type ChatOptions = { createdAt?: Date; badges?: string[]; broadcasterId?: number; messageId?: string };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function useFakeKickApp(options: { clock: ManualClock; env?: Record<string, string>; firstKickId?: number }) {
  const { clock } = options;
  let fake: FakeKick | undefined;
  let app: TestApp | undefined;
  let adminUser: TestUser | undefined;
  let kickIds = options.firstKickId ?? 5000;

  beforeAll(async () => {
    fake = await startFakeKick();
    app = await createTestApp({ ...fakeKickEnv(fake), ...options.env }, { clock, chatIntervalMs: 0 });
    adminUser = await makeUser(app.app, { admin: true, prefix: 'adm' });
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  const built = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is built in beforeAll: use it inside a test or a later hook`);
    return value;
  };
  const h = {
    get t(): TestApp {
      return built(app, 'the test app');
    },
    get fake(): FakeKick {
      return built(fake, 'the fake Kick');
    },
    get admin(): TestUser {
      return built(adminUser, 'the admin');
    },

    /** A new Kick viewer (a fresh user id). */
    viewer(name = 'viewer'): KickViewer {
      kickIds += 1;
      return { id: kickIds, name: `${name}${kickIds}` };
    },
    broadcaster() {
      const b = h.fake.broadcaster;
      return { user_id: b.userId, username: b.name, channel_slug: b.slug };
    },
    admin$(method: Method, url: string, payload?: object) {
      return h.t.app.inject({ method, url, headers: h.admin.auth, ...(payload ? { payload } : {}) });
    },

    /** A signed delivery of any event, posted to the webhook. */
    deliver(type: string, body: object, id?: string) {
      const d = h.fake.delivery(type, body, { id, timestamp: clock.now() });
      return h.t.app.inject({ method: 'POST', url: '/api/integrations/kick/webhook', headers: d.headers, payload: d.payload });
    },
    /** The body of a `chat.message.sent` from `viewer` (badges by type). */
    chatBody(viewer: KickViewer, content: string, o: ChatOptions = {}) {
      return {
        message_id: o.messageId ?? `m-${Math.random().toString(36).slice(2)}`,
        broadcaster: { ...h.broadcaster(), ...(o.broadcasterId ? { user_id: o.broadcasterId } : {}) },
        sender: {
          user_id: viewer.id,
          username: viewer.name,
          is_verified: false,
          channel_slug: viewer.name,
          identity: { username_color: '#fff', badges: (o.badges ?? []).map((type) => ({ text: type, type })) },
        },
        content,
        emotes: [],
        created_at: (o.createdAt ?? clock.now()).toISOString(),
      };
    },
    /** Posts a viewer's chat message to the webhook (stored; the jobs do the work). */
    chat(viewer: KickViewer, content: string, o: ChatOptions = {}) {
      return h.deliver('chat.message.sent', h.chatBody(viewer, content, o), o.messageId);
    },
    /** Says `content` in chat, runs the jobs and returns the bot's answer (null when none). */
    async say(viewer: KickViewer, content: string, o: ChatOptions = {}): Promise<string | null> {
      const before = h.fake.chat.length;
      const res = await h.chat(viewer, content, o);
      expect(res.statusCode, res.body).toBe(200);
      await h.t.app.runJobs();
      await h.t.app.stream.settled();
      return h.fake.chat.length > before ? h.fake.chat.at(-1)!.content : null;
    },
    /** The bot's messages after an act (announcements are queued after it commits). */
    async chatAfter(act: () => Promise<unknown>): Promise<string[]> {
      const before = h.fake.chat.length;
      await act();
      await h.t.app.stream.settled();
      return h.fake.chat.slice(before).map((m) => m.content);
    },

    /** The admin connects the channel through the fake Kick's OAuth (PKCE), as the Stream screen does. */
    async connect(): Promise<void> {
      const start = await h.admin$('POST', '/api/admin/stream/connect');
      expect(start.statusCode, start.body).toBe(200);
      const cookie = start.cookies.find((c) => c.name === 'kick_oauth')!;
      expect(cookie.httpOnly).toBe(true);
      const authorize = await fetch(start.json().url, { redirect: 'manual' });
      expect(authorize.status).toBe(302);
      const back = new URL(authorize.headers.get('location')!);
      const callback = await h.t.app.inject({ method: 'GET', url: back.pathname + back.search, cookies: { kick_oauth: cookie.value } });
      expect(callback.statusCode).toBe(302);
      expect(callback.headers.location).toBe(`${h.t.config.appOrigin}/admin/stream?connected=1`);
    },
    async goLive(startedAt: Date): Promise<void> {
      const res = await h.deliver('livestream.status.updated', {
        broadcaster: h.broadcaster(),
        is_live: true,
        title: 'Live',
        started_at: startedAt.toISOString(),
        ended_at: null,
      });
      expect(res.statusCode).toBe(200);
      await h.t.app.runJobs();
    },
    /** Links a member's Kick account directly (the UID-in-chat flow has its own tests). */
    async link(user: TestUser, viewer: KickViewer): Promise<void> {
      await h.t.app.db
        .insert(socialAccounts)
        .values({ userId: user.id, platform: 'kick', externalId: String(viewer.id), username: viewer.name, createdAt: clock.now() });
    },
    /** Links through chat as a member would: the UID in chat, then the confirmation on the profile. */
    async linkViaChat(user: TestUser, viewer: KickViewer): Promise<void> {
      expect((await h.chat(viewer, `my uid ${user.uid}`)).json()).toEqual({ ok: true, result: 'stored' });
      await h.t.app.runJobs();
      const confirmed = await h.t.app.inject({ method: 'POST', url: '/api/profile/kick-link/confirm', headers: user.auth });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
    },
  };
  return h;
}
