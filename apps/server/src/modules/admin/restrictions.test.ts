import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, refreshTokens, userRestrictions } from '../../db/schema.ts';
import { ManualClock } from '../../platform/clock.ts';
import { GOOD_PASSWORD, ORIGIN, refresh, registerUser } from '../auth/auth-test-helpers.ts';
import { makeUser, pointsOf, type TestUser, useTestAppWithAdmin } from '../../test/factories.ts';

const DAY = 86_400_000;

describe(`restrictions that hold (${process.env.TEST_DB})`, () => {
  const clock = new ManualClock('2026-11-23T12:00:00.000Z');
  const { t, admin } = useTestAppWithAdmin({ SEED_CATALOGUE: 'false' }, { clock });

  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const restrict = (userId: string, body: Record<string, unknown>, as: TestUser = admin) =>
    inject('POST', `/api/admin/users/${userId}/restrictions`, as.auth, body);
  const auditCount = async () => Number((await t.app.db.select({ n: count() }).from(auditLog))[0]!.n);

  async function newReward(price = 100) {
    const res = await inject('POST', '/api/admin/rewards', admin.auth, { name: `R ${Math.random()}`, description: 'x', category: 'bonuses', price });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().reward.id as string;
  }
  async function newRaffle(pointsCost = 10) {
    const now = clock.now().getTime();
    const res = await inject('POST', '/api/admin/raffles', admin.auth, {
      title: `Raffle ${Math.random()}`,
      prize: '$10',
      pointsCost,
      startDate: new Date(now - DAY).toISOString(),
      endDate: new Date(now + 90 * DAY).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().raffle.id as string;
  }
  const redeem = (user: TestUser, rewardId: string) => inject('POST', `/api/store/rewards/${rewardId}/redeem`, user.auth);
  const enter = (user: TestUser, raffleId: string) => inject('POST', `/api/raffles/${raffleId}/enter`, user.auth);
  const profileRestrictions = async (user: TestUser) => (await inject('GET', '/api/profile', user.auth)).json().profile.restrictions;

  it('a Points Store ban: redeeming is 403 RESTRICTED and costs nothing, entering a raffle still works', async () => {
    const user = await makeUser(t.app, { points: 1000 });
    const res = await restrict(user.id, { kind: 'ban_points_store' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().restriction).toMatchObject({
      kind: 'ban_points_store',
      label: 'Points Store Ban',
      expiresAt: null,
      active: true,
      createdBy: { id: admin.id },
    });
    const refused = await redeem(user, await newReward());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ ok: false, code: 'RESTRICTED' });
    expect(refused.json().error).toMatch(/Points Store/);
    expect(await pointsOf(t.app, user.id)).toBe(1000);
    const entered = await enter(user, await newRaffle(10));
    expect(entered.statusCode, entered.body).toBe(201);
    expect(await pointsOf(t.app, user.id)).toBe(990);
    expect(await profileRestrictions(user)).toEqual([{ kind: 'ban_points_store', label: 'Points Store Ban', expiresAt: null }]);
  });

  it('a Raffle ban: entering is 403, redeeming still works', async () => {
    const user = await makeUser(t.app, { points: 1000 });
    expect((await restrict(user.id, { kind: 'ban_raffle', days: 7 })).statusCode).toBe(201);
    const refused = await enter(user, await newRaffle(10));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'RESTRICTED' });
    expect((await redeem(user, await newReward(100))).statusCode).toBe(201);
    expect(await pointsOf(t.app, user.id)).toBe(900);
  });

  it('a timeout refuses both until it expires (test clock), then both are allowed; the profile says until when', async () => {
    const user = await makeUser(t.app, { points: 1000 });
    const [rewardId, raffleId] = [await newReward(100), await newRaffle(10)];
    const applied = await restrict(user.id, { kind: 'timeout', days: 1, reason: 'spam' });
    expect(applied.statusCode).toBe(201);
    const expiresAt = new Date(clock.now().getTime() + DAY).toISOString();
    expect(applied.json().restriction).toMatchObject({ kind: 'timeout', days: 1, expiresAt, reason: 'spam' });
    expect(await profileRestrictions(user)).toEqual([{ kind: 'timeout', label: 'Timeout', expiresAt }]);
    const list = await inject('GET', `/api/admin/users?q=${user.username}`, admin.auth);
    expect(list.json().users[0]).toMatchObject({ id: user.id, status: 'Timeout' });

    expect((await redeem(user, rewardId)).json()).toMatchObject({ code: 'RESTRICTED' });
    expect((await enter(user, raffleId)).json()).toMatchObject({ code: 'RESTRICTED' });
    clock.advance(DAY - 1000);
    expect((await redeem(user, rewardId)).statusCode).toBe(403);
    expect((await enter(user, raffleId)).statusCode).toBe(403);
    expect(await pointsOf(t.app, user.id)).toBe(1000);

    clock.advance(1000);
    expect((await redeem(user, rewardId)).statusCode).toBe(201);
    expect((await enter(user, raffleId)).statusCode).toBe(201);
    expect(await pointsOf(t.app, user.id)).toBe(890);
    expect(await profileRestrictions(user)).toEqual([]);
    const detail = await inject('GET', `/api/admin/users/${user.id}`, admin.auth);
    expect(detail.json().user).toMatchObject({ status: 'Active' });
    expect(detail.json().user.restrictions[0]).toMatchObject({ kind: 'timeout', active: false });
  });

  it('removing a restriction lifts it at once (one audit row); removing it again is 409', async () => {
    const user = await makeUser(t.app, { points: 500 });
    const rewardId = await newReward(100);
    const rid = (await restrict(user.id, { kind: 'timeout', days: 30 })).json().restriction.id as string;
    expect((await redeem(user, rewardId)).statusCode).toBe(403);
    const before = await auditCount();
    const removed = await inject('DELETE', `/api/admin/users/${user.id}/restrictions/${rid}`, admin.auth);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().restriction).toMatchObject({ id: rid, active: false });
    expect(await auditCount()).toBe(before + 1);
    expect((await redeem(user, rewardId)).statusCode).toBe(201);
    expect((await inject('DELETE', `/api/admin/users/${user.id}/restrictions/${rid}`, admin.auth)).statusCode).toBe(409);
    const other = await makeUser(t.app);
    expect((await inject('DELETE', `/api/admin/users/${other.id}/restrictions/${rid}`, admin.auth)).statusCode).toBe(404);
  });

  it('a permanent ban ends the sessions at once: refresh fails, login is refused with a clear message, calls are refused', async () => {
    const u = await registerUser(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.9.8.7',
      headers: { 'user-agent': 'BanTest/1.0' },
      payload: { email: u.email, password: GOOD_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const access = login.json().tokens.access as string;

    const res = await restrict(u.user.id, { kind: 'ban_permanent', reason: 'fraud' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().restriction).toMatchObject({ kind: 'ban_permanent', expiresAt: null });
    const live = await t.app.db.select().from(refreshTokens).where(eq(refreshTokens.userId, u.user.id));
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((r) => r.revokedAt !== null)).toBe(true);

    const refreshed = await refresh(t.app, u.refresh);
    expect(refreshed.statusCode).toBe(403);
    expect(refreshed.json()).toMatchObject({ ok: false, code: 'ACCOUNT_BANNED' });
    expect(refreshed.json().error).toMatch(/banned/);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.9.8.7',
      payload: { email: u.email, password: GOOD_PASSWORD },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'ACCOUNT_BANNED' });
    expect(again.cookies.find((c) => c.name === 'refresh_token')).toBeUndefined();
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.9.8.6',
      payload: { email: u.email, password: 'Wrong-Password-1' },
    });
    expect(wrong.statusCode).toBe(401);

    const me = await t.app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${access}` } });
    expect(me.statusCode).toBe(403);
    expect(me.json()).toMatchObject({ code: 'ACCOUNT_BANNED' });
    const ledger = await t.app.inject({ method: 'GET', url: '/api/points/ledger', headers: { authorization: `Bearer ${access}` } });
    expect(ledger.statusCode).toBe(403);
    // The signed-in user's own call too, while the access token has not expired yet.
    const own = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${access}` } });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ ok: false, code: 'ACCOUNT_BANNED' });

    const detail = (await inject('GET', `/api/admin/users/${u.user.id}`, admin.auth)).json().user;
    expect(detail.status).toBe('Banned');
    const activity = (await inject('GET', `/api/admin/users/${u.user.id}/activity?type=sign_in`, admin.auth)).json();
    expect(activity.items[0]).toMatchObject({ type: 'sign_in', ipAddress: '10.9.8.6', metadata: { success: false } });
    expect(activity.items.some((i: { ipAddress: string; userAgent: string }) => i.ipAddress === '10.9.8.7' && i.userAgent === 'BanTest/1.0')).toBe(true);

    // Lifting the ban lets the user sign in again.
    const rid = res.json().restriction.id as string;
    expect((await inject('DELETE', `/api/admin/users/${u.user.id}/restrictions/${rid}`, admin.auth)).statusCode).toBe(200);
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.9.8.5',
      payload: { email: u.email, password: GOOD_PASSWORD },
    });
    expect(back.statusCode).toBe(200);
    expect(ORIGIN).toBe('http://localhost:3000');
  });

  it('an admin cannot restrict themselves or another admin; bad input is 400; nothing is written', async () => {
    const other = await makeUser(t.app, { admin: true, prefix: 'adm' });
    const user = await makeUser(t.app);
    const [restrictionsBefore, auditBefore] = [Number((await t.app.db.select({ n: count() }).from(userRestrictions))[0]!.n), await auditCount()];
    const self = await restrict(admin.id, { kind: 'timeout', days: 1 });
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({ ok: false, code: 'CANNOT_RESTRICT_ADMIN' });
    expect((await restrict(other.id, { kind: 'ban_permanent' })).statusCode).toBe(403);
    expect((await restrict('00000000-0000-4000-8000-000000000000', { kind: 'ban_chat' })).statusCode).toBe(404);
    for (const body of [
      { kind: 'timeout' },
      { kind: 'timeout', days: 5 },
      { kind: 'timeout', days: '7' },
      { kind: 'ban_permanent', days: 7 },
      { kind: 'ban_everything' },
      { kind: 'ban_chat', extra: true },
      {},
    ]) {
      const res = await restrict(user.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    }
    expect(Number((await t.app.db.select({ n: count() }).from(userRestrictions))[0]!.n)).toBe(restrictionsBefore);
    expect(await auditCount()).toBe(auditBefore);
  });
});
