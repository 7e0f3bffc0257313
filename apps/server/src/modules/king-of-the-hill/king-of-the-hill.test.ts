import { maskUsername } from '@app/shared/api/races';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, casinoAccounts, kingOfTheHillClaims, kingOfTheHillPeriods, ledgerEntries, users, wagers } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { endDuePeriods } from './king-of-the-hill-service.ts';
import { ledgerSumOf, makeUser, pointsOf, useTestAppWithAdmin, type TestUser } from '../../test/factories.ts';

const DAY = 86_400_000;
const clock = new ManualClock('2026-06-01T12:00:00Z');

/** Verified wagers at Stake (an earning partner) of `dollars` on one day. */
async function giveVerifiedWagers(app: FastifyInstance, user: TestUser, dollars: number, state: 'verified' | 'pending' = 'verified'): Promise<void> {
  await app.db.insert(casinoAccounts).values({ userId: user.id, partner: 'p1', username: user.username, state });
  await app.db.insert(wagers).values({
    partner: 'p1',
    usernameKey: user.username.toLowerCase(),
    day: '2026-05-20',
    category: 'slots',
    username: user.username,
    cents: dollars * 100,
    source: 'csv',
  });
}

const win = (multiplier: number, extra: Record<string, unknown> = {}) => ({
  slot: 'Gates of Olympus',
  bet: 1,
  win: multiplier,
  betUrl: 'https://stake.com/casino/bets/123',
  ...extra,
});

describe(`King of the Hill (${process.env.TEST_DB})`, () => {
  const { t, admin } = useTestAppWithAdmin({}, { clock });
  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, user?: TestUser, payload?: object) =>
    t.app.inject({ method, url, headers: user?.auth, ...(payload === undefined ? {} : { payload }) });
  const claim = (user: TestUser | undefined, body: object) => inject('POST', '/api/king-of-the-hill/claims', user, body);
  const verify = (id: string) => inject('POST', `/api/admin/king-of-the-hill/claims/${id}/verify`, admin);

  async function vipUser(dollars = 1_000): Promise<TestUser> {
    const user = await makeUser(t.app);
    await giveVerifiedWagers(t.app, user, dollars);
    return user;
  }

  beforeEach(async () => {
    // Each test starts on a fresh hill: the previous periods end, a new one opens on the next read.
    await t.app.db.update(kingOfTheHillPeriods).set({ status: 'ended', endedAt: clock.now() }).where(eq(kingOfTheHillPeriods.status, 'active'));
    await t.app.db.update(kingOfTheHillClaims).set({ status: 'declined' }).where(eq(kingOfTheHillClaims.status, 'pending'));
  });

  it('needs a signed-in, verified member; the admin screen needs an admin', async () => {
    expect((await inject('GET', '/api/king-of-the-hill')).statusCode).toBe(401);
    expect((await claim(undefined, win(2))).statusCode).toBe(401);
    const unverified = await makeUser(t.app, { verified: false });
    expect((await inject('GET', '/api/king-of-the-hill', unverified)).statusCode).toBe(403);
    const member = await makeUser(t.app);
    expect((await inject('GET', '/api/admin/king-of-the-hill', member)).statusCode).toBe(403);
    expect((await inject('POST', `/api/admin/king-of-the-hill/claims/${member.id}/verify`, member)).statusCode).toBe(403);
  });

  it('limits claims per member: the 6th in 10 minutes is 429 with Retry-After, whatever the answers before; another member is not held back', async () => {
    const eager = await vipUser();
    const claims = [];
    for (let i = 0; i < 5; i += 1) claims.push(await claim(eager, win(2 + i)));
    expect(claims.map((c) => c.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const limited = await claim(eager, win(10));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.app.db.select().from(kingOfTheHillClaims).where(eq(kingOfTheHillClaims.userId, eager.id))).toHaveLength(5);
    const rookie = await makeUser(t.app);
    for (let i = 0; i < 5; i += 1) expect((await claim(rookie, win(2))).json().code).toBe('NOT_VIP');
    expect((await claim(rookie, win(2))).statusCode).toBe(429);
    expect((await claim(await vipUser(), win(3))).statusCode).toBe(201);
  });

  it('decides VIP on the server: a Rookie is refused 403 NOT_VIP with what VIP needs; pending wagers do not count; Bronze is accepted', async () => {
    const rookie = await makeUser(t.app);
    await giveVerifiedWagers(t.app, rookie, 999);
    const hill = (await inject('GET', '/api/king-of-the-hill', rookie)).json();
    expect(hill.vip).toEqual({ isVip: false, tier: 'Rookie', totalWagered: 999, requiredWager: 1000 });
    expect(hill.king).toBeNull();
    const refused = await claim(rookie, win(50));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'NOT_VIP', error: expect.stringContaining('$1,000') });

    const pending = await makeUser(t.app);
    await giveVerifiedWagers(t.app, pending, 5_000, 'pending');
    expect((await claim(pending, win(50))).json().code).toBe('NOT_VIP');

    const bronze = await vipUser(1_000);
    expect((await inject('GET', '/api/king-of-the-hill', bronze)).json().vip).toMatchObject({ isVip: true, tier: 'Bronze' });
    const accepted = await claim(bronze, win(50, { bet: 2, win: 100.5, screenshotUrl: 'https://i.example.com/a.png' }));
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toMatchObject({ status: 'pending', multiplier: 50.25, bet: 2, win: 100.5, screenshotUrl: 'https://i.example.com/a.png' });
    expect((await inject('GET', '/api/king-of-the-hill', bronze)).json().myClaims).toHaveLength(1);
  });

  it('refuses bad input with 400', async () => {
    const vip = await vipUser();
    for (const body of [
      {},
      win(2, { bet: 0 }),
      win(2, { betUrl: 'javascript:alert(1)' }),
      win(2, { bet: 1.001 }),
      win(2, { extra: 1 }),
      win(2, { slot: ' ' }),
    ]) {
      const res = await claim(vip, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('an admin cannot verify their own claim: 403 OWN_ACCOUNT_ACT, the claim stays pending, the attempt audited', async () => {
    await giveVerifiedWagers(t.app, admin, 1_000);
    const own = await claim(admin, win(120));
    expect(own.statusCode, own.body).toBe(201);
    const refused = await verify(own.json().id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('OWN_ACCOUNT_ACT');
    const [row] = await t.app.db.select().from(kingOfTheHillClaims).where(eq(kingOfTheHillClaims.id, own.json().id));
    expect(row?.status).toBe('pending');
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, own.json().id));
    expect(audits.map((r) => `${r.action}:${r.actorId}`)).toEqual([`koth_claim.verify_refused:${admin.id}`]);
  });

  it('the admin verifies: the claimant is king (masked unless opted in); a claim not beating the king is refused; both decisions audited', async () => {
    const first = await vipUser();
    const second = await vipUser(6_000);
    const a = (await claim(first, win(100))).json();
    const verified = await verify(a.id);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().claim).toMatchObject({ status: 'verified', user: { id: first.id, username: first.username } });

    let hill = (await inject('GET', '/api/king-of-the-hill', second)).json();
    expect(hill.king).toMatchObject({ username: maskUsername(first.username), multiplier: 100, slot: 'Gates of Olympus', until: null });

    // Not beating 100×: refused at the claim, and equal is not beating.
    const weak = await claim(second, win(100));
    expect(weak.statusCode).toBe(409);
    expect(weak.json()).toMatchObject({ code: 'KING_NOT_BEATEN', error: expect.stringContaining('100.00×') });

    // Opt-in shows the name.
    await t.app.db.update(users).set({ showOnLeaderboard: true }).where(eq(users.id, first.id));
    hill = (await inject('GET', '/api/king-of-the-hill', second)).json();
    expect(hill.king.username).toBe(first.username);

    // A claim decline, with the reason shown to the claimant.
    const b = (await claim(second, win(150))).json();
    const declined = await inject('POST', `/api/admin/king-of-the-hill/claims/${b.id}/decline`, admin, { reason: 'The bet link does not open' });
    expect(declined.statusCode).toBe(200);
    expect((await inject('GET', '/api/king-of-the-hill', second)).json().myClaims[0]).toMatchObject({
      status: 'declined',
      declineReason: 'The bet link does not open',
    });
    expect((await verify(b.id)).json().code).toBe('CLAIM_ALREADY_DECIDED');
    expect((await inject('POST', `/api/admin/king-of-the-hill/claims/${b.id}/decline`, admin, { reason: '' })).statusCode).toBe(400);

    // Two pending claims; verifying the bigger first makes the smaller not beat the king any more.
    const c = (await claim(second, win(200))).json();
    const d = (await claim(first, win(300))).json();
    clock.advance(3_600_000);
    expect((await verify(d.id)).statusCode).toBe(200);
    const stale = await verify(c.id);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('KING_NOT_BEATEN');

    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.targetType, 'koth_claim'));
    const actions = audits.filter((r) => [a.id, b.id, d.id].includes(r.targetId!)).map((r) => `${r.action}:${r.targetId}:${r.actorId}`);
    expect(actions.sort()).toEqual(
      [`koth_claim.verify:${a.id}:${admin.id}`, `koth_claim.decline:${b.id}:${admin.id}`, `koth_claim.verify:${d.id}:${admin.id}`].sort(),
    );

    // The first reign ended when d was verified, its length kept.
    const [reign] = await t.app.db.select().from(kingOfTheHillClaims).where(eq(kingOfTheHillClaims.id, a.id));
    expect(reign!.reignEndedAt).not.toBeNull();
    const adminView = (await inject('GET', '/api/admin/king-of-the-hill', admin)).json();
    expect(adminView.king).toMatchObject({ multiplier: 300 });
    expect(adminView.claims[0].status).toBe('pending');
  });

  it('a restricted member (Raffle ban, timeout) cannot claim', async () => {
    const banned = await vipUser();
    const res = await inject('POST', `/api/admin/users/${banned.id}/restrictions`, admin, { kind: 'ban_raffle', reason: 'abuse' });
    expect(res.statusCode).toBe(201);
    const refused = await claim(banned, win(500));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('RESTRICTED');
    const timedOut = await vipUser();
    await inject('POST', `/api/admin/users/${timedOut.id}/restrictions`, admin, { kind: 'timeout', days: 1, reason: 'cool down' });
    expect((await claim(timedOut, win(500))).json().code).toBe('RESTRICTED');
    // A Points Store ban does not block the hill.
    const storeBanned = await vipUser();
    await inject('POST', `/api/admin/users/${storeBanned.id}/restrictions`, admin, { kind: 'ban_points_store', reason: 'x' });
    expect((await claim(storeBanned, win(500))).statusCode).toBe(201);
  });

  it('the admin sets the period and prize (audited); the period ends once, the king wins the prize once, a new hill starts empty', async () => {
    const settings = await inject('PUT', '/api/admin/king-of-the-hill/settings', admin, { periodDays: 3, prizePoints: 2_500 });
    expect(settings.statusCode).toBe(200);
    const period = settings.json().period;
    expect(period.prizePoints).toBe(2_500);
    expect(new Date(period.endsAt).getTime() - new Date(period.startsAt).getTime()).toBe(3 * DAY);
    expect((await inject('PUT', '/api/admin/king-of-the-hill/settings', admin, { periodDays: 0, prizePoints: 1 })).statusCode).toBe(400);
    expect((await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'koth.settings'))).length).toBeGreaterThan(0);

    const king = await vipUser();
    const c = (await claim(king, win(1_000))).json();
    expect((await verify(c.id)).statusCode).toBe(200);
    const before = await pointsOf(t.app, king.id);

    // Not yet due: nothing ends.
    clock.advance(2 * DAY);
    expect((await t.app.runJobs()).hillPeriodsEnded).toBe(0);

    clock.advance(DAY + 1000);
    const [firstRun, secondRun] = await Promise.all([t.app.runJobs(), t.app.runJobs()]);
    expect((firstRun.hillPeriodsEnded ?? 0) + (secondRun.hillPeriodsEnded ?? 0)).toBeGreaterThanOrEqual(1);
    expect((await t.app.runJobs()).hillPeriodsEnded).toBe(0);

    expect(await pointsOf(t.app, king.id)).toBe(before + 2_500);
    const prizes = await t.app.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, king.id), eq(ledgerEntries.reason, 'koth_prize')));
    expect(prizes).toHaveLength(1);
    expect(prizes[0]).toMatchObject({ amount: 2_500, refType: 'koth_period', refId: period.id });
    expect((await ledgerSumOf(t.app, king.id)).sum).toBe(await pointsOf(t.app, king.id));

    const hill = (await inject('GET', '/api/king-of-the-hill', king)).json();
    expect(hill.king).toBeNull();
    expect(hill.period.id).not.toBe(period.id);
    expect(hill.myClaims).toEqual([]);
    const past = hill.history.find((h: { period: { id: string } }) => h.period.id === period.id);
    expect(past.winner).toEqual({ username: maskUsername(king.username), prizePoints: 2_500 });
    expect(past.kings).toHaveLength(1);
    expect(past.kings[0].until).toBe(period.endsAt);
    expect(past.kings[0].heldMs).toBe(new Date(period.endsAt).getTime() - new Date(past.kings[0].since).getTime());
  });
});

describe(`King of the Hill under concurrency (${process.env.TEST_DB})`, () => {
  const raceClock = new ManualClock('2026-07-01T12:00:00Z');
  const { t, admin } = useTestAppWithAdmin({}, { clock: raceClock });

  async function vipClaim(multiplier: number): Promise<{ id: string; user: TestUser }> {
    const user = await makeUser(t.app);
    await giveVerifiedWagers(t.app, user, 2_000);
    const res = await t.app.inject({ method: 'POST', url: '/api/king-of-the-hill/claims', headers: user.auth, payload: win(multiplier) });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().id, user };
  }
  const verify = (id: string) => t.app.inject({ method: 'POST', url: `/api/admin/king-of-the-hill/claims/${id}/verify`, headers: admin.auth });

  it('a claim verified twice at once is verified once; two claims verified at once leave one king, the bigger', async () => {
    const a = await vipClaim(200);
    const twice = await Promise.all([verify(a.id), verify(a.id)]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, a.id))).length).toBe(1);

    const b = await vipClaim(300);
    const c = await vipClaim(400);
    await Promise.all([verify(b.id), verify(c.id)]);
    const reigning = await t.app.db
      .select()
      .from(kingOfTheHillClaims)
      .where(and(eq(kingOfTheHillClaims.status, 'verified'), isNull(kingOfTheHillClaims.reignEndedAt)));
    expect(reigning).toHaveLength(1);
    expect(reigning[0]!.id).toBe(c.id);
  });

  it('two servers ending the same period at once credit the prize once', async () => {
    const [period] = await t.app.db.select().from(kingOfTheHillPeriods).where(eq(kingOfTheHillPeriods.status, 'active'));
    const [king] = await t.app.db
      .select()
      .from(kingOfTheHillClaims)
      .where(and(eq(kingOfTheHillClaims.periodId, period!.id), eq(kingOfTheHillClaims.status, 'verified'), isNull(kingOfTheHillClaims.reignEndedAt)));
    const before = await pointsOf(t.app, king!.userId);
    raceClock.set(period!.endsAt.getTime() + 1);
    // The service itself, twice at once (runJobs would join the one run of this process).
    const ended = await Promise.all([endDuePeriods(t.app.db, raceClock.now()), endDuePeriods(t.app.db, raceClock.now())]);
    expect(ended[0] + ended[1]).toBe(1);
    expect(await pointsOf(t.app, king!.userId)).toBe(before + period!.prizePoints);
    const active = await t.app.db.select().from(kingOfTheHillPeriods).where(eq(kingOfTheHillPeriods.status, 'active'));
    expect(active).toHaveLength(1);
    expect(active[0]!.id).not.toBe(period!.id);
  });
});
