import { randomUUID } from 'node:crypto';
import { DEAL_OR_NO_DEAL_PRESETS } from '@app/shared/games/deal-or-no-deal';
import { describe, expect, it } from 'vitest';
import { huntBonuses, streamConnection } from '../../db/schema.ts';
import { publishEvent } from '../../platform/event-bus.ts';
import { createActiveRaffle, makeUser, type TestUser } from '../../test/factories.ts';
import { openSse, type SseClient, type SseFrame, useListeningTestApp } from './sse-test-client.ts';

/** The public topics a page subscribes to (raffle:<id>, hunt:<id>, dond), and the end of a banned member's streams. */
describe(`live topics and ended streams (${process.env.TEST_DB})`, () => {
  const { clock, t, admin, server, open } = useListeningTestApp();

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string> = {}, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  async function stream(user: TestUser, topics: string): Promise<SseClient> {
    const client = await openSse(`${server.base}/api/events?topics=${encodeURIComponent(topics)}`, user.auth);
    expect(client.status).toBe(200);
    open.push(client);
    return client;
  }
  const dataOf = (frame: SseFrame) => JSON.parse(frame.data) as Record<string, unknown>;

  describe('raffle:<id>', () => {
    it('announces the entry count after one-statement entries (a burst: the last event has them all) and general-path entries', async () => {
      const raffle = await createActiveRaffle(t.app, admin, clock.now(), { title: 'Live raffle', pointsCost: 10 });
      const other = await createActiveRaffle(t.app, admin, clock.now(), { title: 'Other raffle', pointsCost: 10 });
      const watcher = await makeUser(t.app);
      const page = await stream(watcher, `raffle:${raffle}`);
      const elsewhere = await stream(watcher, `raffle:${other}`);
      const members = await Promise.all(Array.from({ length: 6 }, () => makeUser(t.app, { points: 100 })));
      const entered = await Promise.all(members.map((m) => inject('POST', `/api/raffles/${raffle}/enter`, { ...m.auth, 'idempotency-key': randomUUID() })));
      expect(entered.map((r) => r.statusCode)).toEqual(members.map(() => 201));
      const six = await page.next((f) => f.event === 'raffle' && dataOf(f).entries === 6);
      expect(dataOf(six)).toEqual({ raffleId: raffle, entries: 6, drawn: false });
      // Fewer announcements than entries is the point; never more.
      expect(page.frames.filter((f) => f.event === 'raffle').length).toBeLessThanOrEqual(6);

      // The general path (no Idempotency-Key) announces in its own transaction.
      const late = await makeUser(t.app, { points: 100 });
      expect((await inject('POST', `/api/raffles/${raffle}/enter`, late.auth)).statusCode).toBe(201);
      await page.next((f) => f.event === 'raffle' && dataOf(f).entries === 7);
      // A refused entry (already entered) announces nothing.
      const before = page.frames.length;
      expect((await inject('POST', `/api/raffles/${raffle}/enter`, late.auth)).statusCode).toBe(409);
      expect(elsewhere.frames.some((f) => f.event === 'raffle')).toBe(false);

      // The draw: an open page shows its winners.
      clock.advance(2 * 3_600_000);
      await t.app.runJobs();
      const drawn = await page.next((f) => f.event === 'raffle' && dataOf(f).drawn === true);
      expect(dataOf(drawn)).toEqual({ raffleId: raffle, entries: 7, drawn: true });
      expect(page.frames.slice(before).filter((f) => f.event === 'raffle')).toHaveLength(1);
    });
  });

  describe('hunt:<id>', () => {
    async function newHunt(): Promise<string> {
      const res = await inject('POST', '/api/admin/bonus-hunts', admin.auth, {
        title: `Hunt ${Math.random().toString(36).slice(2, 7)}`,
        casino: 'Stake',
        currency: 'USD',
        startBalance: 100000,
        entryCost: 0,
        prizes: [500],
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().hunt.id as string;
    }

    it("announces the hunt's changed figures: a bonus, a guess, the move to opening, a win; a refused act announces nothing", async () => {
      const hunt = await newHunt();
      const viewer = await makeUser(t.app, { points: 100 });
      const page = await stream(viewer, `hunt:${hunt}`);
      const huntEvents = () => page.frames.filter((f) => f.event === 'hunt');

      const added = await inject('POST', `/api/admin/bonus-hunts/${hunt}/bonuses`, admin.auth, { slotName: 'Live slot', bet: 100 });
      expect(added.statusCode, added.body).toBe(201);
      expect(dataOf(await page.next((f) => f.event === 'hunt'))).toEqual({ huntId: hunt, status: 'collecting' });

      expect((await inject('PUT', `/api/bonus-hunts/${hunt}/guess`, viewer.auth, { amount: 150000 })).statusCode).toBe(200);
      await page.next(() => huntEvents().length === 2);

      expect((await inject('POST', `/api/admin/bonus-hunts/${hunt}/status`, admin.auth, { status: 'opening' })).statusCode).toBe(200);
      await page.next((f) => f.event === 'hunt' && dataOf(f).status === 'opening');
      const count = huntEvents().length;
      // Refused: a bonus while opening, a guess after the lock.
      expect((await inject('POST', `/api/admin/bonus-hunts/${hunt}/bonuses`, admin.auth, { slotName: 'Late', bet: 100 })).statusCode).toBe(409);
      expect((await inject('PUT', `/api/bonus-hunts/${hunt}/guess`, viewer.auth, { amount: 1 })).statusCode).toBe(409);

      const bonusId = added.json().bonuses[0].id as string;
      expect((await inject('PUT', `/api/admin/bonus-hunts/${hunt}/bonuses/${bonusId}`, admin.auth, { win: 5000 })).statusCode).toBe(200);
      await page.next(() => huntEvents().length === count + 1);
      expect(huntEvents()).toHaveLength(count + 1);
    });

    it("drops this server's cached read when it hears the event of a write through another server", async () => {
      const hunt = await newHunt();
      const viewer = await makeUser(t.app);
      expect((await inject('GET', `/api/bonus-hunts/${hunt}`)).json().bonuses).toHaveLength(0);
      const page = await stream(viewer, `hunt:${hunt}`);
      // Another server's act: its rows and its event, not through this server's routes.
      await t.app.db.transaction(async (tx) => {
        await tx.insert(huntBonuses).values({ huntId: hunt, position: 1, slotName: 'Elsewhere', bet: 100, createdAt: clock.now() });
        await publishEvent(tx, { name: 'hunt', topic: `hunt:${hunt}`, data: { huntId: hunt, status: 'collecting' } });
      });
      await page.next((f) => f.event === 'hunt');
      expect((await inject('GET', `/api/bonus-hunts/${hunt}`)).json().bonuses).toHaveLength(1);
    });
  });

  describe('dond', () => {
    it("announces Deal or No Deal's public changes (open, close, each move, the end), not each join; a bad topic is a 400", async () => {
      expect((await openSse(`${server.base}/api/events?topics=dond:1`, admin.auth)).status).toBe(400);
      const watcher = await makeUser(t.app);
      const page = await stream(watcher, 'dond');
      const dealOrNoDealEvents = () => page.frames.filter((f) => f.event === 'dond');

      const created = await inject('POST', '/api/admin/dealornodeal/rounds', admin.auth, { values: DEAL_OR_NO_DEAL_PRESETS[16] });
      expect(created.statusCode, created.body).toBe(201);
      const roundId = created.json().round.id as string;
      expect((await inject('POST', `/api/admin/dealornodeal/rounds/${roundId}/open`, admin.auth)).statusCode).toBe(200);
      expect(dataOf(await page.next((f) => f.event === 'dond'))).toEqual({ roundId, status: 'open' });

      const [a, b] = await Promise.all([makeUser(t.app), makeUser(t.app)]);
      for (const member of [a!, b!]) expect((await inject('POST', `/api/dealornodeal/rounds/${roundId}/join`, member.auth)).statusCode).toBe(201);
      const closed = await inject('POST', `/api/admin/dealornodeal/rounds/${roundId}/close`, admin.auth);
      expect(closed.statusCode, closed.body).toBe(200);
      await page.next((f) => f.event === 'dond' && dataOf(f).status === 'playing');
      // Open, then the close: the two joins between them announced nothing.
      expect(dealOrNoDealEvents().map((f) => dataOf(f).status)).toEqual(['open', 'playing']);

      const contestant = [a!, b!].find((m) => m.uid === closed.json().round.contestant.uid)!;
      const move = (body: object) => inject('POST', `/api/dealornodeal/rounds/${roundId}/move`, contestant.auth, body);
      expect((await move({ action: 'pick', case: 1 })).statusCode).toBe(200);
      await page.next(() => dealOrNoDealEvents().length === 3);
      // A refused move (a case already taken) announces nothing; a cancel ends the round for everyone.
      expect((await move({ action: 'open', case: 1 })).statusCode).toBe(409);
      expect((await inject('POST', `/api/admin/dealornodeal/rounds/${roundId}/cancel`, admin.auth)).statusCode).toBe(200);
      await page.next((f) => f.event === 'dond' && dataOf(f).status === 'cancelled');
      expect(dealOrNoDealEvents().map((f) => dataOf(f).status)).toEqual(['open', 'playing', 'playing', 'cancelled']);
    });
  });

  describe('giveaways', () => {
    it('announces a chat giveaway started, closed and drawn on the giveaways topic', async () => {
      const watcher = await makeUser(t.app);
      const page = await stream(watcher, 'giveaways');
      const giveawayEvents = () => page.frames.filter((f) => f.event === 'giveaway');
      // A chat giveaway needs a connected chat (NO_CHAT_CONNECTED otherwise): a channel's row stands for one.
      const now = t.app.clock.now();
      await t.app.db.insert(streamConnection).values({
        id: 1,
        broadcasterUserId: '1',
        channelSlug: 'channel',
        scopes: '',
        accessToken: 'sealed',
        refreshToken: 'sealed',
        tokenExpiresAt: new Date(now.getTime() + 3_600_000),
        connectedAt: now,
      });
      const started = await inject('POST', '/api/admin/giveaways', admin.auth, {
        prize: 'A signed mug',
        prizePoints: null,
        durationSeconds: 60,
        winners: 1,
        entryMode: 'anyone',
      });
      expect(started.statusCode, started.body).toBe(201);
      const giveawayId = started.json().giveaway.id as string;
      expect(dataOf(await page.next((f) => f.event === 'giveaway'))).toEqual({ giveawayId });
      expect((await inject('POST', `/api/admin/giveaways/${giveawayId}/close`, admin.auth)).statusCode).toBe(200);
      await page.next(() => giveawayEvents().length === 2);
      // Refused (already closed): nothing announced.
      expect((await inject('POST', `/api/admin/giveaways/${giveawayId}/close`, admin.auth)).statusCode).toBe(409);
      expect((await inject('POST', `/api/admin/giveaways/${giveawayId}/draw`, admin.auth)).statusCode).toBe(200);
      await page.next(() => giveawayEvents().length === 3);
      expect(giveawayEvents().map((f) => dataOf(f))).toEqual([{ giveawayId }, { giveawayId }, { giveawayId }]);
    });
  });

  describe('a permanent ban', () => {
    it("ends the member's open streams after telling them why; other members' streams and a lesser restriction's stay open", async () => {
      const member = await makeUser(t.app);
      const bystander = await makeUser(t.app);
      const first = await stream(member, 'race');
      const second = await stream(member, '');
      const other = await stream(bystander, 'race');

      const timeout = await inject('POST', `/api/admin/users/${member.id}/restrictions`, admin.auth, { kind: 'timeout', days: 1, reason: 'spam' });
      expect(timeout.statusCode, timeout.body).toBe(201);
      await first.next((f) => f.event === 'notification');
      expect(first.ended()).toBe(false);

      const ban = await inject('POST', `/api/admin/users/${member.id}/restrictions`, admin.auth, { kind: 'ban_permanent', reason: 'fraud' });
      expect(ban.statusCode, ban.body).toBe(201);
      await first.end();
      await second.end();
      // The ban's notification came before the end.
      expect(first.frames.filter((f) => f.event === 'notification')).toHaveLength(2);
      expect(first.frames.some((f) => f.event === 'streams_end' || f.data.includes('streams_end'))).toBe(false);
      expect(other.ended()).toBe(false);
      expect(t.app.liveStreams.size).toBe(1);
      // And a new stream is refused.
      expect((await openSse(`${server.base}/api/events`, member.auth)).status).toBeGreaterThanOrEqual(401);
    });
  });
});
