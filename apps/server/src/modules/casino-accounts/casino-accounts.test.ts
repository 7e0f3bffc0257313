import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NOT_EARNING_WARNING, PARTNERS } from '@app/shared/api/casino-accounts';
import { auditLog, casinoAccounts, levelUps, users } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { testDbKind } from '../../test/test-app.ts';
import { ledgerSumOf, makeUser, pointsOf, type TestUser, useTestAppWithAdmin } from '../../test/factories.ts';
import { storeWagers, type WagerInput } from '../wagers/wagers-service.ts';

/** The partner that can be linked but does not earn (the shared list's `earns` flag). */
const notEarning = PARTNERS.find((p) => !p.earns)!;

describe(`casino accounts (${process.env.TEST_DB})`, () => {
  const clock = new ManualClock('2026-11-23T12:00:00.000Z');
  const { t, admin } = useTestAppWithAdmin({}, { clock });

  const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const link = (user: TestUser | null, platform: unknown, username: unknown) =>
    inject('POST', '/api/casino-accounts', user ? user.auth : {}, { platform, username });
  const decide = (by: TestUser | null, userId: string, accountId: string, decision: string) =>
    inject('POST', `/api/admin/users/${userId}/casino-accounts/${accountId}/${decision}`, by ? by.auth : {});
  const uniqueName = (prefix: string) => `${prefix}_${Math.random().toString(36).slice(2, 8)}`;
  async function put(rows: WagerInput[]) {
    return t.app.db.transaction((tx) => storeWagers(tx, rows, 'test', clock.now()));
  }
  async function linked(user: TestUser, platform: string, username: string) {
    const res = await link(user, platform, username);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().account as { id: string; state: string };
  }

  it('links a username as pending, lists it without wagers, and refuses a second one at the same platform', async () => {
    const user = await makeUser(t.app);
    const name = uniqueName('Pend');
    const res = await link(user, 'Stake', `  ${name}  `);
    expect(res.statusCode, res.body).toBe(201);
    const { account } = res.json();
    expect(account).toMatchObject({
      partnerId: 'p1',
      platform: 'Stake',
      username: name,
      state: 'pending',
      connected: false,
      earns: true,
      warning: null,
      totalWager: 0,
      createdAt: '2026-11-23T12:00:00.000Z',
    });
    // The pending username's play is not shown to the claimant.
    await put([{ partner: 'p1', username: name, day: '2026-11-20', category: 'slots', cents: 500_00 }]);
    const list = await inject('GET', '/api/casino-accounts', user.auth);
    expect(list.statusCode).toBe(200);
    expect(list.json().accounts).toEqual([{ ...account, totalWager: 0 }]);
    const again = await link(user, 'stake', 'another_name');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ ok: false, code: 'CASINO_ACCOUNT_EXISTS' });
    expect(await pointsOf(t.app, user.id)).toBe(0);
  });

  it('400 for a missing or unknown platform, a blank or long username, or unknown fields; 401 and 403 for visitors and unverified users', async () => {
    const user = await makeUser(t.app);
    const missing = await link(user, 'Stake', '   ');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR', error: expect.stringContaining('Please enter both platform and username') });
    expect((await link(user, '', 'someone')).statusCode).toBe(400);
    expect((await link(user, 'NotACasino', 'someone')).statusCode).toBe(400);
    expect((await link(user, 'Stake', 'x'.repeat(51))).statusCode).toBe(400);
    expect((await link(user, 42, 'someone')).statusCode).toBe(400);
    const extra = await inject('POST', '/api/casino-accounts', user.auth, { platform: 'Stake', username: 'a', admin: true });
    expect(extra.statusCode).toBe(400);
    expect((await link(null, 'Stake', 'someone')).statusCode).toBe(401);
    expect((await inject('GET', '/api/casino-accounts')).statusCode).toBe(401);
    const unverified = await makeUser(t.app, { verified: false });
    const forbidden = await link(unverified, 'Stake', 'someone');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    const rows = await t.app.db.select().from(casinoAccounts).where(eq(casinoAccounts.userId, user.id));
    expect(rows).toEqual([]);
  });

  it('verifying credits floor(dollars) of the stored wagers once, sets XP and level, and writes a level_up item', async () => {
    const user = await makeUser(t.app, { points: 10 });
    const name = uniqueName('High');
    await put([
      { partner: 'p1', username: name.toUpperCase(), day: '2026-11-02', category: 'slots', cents: 123_45 },
      { partner: 'p1', username: name, day: '2026-10-30', category: 'blackjack', cents: 50_50 },
      // Another partner's wagers of the same name are not this account's.
      { partner: 'p2', username: name, day: '2026-11-02', category: 'slots', cents: 999_00 },
    ]);
    const account = await linked(user, 'Stake', name);
    const res = await decide(admin, user.id, account.id, 'verify');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      points: 10 + 173,
      account: {
        id: account.id,
        state: 'verified',
        affiliate: true,
        totalWagered: 173.95,
        monthlyWager: 123.45,
        prevMonthWager: 50.5,
        decidedAt: '2026-11-23T12:00:00.000Z',
      },
    });
    expect(await pointsOf(t.app, user.id)).toBe(183);
    expect(await ledgerSumOf(t.app, user.id)).toEqual({ sum: 183, rows: 2 });
    // Deciding again credits nothing more.
    expect((await decide(admin, user.id, account.id, 'verify')).statusCode).toBe(200);
    expect(await pointsOf(t.app, user.id)).toBe(183);
    // Both decisions are audited against the user, with the admin as actor.
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, user.id)));
    expect(audits.map((a) => [a.action, a.actorId, (a.changes as { pointsCredited: number }).pointsCredited])).toEqual([
      ['casino_account.verify', admin.id, 173],
      ['casino_account.verify', admin.id, 0],
    ]);
    expect((audits[0]!.changes as { summary: string }).summary).toBe(`Stake username ${name} verified (173 points credited)`);
    const activity = await inject('GET', '/api/admin/activity?type=user', admin.auth);
    expect(activity.statusCode, activity.body).toBe(200);
    expect(activity.json().items.some((i: { title: string; targetId: string }) => i.title === 'Casino account verified' && i.targetId === user.id)).toBe(true);

    const profile = (await inject('GET', '/api/profile', user.auth)).json().profile;
    expect(profile).toMatchObject({ points: 183, level: 1, levelName: 'Bronze 1' });
    expect(profile.casinoAccounts).toEqual([
      expect.objectContaining({
        platform: 'Stake',
        username: name,
        state: 'verified',
        connected: true,
        totalWager: 173.95,
        monthlyWager: 123.45,
        prevMonthlyWager: 50.5,
      }),
    ]);
    // First wager on Oct 30: two calendar months; 25 days → 4 weeks.
    expect(profile.casinoAccounts[0].avgMonthlyWager).toBeCloseTo(86.98, 2);
    expect(profile.casinoAccounts[0].avgWeeklyWager).toBeCloseTo(43.49, 2);
    expect(profile.historyData).toEqual([
      { id: expect.any(String), type: 'level_up', title: 'Reached Bronze 1', details: 'Level 1', date: '2026-11-23T12:00:00.000Z', amount: 0, level: 1 },
      {
        id: expect.any(String),
        type: 'points_earned',
        title: 'Points from wagering',
        details: `$173 wagered at Stake (${name})`,
        date: '2026-11-23T12:00:00.000Z',
        amount: 173,
        level: 0,
      },
      { id: expect.any(String), type: 'bonus_credit', title: 'Points granted', details: 'test', date: '2026-11-23T12:00:00.000Z', amount: 10, level: 0 },
    ]);
    const [xpRow] = await t.app.db.select({ xp: users.xp }).from(users).where(eq(users.id, user.id));
    expect(xpRow!.xp).toBe(173);
  });

  it('one verified owner per username: a second claim is a 409, and verifying a competing pending claim is a 409', async () => {
    const first = await makeUser(t.app);
    const second = await makeUser(t.app);
    const name = uniqueName('Owner');
    const a = await linked(first, 'Roobet', name);
    const b = await linked(second, 'Roobet', name.toUpperCase());
    expect((await decide(admin, first.id, a.id, 'verify')).statusCode).toBe(200);
    const claim = await link(await makeUser(t.app), 'Roobet', name.toLowerCase());
    expect(claim.statusCode).toBe(409);
    expect(claim.json()).toMatchObject({ ok: false, code: 'CASINO_USERNAME_TAKEN' });
    const competing = await decide(admin, second.id, b.id, 'verify');
    expect(competing.statusCode).toBe(409);
    expect(competing.json()).toMatchObject({ code: 'CASINO_USERNAME_TAKEN' });
    const [row] = await t.app.db.select().from(casinoAccounts).where(eq(casinoAccounts.id, b.id));
    expect(row!.state).toBe('pending');
    // A refused decision leaves no audit row.
    expect(await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, second.id))).toEqual([]);
    // The same name at another partner is someone else's account.
    expect((await link(second, 'Rollbit', name)).statusCode).toBe(201);
  });

  it('rejecting takes the wagers out of XP and future credits; the points credited stay in the ledger', async () => {
    const user = await makeUser(t.app);
    const name = uniqueName('Rej');
    await put([{ partner: 'p4', username: name, day: '2026-11-01', category: 'roulette', cents: 250_00 }]);
    const account = await linked(user, 'Rollbit', name);
    expect((await decide(admin, user.id, account.id, 'verify')).json().points).toBe(250);
    const rejected = await decide(admin, user.id, account.id, 'reject');
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().account.state).toBe('rejected');
    const [row] = await t.app.db.select({ xp: users.xp }).from(users).where(eq(users.id, user.id));
    expect(row!.xp).toBe(0);
    await put([{ partner: 'p4', username: name, day: '2026-11-02', category: 'roulette', cents: 900_00 }]);
    expect(await pointsOf(t.app, user.id)).toBe(250);
    const mine = (await inject('GET', '/api/casino-accounts', user.auth)).json().accounts;
    expect(mine[0]).toMatchObject({ state: 'rejected', connected: false, totalWager: 0 });
  });

  it('keeps links at a partner that does not earn, with the warning, and they never earn, even verified', async () => {
    const user = await makeUser(t.app);
    const name = uniqueName('Duel');
    const account = await linked(user, notEarning.name, name);
    expect(account).toMatchObject({ partnerId: notEarning.id, platform: notEarning.name, earns: false, warning: NOT_EARNING_WARNING });
    await put([{ partner: notEarning.id, username: name, day: '2026-11-01', category: 'slots', cents: 5000_00 }]);
    const res = await decide(admin, user.id, account.id, 'verify');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ points: 0, account: { affiliate: false } });
    const [row] = await t.app.db.select({ xp: users.xp }).from(users).where(eq(users.id, user.id));
    expect(row!.xp).toBe(0);
  });

  it('admin calls: 401, 403, 400 for malformed ids or decisions, 404 for an unknown user or an account of another user', async () => {
    const user = await makeUser(t.app);
    const other = await makeUser(t.app);
    const account = await linked(user, 'Stake', uniqueName('Adm'));
    expect((await decide(null, user.id, account.id, 'verify')).statusCode).toBe(401);
    const forbidden = await decide(user, user.id, account.id, 'verify');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect((await decide(admin, 'nope', account.id, 'verify')).statusCode).toBe(400);
    expect((await decide(admin, user.id, 'nope', 'verify')).statusCode).toBe(400);
    expect((await decide(admin, user.id, account.id, 'approve')).statusCode).toBe(400);
    expect((await decide(admin, other.id, account.id, 'verify')).statusCode).toBe(404);
    expect((await inject('GET', `/api/admin/users/${user.id}/casino-accounts`)).statusCode).toBe(401);
    expect((await inject('GET', `/api/admin/users/${user.id}/casino-accounts`, user.auth)).statusCode).toBe(403);
    expect((await inject('GET', '/api/admin/users/00000000-0000-4000-8000-000000000000/casino-accounts', admin.auth)).statusCode).toBe(404);
    const list = await inject('GET', `/api/admin/users/${user.id}/casino-accounts`, admin.auth);
    expect(list.statusCode).toBe(200);
    expect(list.json().accounts).toEqual([expect.objectContaining({ id: account.id, state: 'pending', totalWagered: 0, weeklyWager: 0, prevWeekWager: 0 })]);
    const [row] = await t.app.db.select().from(casinoAccounts).where(eq(casinoAccounts.id, account.id));
    expect(row!.state).toBe('pending');
  });

  it("profile completion's partner usernames become pending links for partner platforms", async () => {
    const user = await makeUser(t.app);
    const name = uniqueName('Comp');
    const res = await inject('PATCH' as 'POST', '/api/profile/complete', user.auth, {
      partners: [
        { partner: 'Partner A', username: 'not_a_platform' },
        { partner: 'Gamdom', username: name },
        { partner: 'gamdom', username: 'second_entry_ignored' },
      ],
      crypto: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.app.db.select().from(casinoAccounts).where(eq(casinoAccounts.userId, user.id));
    expect(rows.map((r) => [r.partner, r.username, r.state])).toEqual([['p5', name, 'pending']]);
    expect(res.json().profile.casinoAccounts).toEqual([expect.objectContaining({ platform: 'Gamdom', username: name, state: 'pending' })]);
  });

  it.runIf(testDbKind() === 'postgres')('two admins verifying the same username for two users at once: exactly one wins', async () => {
    const name = uniqueName('Race');
    await put([{ partner: 'p3', username: name, day: '2026-11-01', category: 'slots', cents: 400_00 }]);
    const claimants = await Promise.all(Array.from({ length: 6 }, () => makeUser(t.app)));
    const accounts = await Promise.all(claimants.map((c) => linked(c, 'BC.Game', name)));
    const results = await Promise.all(accounts.map((a, i) => decide(admin, claimants[i]!.id, a.id, 'verify')));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    const verified = await t.app.db
      .select()
      .from(casinoAccounts)
      .where(and(eq(casinoAccounts.partner, 'p3'), eq(casinoAccounts.state, 'verified')));
    expect(verified.filter((v) => v.username === name)).toHaveLength(1);
    const points = await Promise.all(claimants.map((c) => pointsOf(t.app, c.id)));
    expect(points.sort((a, b) => a - b)).toEqual([0, 0, 0, 0, 0, 400]);
    const ups = await t.app.db
      .select()
      .from(levelUps)
      .where(eq(levelUps.userId, verified.find((v) => v.username === name)!.userId));
    expect(ups.map((u) => u.levelName)).toEqual(['Bronze 2']);
  });
});
