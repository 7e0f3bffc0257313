import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { DealOrNoDealRound } from '@app/shared/api/deal-or-no-deal';
import { DEAL_OR_NO_DEAL_PRESETS } from '@app/shared/games/deal-or-no-deal';
import { auditLog, ledgerEntries, socialAccounts } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { fakeKickEnv, startFakeKick, type FakeKick } from '../../test/fake-kick.ts';
import { makeUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Deal or No Deal's test app against the fake Kick (the channel connected in beforeAll) and the
 * steps its test files share: chat as a viewer, the admin's rounds, a contestant's moves, the audit
 * and prize rows. `t`, `fake` and `admin` are built in beforeAll: read them in a test or a later hook.
 */
export function useDealOrNoDealTestApp() {
  const clock = new ManualClock('2026-11-26T12:00:00.000Z');
  let fake: FakeKick;
  let t: TestApp;
  let admin: TestUser;
  let kickIds = 9000;

  beforeAll(async () => {
    fake = await startFakeKick();
    t = await createTestApp(fakeKickEnv(fake), { clock, chatIntervalMs: 0 });
    admin = await makeUser(t.app, { admin: true, prefix: 'adm' });
    await connect();
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  type Method = 'GET' | 'POST' | 'PUT';
  const admin$ = (method: Method, url: string, payload?: object) => t.app.inject({ method, url, headers: admin.auth, ...(payload ? { payload } : {}) });
  const as = (user: TestUser | null, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, ...(user ? { headers: user.auth } : {}), ...(payload ? { payload } : {}) });
  const broadcaster = () => ({ user_id: fake.broadcaster.userId, username: fake.broadcaster.name, channel_slug: fake.broadcaster.slug });
  const viewer = () => ({ id: ++kickIds, name: `viewer${kickIds}` });
  /** Says `content` in chat as `v`, runs the jobs and returns the bot's lines after it. */
  async function say(v: { id: number; name: string }, content: string): Promise<string[]> {
    const before = fake.chat.length;
    const d = fake.delivery(
      'chat.message.sent',
      {
        message_id: `m-${kickIds}-${Math.random().toString(36).slice(2)}`,
        broadcaster: broadcaster(),
        sender: { user_id: v.id, username: v.name, is_verified: false, channel_slug: v.name, identity: { username_color: '#fff', badges: [] } },
        content,
        emotes: [],
        created_at: clock.now().toISOString(),
      },
      { timestamp: clock.now() },
    );
    expect((await t.app.inject({ method: 'POST', url: '/api/integrations/kick/webhook', headers: d.headers, payload: d.payload })).statusCode).toBe(200);
    await t.app.runJobs();
    await t.app.stream.settled();
    return fake.chat.slice(before).map((m) => m.content);
  }
  async function chatAfter(act: () => Promise<unknown>): Promise<string[]> {
    const before = fake.chat.length;
    await act();
    await t.app.stream.settled();
    return fake.chat.slice(before).map((m) => m.content);
  }
  async function connect(): Promise<void> {
    const start = await admin$('POST', '/api/admin/stream/connect');
    const cookie = start.cookies.find((c) => c.name === 'kick_oauth')!;
    const back = new URL((await fetch(start.json().url, { redirect: 'manual' })).headers.get('location')!);
    expect((await t.app.inject({ method: 'GET', url: back.pathname + back.search, cookies: { kick_oauth: cookie.value } })).statusCode).toBe(302);
  }
  async function link(user: TestUser, v: { id: number; name: string }): Promise<void> {
    await t.app.db.insert(socialAccounts).values({ userId: user.id, platform: 'kick', externalId: String(v.id), username: v.name, createdAt: clock.now() });
  }
  async function newRound(values: readonly number[] = DEAL_OR_NO_DEAL_PRESETS[16]): Promise<DealOrNoDealRound> {
    const res = await admin$('POST', '/api/admin/dealornodeal/rounds', { values });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().round;
  }
  async function openNew(values?: readonly number[]): Promise<DealOrNoDealRound> {
    const round = await newRound(values);
    const res = await admin$('POST', `/api/admin/dealornodeal/rounds/${round.id}/open`);
    expect(res.statusCode, res.body).toBe(200);
    await t.app.stream.settled();
    return res.json().round;
  }
  async function move(user: TestUser, id: string, body: object): Promise<DealOrNoDealRound> {
    const res = await as(user, 'POST', `/api/dealornodeal/rounds/${id}/move`, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().round;
  }
  /** A round with one entrant (who is then the contestant), closed. */
  async function roundFor(user: TestUser, values?: readonly number[]): Promise<DealOrNoDealRound> {
    const round = await openNew(values);
    expect((await as(user, 'POST', `/api/dealornodeal/rounds/${round.id}/join`)).statusCode).toBe(201);
    const closed = await admin$('POST', `/api/admin/dealornodeal/rounds/${round.id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    return closed.json().round;
  }
  /** Opens the unopened cases (not the own one) until the round's offer comes. */
  async function openRound(user: TestUser, round: DealOrNoDealRound): Promise<DealOrNoDealRound> {
    let r = round;
    while (r.stage === 'open') {
      const next = r.cases.find((c) => !c.opened && !c.own)!;
      r = await move(user, r.id, { action: 'open', case: next.case });
    }
    return r;
  }
  const auditActions = async (id: string) =>
    (await t.app.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, id))).map((a) => a.action).sort();
  const prizeRows = async (userId: string, roundId: string) =>
    t.app.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.reason, 'dond_prize'), eq(ledgerEntries.refId, roundId)));

  return {
    clock,
    get t(): TestApp {
      return t;
    },
    get fake(): FakeKick {
      return fake;
    },
    get admin(): TestUser {
      return admin;
    },
    admin$,
    as,
    viewer,
    say,
    chatAfter,
    link,
    newRound,
    openNew,
    move,
    roundFor,
    openRound,
    auditActions,
    prizeRows,
  };
}
