import { maskUsername } from '@app/shared/api/races';
import { drawRaffleWinners, raffleSeedMatches } from '@app/shared/domain/raffle-draw';
import { sha256Hex } from '@app/shared/fairness/engine';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { ledgerSumOf, makeUser, pointsOf, type TestUser, useTestAppWithAdmin } from '../../test/factories.ts';

const HOUR = 60 * 60 * 1000;

describe(`raffles (${process.env.TEST_DB})`, () => {
  const clock = new ManualClock('2026-11-23T12:00:00.000Z');
  const { t, admin } = useTestAppWithAdmin({}, { clock });

  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string> = {}, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  const at = (offsetMs: number) => new Date(clock.now().getTime() + offsetMs).toISOString();

  function raffleBody(fields: Record<string, unknown> = {}) {
    return {
      title: `Raffle ${Math.random().toString(36).slice(2, 7)}`,
      description: 'A test raffle',
      prize: '$100 USDT',
      pointsCost: 50,
      startDate: at(-HOUR),
      endDate: at(HOUR),
      ...fields,
    };
  }
  async function newRaffle(fields: Record<string, unknown> = {}) {
    const res = await inject('POST', '/api/admin/raffles', admin.auth, raffleBody(fields));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().raffle as { id: string; title: string; draw: { seedHash: string } };
  }
  const enter = (user: TestUser | null, id: string, key?: string) =>
    inject('POST', `/api/raffles/${id}/enter`, { ...(user ? user.auth : {}), ...(key ? { 'idempotency-key': key } : {}) });

  it('creates a raffle with a seed commitment and no published seed; the status follows the clock', async () => {
    const res = await inject(
      'POST',
      '/api/admin/raffles',
      admin.auth,
      raffleBody({ startDate: at(HOUR), endDate: at(2 * HOUR), pointsCost: 0, featured: true }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const raffle = res.json().raffle;
    expect(raffle).toMatchObject({
      entryCost: 'Free',
      pointsCost: 0,
      status: 'Upcoming',
      entries: 0,
      featured: true,
      winners: 1,
      winnerList: [],
      raffleId: expect.stringMatching(/^RAF-\d{4}$/),
      draw: { seed: null, entrantUids: null, entriesDigest: null, winnerUids: null, drawnAt: null },
    });
    expect(raffle.draw.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(raffle.entered).toBeUndefined();
    const byId = async () => (await inject('GET', `/api/raffles/${raffle.id}`)).json().raffle.status;
    clock.advance(HOUR);
    expect(await byId()).toBe('Active');
    clock.advance(HOUR);
    expect(await byId()).toBe('Pending');
    clock.advance(-2 * HOUR);
  });

  it('enters: 201 with the entry and the balance; the cost through the ledger; `entered` in the list', async () => {
    const raffle = await newRaffle({ pointsCost: 1500 });
    const user = await makeUser(t.app, { points: 2000 });
    const res = await enter(user, raffle.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ points: 500, entry: { raffleId: raffle.id, userId: user.id, pointsSpent: 1500, createdAt: clock.now().toISOString() } });
    expect(await ledgerSumOf(t.app, user.id)).toEqual({ sum: 500, rows: 2 });
    const mine = (await inject('GET', '/api/raffles', user.auth)).json().raffles.find((r: { id: string }) => r.id === raffle.id);
    expect(mine).toMatchObject({ entered: true, entries: 1, entryCost: '1,500 Points', status: 'Active' });
    const other = await makeUser(t.app, { points: 0 });
    expect((await inject('GET', `/api/raffles/${raffle.id}`, other.auth)).json().raffle.entered).toBe(false);
    // A bad token on a public call: served as to a visitor.
    const visitor = await inject('GET', '/api/raffles', { authorization: 'Bearer not-a-token' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().raffles.find((r: { id: string }) => r.id === raffle.id).entered).toBeUndefined();

    const again = await enter(user, raffle.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ ok: false, code: 'ALREADY_ENTERED', error: 'Already entered' });
    expect(await pointsOf(t.app, user.id)).toBe(500);
  });

  it('refuses: short of points (409 with the shortfall), closed raffles, restricted ones, visitors and unverified users', async () => {
    const raffle = await newRaffle({ pointsCost: 300 });
    const poor = await makeUser(t.app, { points: 120 });
    const short = await enter(poor, raffle.id);
    expect(short.statusCode).toBe(409);
    expect(short.json()).toEqual({ ok: false, code: 'INSUFFICIENT_POINTS', shortfall: 180, error: 'You need 300 pts' });
    expect(await ledgerSumOf(t.app, poor.id)).toEqual({ sum: 120, rows: 1 });
    expect((await inject('GET', `/api/raffles/${raffle.id}`)).json().raffle.entries).toBe(0);

    const upcoming = await newRaffle({ startDate: at(HOUR), endDate: at(2 * HOUR) });
    const ended = await newRaffle({ startDate: at(-2 * HOUR), endDate: at(-HOUR) });
    const rich = await makeUser(t.app, { points: 10_000 });
    for (const id of [upcoming.id, ended.id]) {
      const res = await enter(rich, id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'RAFFLE_CLOSED' });
    }
    // Level 3 (Bronze 3) needs 2,000 XP (ranks of spec 2 §9); XP is lifetime verified wager,
    // so a large points balance does not open the gate.
    const restricted = await newRaffle({ restricted: true, minLevel: 3, requirements: 'Bronze 3 or above', pointsCost: 0 });
    for (const low of [await makeUser(t.app, { points: 50_000, xp: 1999 }), await makeUser(t.app, { points: 50_000 })]) {
      const denied = await enter(low, restricted.id);
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toMatchObject({ code: 'REQUIREMENTS_NOT_MET' });
    }
    const high = await makeUser(t.app, { points: 10, xp: 2000 });
    expect((await enter(high, restricted.id)).json()).toMatchObject({ points: 10 });
    expect(await pointsOf(t.app, rich.id)).toBe(10_000);

    expect((await enter(null, raffle.id)).statusCode).toBe(401);
    const unverified = await makeUser(t.app, { points: 1000, verified: false });
    const res = await enter(unverified, raffle.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect((await enter(rich, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await enter(rich, 'raffle-1')).statusCode).toBe(400);
    expect((await inject('GET', '/api/raffles/raffle-1')).statusCode).toBe(400);
    expect((await inject('GET', '/api/raffles/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('replays a retried entry with the same key; another raffle with that key is a 422', async () => {
    const a = await newRaffle({ pointsCost: 100 });
    const b = await newRaffle({ pointsCost: 100 });
    const user = await makeUser(t.app, { points: 1000 });
    const first = await enter(user, a.id, 'enter-1');
    const second = await enter(user, a.id, 'enter-1');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    const reused = await enter(user, b.id, 'enter-1');
    expect(reused.statusCode).toBe(422);
    expect(await pointsOf(t.app, user.id)).toBe(900);
  });

  it('admin: a raffle with entries keeps its cost and cannot be deleted; other edits work; entries in order', async () => {
    const raffle = await newRaffle({ pointsCost: 10 });
    const u1 = await makeUser(t.app, { points: 100 });
    const u2 = await makeUser(t.app, { points: 100 });
    await enter(u1, raffle.id);
    clock.advance(1000);
    await enter(u2, raffle.id);
    const body = raffleBody({ title: 'Renamed', pointsCost: 10, startDate: at(-HOUR), endDate: at(3 * HOUR) });
    const ok = await inject('PUT', `/api/admin/raffles/${raffle.id}`, admin.auth, body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().raffle).toMatchObject({ title: 'Renamed', entries: 2, draw: { seedHash: raffle.draw.seedHash } });
    const cost = await inject('PUT', `/api/admin/raffles/${raffle.id}`, admin.auth, { ...body, pointsCost: 20 });
    expect(cost.statusCode).toBe(409);
    expect(cost.json()).toMatchObject({ code: 'RAFFLE_HAS_ENTRIES' });
    const del = await inject('DELETE', `/api/admin/raffles/${raffle.id}`, admin.auth);
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ code: 'RAFFLE_HAS_ENTRIES' });
    const entries = await inject('GET', `/api/admin/raffles/${raffle.id}/entries`, admin.auth);
    expect(entries.statusCode).toBe(200);
    expect(entries.json().entries.map((e: { uid: string }) => e.uid)).toEqual([u1.uid, u2.uid]);
    expect(entries.json().entries[0]).toMatchObject({ username: u1.username, pointsSpent: 10 });

    const empty = await newRaffle();
    expect((await inject('PUT', `/api/admin/raffles/${empty.id}`, admin.auth, { ...raffleBody(), pointsCost: 99 })).json().raffle.entryCost).toBe('99 Points');
    const gone = await inject('DELETE', `/api/admin/raffles/${empty.id}`, admin.auth);
    expect(gone.statusCode).toBe(204);
    expect((await inject('GET', `/api/raffles/${empty.id}`)).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/admin/raffles/${empty.id}`, admin.auth)).statusCode).toBe(404);
  });

  it('admin raffle calls: 401, 403, and 400 for bad input', async () => {
    const user = await makeUser(t.app);
    const raffle = await newRaffle();
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown][] = [
      ['POST', '/api/admin/raffles', raffleBody()],
      ['PUT', `/api/admin/raffles/${raffle.id}`, raffleBody()],
      ['DELETE', `/api/admin/raffles/${raffle.id}`, undefined],
      ['GET', `/api/admin/raffles/${raffle.id}/entries`, undefined],
      ['POST', `/api/admin/raffles/${raffle.id}/draw`, undefined],
    ];
    for (const [method, url, body] of calls) {
      expect((await inject(method, url, {}, body)).statusCode, url).toBe(401);
      expect((await inject(method, url, user.auth, body)).statusCode, url).toBe(403);
    }
    const bad = [
      raffleBody({ title: '' }),
      raffleBody({ endDate: at(-2 * HOUR) }),
      raffleBody({ startDate: 'tomorrow' }),
      raffleBody({ pointsCost: -1 }),
      raffleBody({ pointsCost: 'ten' }),
      raffleBody({ winners: 0 }),
      raffleBody({ type: 'gold' }),
      raffleBody({ unknown: 1 }),
    ];
    for (const body of bad) {
      const res = await inject('POST', '/api/admin/raffles', admin.auth, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    }
    expect((await inject('PUT', '/api/admin/raffles/abc', admin.auth, raffleBody())).statusCode).toBe(400);
    expect((await inject('PUT', '/api/admin/raffles/00000000-0000-4000-8000-000000000000', admin.auth, raffleBody())).statusCode).toBe(404);
    expect((await inject('GET', '/api/admin/raffles/00000000-0000-4000-8000-000000000000/entries', admin.auth)).statusCode).toBe(404);
  });

  it('draws after the end (admin call and the scheduled job), once; points prizes through the ledger; the published data reproduces the winners', async () => {
    const raffle = await newRaffle({ pointsCost: 5, winners: 2, prizePoints: 1000, prize: '1,000 Points' });
    const entrants: TestUser[] = [];
    for (let i = 0; i < 5; i += 1) {
      const u = await makeUser(t.app, { points: 5 });
      entrants.push(u);
      expect((await enter(u, raffle.id)).statusCode).toBe(201);
      clock.advance(10);
    }
    const early = await inject('POST', `/api/admin/raffles/${raffle.id}/draw`, admin.auth);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'RAFFLE_NOT_ENDED' });
    await t.app.runJobs();
    expect((await inject('GET', `/api/raffles/${raffle.id}`)).json().raffle.status).toBe('Active');

    clock.advance(HOUR);
    const pending = (await inject('GET', `/api/raffles/${raffle.id}`)).json().raffle;
    expect(pending.status).toBe('Pending');
    expect((await enter(await makeUser(t.app, { points: 5 }), raffle.id)).json()).toMatchObject({ code: 'RAFFLE_CLOSED' });

    const drawn = await inject('POST', `/api/admin/raffles/${raffle.id}/draw`, admin.auth);
    expect(drawn.statusCode, drawn.body).toBe(200);
    const published = drawn.json().raffle;
    expect(published.status).toBe('Completed');
    expect(published.draw.entrantUids).toEqual(entrants.map((u) => u.uid));
    expect(sha256Hex(published.draw.seed)).toBe(raffle.draw.seedHash);
    expect(raffleSeedMatches(published.draw.seed, published.draw.seedHash)).toBe(true);
    const recomputed = drawRaffleWinners(published.draw.seed, published.draw.entrantUids, published.winners);
    expect(recomputed.entriesDigest).toBe(published.draw.entriesDigest);
    expect(recomputed.winnerUids).toEqual(published.draw.winnerUids);
    expect(published.winnerList).toHaveLength(2);
    expect(published.winnerList.map((w: { uid: string }) => w.uid)).toEqual(published.draw.winnerUids);
    // The public list masks winners' names (UIDs are public) unless they opted in; the winner sees their own.
    const winner = entrants.find((u) => u.uid === published.draw.winnerUids[0])!;
    expect(published.winnerList[0].username).toBe(winner.username);
    const publicList = (await inject('GET', `/api/raffles/${raffle.id}`)).json().raffle.winnerList;
    expect(publicList[0]).toMatchObject({ uid: winner.uid, username: maskUsername(winner.username) });
    expect((await inject('GET', `/api/raffles/${raffle.id}`, winner.auth)).json().raffle.winnerList[0].username).toBe(winner.username);
    await inject('PUT', '/api/leaderboard/visibility', winner.auth, { showUsername: true });
    expect((await inject('GET', `/api/raffles/${raffle.id}`)).json().raffle.winnerList[0].username).toBe(winner.username);
    for (const u of entrants) {
      const won = published.draw.winnerUids.includes(u.uid);
      expect(await pointsOf(t.app, u.id)).toBe(won ? 1000 : 0);
      expect((await ledgerSumOf(t.app, u.id)).sum).toBe(won ? 1000 : 0);
    }
    const twice = await inject('POST', `/api/admin/raffles/${raffle.id}/draw`, admin.auth);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'RAFFLE_ALREADY_DRAWN' });
    expect((await inject('PUT', `/api/admin/raffles/${raffle.id}`, admin.auth, raffleBody({ pointsCost: 5 }))).statusCode).toBe(409);

    // The job draws whatever has ended, once, even a raffle nobody entered.
    const lonely = await newRaffle({ startDate: at(-2 * HOUR), endDate: at(-1000) });
    const firstRun = await t.app.runJobs();
    expect(firstRun.drawn).toBeGreaterThanOrEqual(1);
    expect((await t.app.runJobs()).drawn).toBe(0);
    const done = (await inject('GET', `/api/raffles/${lonely.id}`)).json().raffle;
    expect(done).toMatchObject({ status: 'Completed', winnerList: [], draw: { entrantUids: [], winnerUids: [] } });
    const check = await inject('GET', '/api/admin/ledger/check', admin.auth);
    expect(check.json()).toMatchObject({ ok: true });
  });
});
