import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { maskUsername } from '@app/shared/api/races';
import { auditLog, leaderboards, raceResults, raceStandings, raceStandingsState } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { testDbKind } from '../../test/test-app.ts';
import { makeUser, type TestUser, useTestAppWithAdmin } from '../../test/factories.ts';
import { completeDueRaces } from './races-service.ts';

describe(`race standings from verified wagers (${process.env.TEST_DB})`, () => {
  const clock = new ManualClock('2026-11-23T12:00:00.000Z');
  // Verified Stake players: a, b, c; d is pending at Stake; e is verified at Roobet only.
  const players: Record<string, { user: TestUser; casino: string }> = {};
  const { t, admin } = useTestAppWithAdmin({}, { clock });
  beforeAll(async () => {
    for (const key of ['a', 'b', 'c', 'd', 'e']) {
      const user = await makeUser(t.app, { prefix: `race${key}` });
      const casino = `${key}_${Math.random().toString(36).slice(2, 8)}`;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/casino-accounts',
        headers: user.auth,
        payload: { platform: key === 'e' ? 'Roobet' : 'Stake', username: casino },
      });
      expect(res.statusCode, res.body).toBe(201);
      if (key !== 'd') {
        const id = res.json().account.id as string;
        expect((await t.app.inject({ method: 'POST', url: `/api/admin/users/${user.id}/casino-accounts/${id}/verify`, headers: admin.auth })).statusCode).toBe(
          200,
        );
      }
      players[key] = { user, casino };
    }
    const c = (k: string) => players[k]!.casino;
    const stake = [
      'username,date,category,wagered',
      `${c('a')},2026-11-02,slots,3000`,
      `${c('a')},2026-11-03,blackjack,100`,
      `${c('b')},2026-11-05,blackjack,2500.50`,
      `${c('b')},2026-11-06,slots,1000`,
      `${c('c')},2026-11-10,roulette,999.99`,
      `${c('c')},2026-11-10,table,50`,
      // Before the window: not counted.
      `${c('c')},2026-10-31,slots,100000`,
      `${c('d')},2026-11-04,slots,90000`,
    ].join('\n');
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/admin/wagers/import?partner=p1',
      headers: { ...admin.auth, 'content-type': 'text/csv' },
      payload: stake,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const roobet = `username,date,category,wagered\n${c('e')},2026-11-04,slots,80000`;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/wagers/import?partner=p2',
          headers: { ...admin.auth, 'content-type': 'text/csv' },
          payload: roobet,
        })
      ).statusCode,
    ).toBe(200);
  });

  async function race(fields: Record<string, unknown>) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/leaderboards',
      headers: admin.auth,
      payload: {
        name: '',
        metric: 'Total Wager',
        partnerId: 'p1',
        prizes: [
          { position: '1', amount: 500 },
          { position: '2nd', amount: 300 },
          { position: '3', amount: 200 },
        ],
        prizePool: 1000,
        isGlobalRaffle: true,
        wagerToTicketRatio: 1000,
        isActive: true,
        startDate: '2026-11-01T00:00:00.000Z',
        endDate: '2026-12-01T00:00:00.000Z',
        ...fields,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; name: string };
  }
  const standingsOf = async (id: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/leaderboards/${id}/standings`, headers: admin.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      kind: string;
      participants: number;
      standings: {
        id: string;
        username: string;
        wagered: number;
        tickets: number;
        prize: number;
        position: number;
        gapToAbove: number | null;
        paidAt: string | null;
      }[];
    };
  };
  const name = (k: string) => players[k]!.user.username;

  it('says there is no race when no monthly race is active', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/leaderboard' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ race: null, participants: 0, standings: [], updatedAt: '2026-11-23T12:00:00.000Z', delayed: false, dataAsOf: null });
  });

  it('orders by each metric, counts participants in the window, and gives tickets by the ratio', async () => {
    const total = await race({ wagerToTicketRatio: 1000 });
    const s = await standingsOf(total.id);
    expect(s.kind).toBe('live');
    expect(s.participants).toBe(3);
    expect(s.standings.map((x) => [x.username, x.wagered, x.tickets, x.prize, x.gapToAbove])).toEqual([
      [name('b'), 3500.5, 3, 500, null],
      [name('a'), 3100, 3, 300, 400.5],
      [name('c'), 1049.99, 1, 200, 2050.01],
    ]);
    expect(s.standings[0]!.id).toBe(players.b!.user.id);

    const slots = await standingsOf((await race({ metric: 'Slot Wager', wagerToTicketRatio: 500 })).id);
    expect(slots.standings.map((x) => [x.username, x.wagered, x.tickets])).toEqual([
      [name('a'), 3000, 6],
      [name('b'), 1000, 2],
    ]);
    const blackjack = await standingsOf((await race({ metric: 'Blackjack Wager', isGlobalRaffle: false })).id);
    expect(blackjack.standings.map((x) => [x.username, x.wagered, x.tickets])).toEqual([
      [name('b'), 2500.5, 0],
      [name('a'), 100, 0],
    ]);
    const roulette = await standingsOf((await race({ metric: 'Roulette Wager' })).id);
    expect(roulette.standings.map((x) => [x.username, x.wagered])).toEqual([[name('c'), 999.99]]);
    const table = await standingsOf((await race({ metric: 'Table Wager' })).id);
    expect(table.standings.map((x) => [x.username, x.wagered])).toEqual([[name('c'), 50]]);
    // The Roobet player races at Roobet only.
    const atRoobet = await standingsOf((await race({ partnerId: 'p2' })).id);
    expect(atRoobet.standings.map((x) => [x.username, x.wagered, x.tickets])).toEqual([[name('e'), 80000, 80]]);
    // A window that ends on Nov 5 at noon counts Nov 5, not Nov 6.
    const early = await standingsOf((await race({ endDate: '2026-11-05T12:00:00.000Z', status: 'Upcoming', isActive: false })).id);
    expect(early.standings.map((x) => [x.username, x.wagered])).toEqual([
      [name('a'), 3100],
      [name('b'), 2500.5],
    ]);
  });

  it('shows the featured monthly race publicly, masked unless the player opts in', async () => {
    const featured = await race({ prizePool: 50_000, name: 'Featured Stake Monthly' });
    // A bigger weekly race is not the monthly board.
    await race({ prizePool: 90_000, startDate: '2026-11-20T00:00:00.000Z', endDate: '2026-11-26T00:00:00.000Z' });
    const visible = await t.app.inject({ method: 'PUT', url: '/api/leaderboard/visibility', headers: players.a!.user.auth, payload: { showUsername: true } });
    expect(visible.statusCode, visible.body).toBe(200);
    expect(visible.json()).toEqual({ showUsername: true });
    const res = await t.app.inject({ method: 'GET', url: '/api/leaderboard' });
    expect(res.statusCode).toBe(200);
    const board = res.json();
    expect(board.race).toMatchObject({
      id: featured.id,
      name: 'Featured Stake Monthly',
      endDate: '2026-12-01T00:00:00.000Z',
      wagerToTicketRatio: 1000,
      prizePool: 50_000,
    });
    expect(board.participants).toBe(3);
    expect(board.standings.map((x: { username: string; wagered: number }) => [x.username, x.wagered])).toEqual([
      [maskUsername(name('b')), 3500.5],
      [name('a'), 3100],
      [maskUsername(name('c')), 1049.99],
    ]);
    expect(JSON.stringify(board)).not.toContain(players.b!.user.id);
    expect(maskUsername(name('b'))).not.toBe(name('b'));
    const mine = await t.app.inject({ method: 'GET', url: '/api/leaderboard/visibility', headers: players.b!.user.auth });
    expect(mine.json()).toEqual({ showUsername: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/leaderboard/visibility' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/leaderboard/visibility', headers: players.b!.user.auth, payload: { showUsername: 'yes' } })).statusCode,
    ).toBe(400);
  });

  it('completes a race once at its end, keeps its final standings and prizes, and audits it', async () => {
    const ended = await race({ endDate: '2026-11-20T00:00:00.000Z', name: 'Ended Race' });
    const runs = testDbKind() === 'postgres' ? 6 : 2;
    const due = (await t.app.db.select().from(leaderboards)).filter((r) => ['Active', 'Upcoming'].includes(r.status) && r.endDate! <= clock.now()).length;
    expect(due).toBe(2); // this one, and the early one above (Upcoming, ended Nov 5)
    // Several servers' schedulers at once (PostgreSQL), or repeated runs (PGlite, one connection).
    const results = await Promise.all(Array.from({ length: runs }, () => completeDueRaces(t.app.db, clock.now())));
    expect(results.reduce((a, b) => a + b, 0)).toBe(due);
    const [row] = await t.app.db.select().from(leaderboards).where(eq(leaderboards.id, ended.id));
    expect(row).toMatchObject({ status: 'Completed', participants: 3 });
    const kept = await t.app.db.select().from(raceResults).where(eq(raceResults.leaderboardId, ended.id));
    expect(kept.map((k) => [k.position, k.username, k.wageredCents, k.prize]).sort()).toEqual([
      [1, name('b'), 350_050, 500],
      [2, name('a'), 310_000, 300],
      [3, name('c'), 104_999, 200],
    ]);
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, ended.id));
    expect(audits.filter((a) => a.action === 'leaderboard.complete')).toHaveLength(1);
    expect((audits.find((a) => a.action === 'leaderboard.complete')!.changes as { summary: string }).summary).toBe(
      'Ended Race completed: 3 participants, $1,000 in prizes to pay at Stake',
    );
    // Wagers that arrive later do not change the final standings.
    const late = `username,date,category,wagered\n${players.c!.casino},2026-11-15,slots,50000`;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/wagers/import?partner=p1',
          headers: { ...admin.auth, 'content-type': 'text/csv' },
          payload: late,
        })
      ).statusCode,
    ).toBe(200);
    const final = await standingsOf(ended.id);
    expect(final.kind).toBe('final');
    expect(final.standings.map((x) => x.username)).toEqual([name('b'), name('a'), name('c')]);
    expect(await completeDueRaces(t.app.db, clock.now())).toBe(0);
  });

  it('the scheduler completes a race when the clock passes its end', async () => {
    const soon = await race({ endDate: '2026-11-24T00:00:00.000Z', name: 'Ends Tomorrow' });
    expect((await t.app.runJobs()).racesCompleted).toBe(0);
    clock.set('2026-11-24T00:00:01.000Z');
    expect((await t.app.runJobs()).racesCompleted).toBe(1);
    const [row] = await t.app.db.select().from(leaderboards).where(eq(leaderboards.id, soon.id));
    expect(row!.status).toBe('Completed');
    expect((await t.app.runJobs()).racesCompleted).toBe(0);
    clock.set('2026-11-23T12:00:00.000Z');
  });

  it("marks a completed race's prize paid once per position, audited; 401/403/400/404/409", async () => {
    const running = await race({ name: 'Still Running' });
    const ended = await race({ endDate: '2026-11-21T00:00:00.000Z', name: 'Paid Race' });
    const paid = (id: string, position: string | number, headers: Record<string, string> = admin.auth) =>
      t.app.inject({ method: 'POST', url: `/api/admin/leaderboards/${id}/prizes/${position}/paid`, headers });
    // Not completed yet: 409, nothing written.
    const early = await paid(ended.id, 1);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json()).toMatchObject({ ok: false, code: 'RACE_NOT_COMPLETED' });
    expect((await paid(running.id, 1)).statusCode).toBe(409);
    expect(await completeDueRaces(t.app.db, clock.now())).toBe(1);
    // Guards and bad input.
    expect((await paid(ended.id, 1, {})).statusCode).toBe(401);
    expect((await paid(ended.id, 1, players.a!.user.auth)).statusCode).toBe(403);
    for (const position of ['0', '-1', '1.5', 'first', '1001']) expect((await paid(ended.id, position)).statusCode, position).toBe(400);
    expect((await paid('not-a-uuid', 1)).statusCode).toBe(400);
    expect((await paid('00000000-0000-4000-8000-000000000000', 1)).statusCode).toBe(404);
    // Position 4 is past the prize table (and there are 3 participants): 404.
    expect((await paid(ended.id, 4)).statusCode).toBe(404);
    expect(await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'leaderboard.prize_paid'))).toEqual([]);

    clock.advance(60_000);
    const first = await paid(ended.id, 2);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      // c's late Nov 15 import (earlier test) is inside this race's window: c, b, a.
      standing: {
        position: 2,
        id: players.b!.user.id,
        username: name('b'),
        wagered: 3500.5,
        tickets: 3,
        prize: 300,
        gapToAbove: 47_549.49,
        paidAt: clock.now().toISOString(),
      },
    });
    const again = await paid(ended.id, 2);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_PAID', error: `This prize was already marked paid (${clock.now().toISOString()}).` });
    const [row] = await t.app.db
      .select()
      .from(raceResults)
      .where(eq(raceResults.leaderboardId, ended.id))
      .then((rows) => rows.filter((r) => r.position === 2));
    expect(row).toMatchObject({ paidAt: clock.now(), paidBy: admin.id });
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'leaderboard.prize_paid'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: admin.id, targetType: 'leaderboard', targetId: ended.id });
    expect((audits[0]!.changes as { summary: string }).summary).toBe(`Paid Race: prize #2 ($300) to ${name('b')} marked paid`);
    // The admin standings say which prizes are paid.
    const final = await standingsOf(ended.id);
    expect(final.standings.map((x) => [x.position, x.paidAt])).toEqual([
      [1, null],
      [2, clock.now().toISOString()],
      [3, null],
    ]);
    // Several admins at once (PostgreSQL: concurrent transactions; PGlite: one connection) pay position 1 once.
    const together = await Promise.all(Array.from({ length: 6 }, () => paid(ended.id, 1)));
    expect(together.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'leaderboard.prize_paid'))).toHaveLength(2);
    clock.set('2026-11-23T12:00:00.000Z');
  });

  it('standings: 401, 403, 400 and 404', async () => {
    const some = await race({});
    const url = `/api/admin/leaderboards/${some.id}/standings`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: players.a!.user.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/leaderboards/nope/standings', headers: admin.auth })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/leaderboards/00000000-0000-4000-8000-000000000000/standings', headers: admin.auth })).statusCode,
    ).toBe(404);
  });

  it("the wager summary: XP, this week's and month's verified wagers, and the place in the featured race", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/wagers/summary', headers: players.a!.user.auth });
    expect(res.statusCode, res.body).toBe(200);
    // c's late Nov 15 import (50,000) puts c first: b 3,500.50, then a 3,100.
    expect(res.json()).toEqual({
      xp: 3100,
      hasVerifiedAccount: true,
      totalWagered: 3100,
      weeklyWagered: 0,
      monthlyWagered: 3100,
      race: { id: expect.any(String), name: 'Featured Stake Monthly', position: 3, wagered: 3100, tickets: 3 },
    });
    const pending = (await t.app.inject({ method: 'GET', url: '/api/wagers/summary', headers: players.d!.user.auth })).json();
    expect(pending).toMatchObject({ xp: 0, hasVerifiedAccount: false, monthlyWagered: 0, race: { position: null, tickets: 0 } });
    expect((await t.app.inject({ method: 'GET', url: '/api/wagers/summary' })).statusCode).toBe(401);
  });

  it("keeps running races' standings: a wager write refreshes them, and the job refreshes a race edited since", async () => {
    const board = (await t.app.inject({ method: 'GET', url: '/api/leaderboard' })).json();
    const id = board.race.id as string;
    const [state] = await t.app.db.select().from(raceStandingsState).where(eq(raceStandingsState.leaderboardId, id));
    expect(state?.participants).toBe(3);
    const kept = await t.app.db.select().from(raceStandings).where(eq(raceStandings.leaderboardId, id));
    expect(kept.sort((a, b) => a.position - b.position).map((k) => [k.userId, k.cents])).toEqual([
      [players.c!.user.id, 5_104_999],
      [players.b!.user.id, 350_050],
      [players.a!.user.id, 310_000],
    ]);
    // An admin edit (Slot Wager now) makes them stale: reads compute live until the job refreshes.
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/leaderboards/${id}`,
      headers: admin.auth,
      payload: {
        name: 'Featured Stake Monthly',
        metric: 'Slot Wager',
        partnerId: 'p1',
        prizes: board.race.prizes,
        prizePool: 50_000,
        isGlobalRaffle: true,
        wagerToTicketRatio: 1000,
        isActive: true,
        startDate: board.race.startDate,
        endDate: board.race.endDate,
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const live = (await t.app.inject({ method: 'GET', url: '/api/leaderboard' })).json();
    expect(live.standings.map((x: { wagered: number }) => x.wagered)).toEqual([50_000, 3000, 1000]);
    await t.app.runJobs();
    const refreshed = await t.app.db.select().from(raceStandings).where(eq(raceStandings.leaderboardId, id));
    expect(refreshed.sort((a, b) => a.position - b.position).map((k) => k.cents)).toEqual([5_000_000, 300_000, 100_000]);
    const again = (await t.app.inject({ method: 'GET', url: '/api/leaderboard' })).json();
    expect(again.standings).toEqual(live.standings);
  });
});
